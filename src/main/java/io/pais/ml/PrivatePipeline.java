package io.pais.ml;

import io.pais.settings.PrivacyMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import scala.Tuple2;

/**
 * A Pipeline whose {@code fit} refuses, in one line and before it reads anything, every stage that would put exact
 * statistics of the data into the fitted model: an Estimator other than the pais ones (StandardScaler, MinMaxScaler,
 * StringIndexer, OneHotEncoder, PCA, …: fitted on the data, its model holds exact means, ranges, categories or
 * components), a {@link PrivateKMeans} in paper mode (not private end to end), and a fitted Model passed in as a
 * stage unless it is declared fitted elsewhere on public data ({@link #declareFittedOnPublicData}). Transformers that
 * are functions of their params alone (VectorAssembler, Tokenizer, HashingTF, Normalizer, SQLTransformer, …) pass.
 * {@link #privacyReport(PipelineModel)} composes the private stages' guarantees into one.
 *
 * <p>What it cannot check: what a declared model was fitted on, what a SQLTransformer's statement reads (a
 * statement over the whole table, such as a window or an aggregate, is a statistic of the data), and anything done to
 * the data before the pipeline. A plain {@code Pipeline} checks none of this.
 */
public final class PrivatePipeline extends Pipeline {
  private static final long serialVersionUID = 1L;

  /** The pais stages that read data only through DP mechanisms, or not at all. */
  private static final Set<Class<?>> PRIVATE = Set.of(PrivateKMeans.class, PrivateKMeansModel.class,
      PrivateStandardScaler.class, PrivateStandardScalerModel.class, BoxScaler.class);

  /** Spark's stages fitted on the data, with their private alternatives. */
  private static final Map<String, String> ALTERNATIVES = Map.of(
      "StandardScaler", "use PrivateStandardScaler (DP means and deviations from public bounds) or BoxScaler (a "
          + "public box, no epsilon)",
      "MinMaxScaler", "use BoxScaler (a public box, no epsilon) or PrivateStandardScaler",
      "MaxAbsScaler", "use BoxScaler (a public box, no epsilon) or PrivateStandardScaler",
      "RobustScaler", "use BoxScaler (a public box, no epsilon) or PrivateStandardScaler",
      "KMeans", "use PrivateKMeans",
      "BisectingKMeans", "use PrivateKMeans",
      "GaussianMixture", "use PrivateKMeans",
      "CrossValidator", "it picks among models by their exact scores on the data; choose k privately with "
          + "PrivateKMeans's kCandidates",
      "TrainValidationSplit", "it picks among models by their exact scores on the data; choose k privately with "
          + "PrivateKMeans's kCandidates");
  private static final String FIT_ELSEWHERE = "fit it outside this pipeline on public data (for example the public "
      + "list of categories) and pass its model, declared with declareFittedOnPublicData";

  private final StringArrayParam publicStages;

  public PrivatePipeline() {
    this(Identifiable.randomUID("privatePipeline"));
  }

  public PrivatePipeline(String uid) {
    super(uid);
    publicStages = new StringArrayParam(this, "publicStages", "the uids of fitted models declared fitted elsewhere "
        + "on public data (declareFittedOnPublicData)");
    setDefault(publicStages, new String[0]);
  }

  public StringArrayParam publicStages() {
    return publicStages;
  }

  public String[] getPublicStages() {
    return $(publicStages);
  }

  @Override
  public PrivatePipeline setStages(PipelineStage[] value) {
    super.setStages(value);
    return this;
  }

  public PrivatePipeline setPublicStages(String[] uids) {
    set(publicStages, uids.clone());
    return this;
  }

  /**
   * Declares fitted models (for example a StringIndexerModel made from a public list of labels) as fitted elsewhere
   * on public data: the pipeline then accepts them. The declaration is the user's; nothing can check it.
   */
  public PrivatePipeline declareFittedOnPublicData(PipelineStage... models) {
    Set<String> uids = new LinkedHashSet<>(Arrays.asList(getPublicStages()));
    for (PipelineStage m : models) {
      uids.add(m.uid());
    }
    return setPublicStages(uids.toArray(String[]::new));
  }

  @Override
  public PipelineModel fit(Dataset<?> dataset) {
    check();
    return super.fit(dataset);
  }

  /** What {@code fit} checks first, alone (the Python API's PrivatePipeline calls it before fitting). */
  public void check() {
    requireNoExactStatistics(getStages(), Set.of(getPublicStages()), "");
  }

  /** Refuses the first stage that would put exact statistics of the data into the model. */
  static void requireNoExactStatistics(PipelineStage[] stages, Set<String> declaredPublic, String within) {
    for (int i = 0; i < stages.length; i++) {
      PipelineStage stage = stages[i];
      String where = within + "stage " + (i + 1) + " (" + stage.getClass().getSimpleName() + " " + stage.uid() + ")";
      if (declaredPublic.contains(stage.uid())) {
        continue;
      }
      if (stage instanceof Pipeline nested) {
        requireNoExactStatistics(nested.getStages(), declaredPublic, where + ", ");
      } else if (stage instanceof PipelineModel nested) {
        requireNoExactStatistics(nested.stages(), declaredPublic, where + ", ");
      } else if (stage instanceof PrivateKMeans kmeans
          && PrivacyMode.Kind.parse(kmeans.getPrivacyMode()) != PrivacyMode.Kind.STRICT) {
        throw new IllegalArgumentException("PrivatePipeline: " + where + " has privacyMode = paper, which is not "
            + "private end to end; use privacyMode strict");
      } else if (PRIVATE.contains(stage.getClass())) {
        continue;
      } else if (stage instanceof Estimator) {
        throw new IllegalArgumentException("PrivatePipeline: " + where + " would be fitted on the data without "
            + "privacy and its model would hold exact statistics of it; " + ALTERNATIVES.getOrDefault(
                stage.getClass().getSimpleName(), FIT_ELSEWHERE));
      } else if (stage instanceof Model) {
        throw new IllegalArgumentException("PrivatePipeline: " + where + " is a fitted model: fitted on this data it "
            + "holds exact statistics of it; if it was fitted on public data, say so with "
            + "declareFittedOnPublicData");
      }
    }
  }

  /**
   * The guarantee of a fitted pipeline's private stages together (nested pipeline models included), each with its
   * own report. Refused when the model holds none.
   */
  public static PipelineReport privacyReport(PipelineModel model) {
    List<PipelineReport.Part> parts = new ArrayList<>();
    collect(model.stages(), parts);
    return PipelineReport.compose(parts);
  }

  private static void collect(Transformer[] stages, List<PipelineReport.Part> parts) {
    for (Transformer stage : stages) {
      if (stage instanceof PipelineModel nested) {
        collect(nested.stages(), parts);
      } else if (stage instanceof PrivateKMeansModel kmeans) {
        var r = kmeans.privacyReport();
        parts.add(new PipelineReport.Part(stage.uid(), "PrivateKMeansModel", r.epsilon(), r.delta(), r.relation(),
            kmeans.privacyReportJson()));
      } else if (stage instanceof PrivateStandardScalerModel scaler) {
        var r = scaler.privacyReport();
        parts.add(new PipelineReport.Part(stage.uid(), "PrivateStandardScalerModel", r.epsilon(), r.delta(),
            r.relation(), scaler.privacyReportJson()));
      }
    }
  }

  /** The composed report as JSON text (what the Python API reads). */
  public static String privacyReportJson(PipelineModel model) {
    return privacyReport(model).toJson();
  }

  @Override
  public PrivatePipeline copy(ParamMap extra) {
    ParamMap map = extractParamMap(extra);
    PipelineStage[] stages = getStages();
    PipelineStage[] copied = new PipelineStage[stages.length];
    for (int i = 0; i < stages.length; i++) {
      copied[i] = stages[i].copy(extra);
    }
    return new PrivatePipeline(uid()).setStages(copied).setPublicStages(map.apply(publicStages));
  }

  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  /** A reader of saved PrivatePipelines (typed as Spark's, whose static read() this one hides). */
  public static MLReader<Pipeline> read() {
    return new Reader();
  }

  public static PrivatePipeline load(String path) {
    return (PrivatePipeline) read().load(path);
  }

  /** Spark's own layout for a pipeline (metadata and stages/), and the declared public stages beside it. */
  private static final class Writer extends MLWriter {
    private final PrivatePipeline pipeline;

    Writer(PrivatePipeline pipeline) {
      this.pipeline = pipeline;
    }

    @Override
    public void saveImpl(String path) {
      Pipeline.SharedReadWrite$.MODULE$.validateStages(pipeline.getStages());
      Pipeline.SharedReadWrite$.MODULE$.saveImpl(pipeline, pipeline.getStages(), sparkSession().sparkContext(), path);
      sparkSession().createDataset(Arrays.asList(pipeline.getPublicStages()), Encoders.STRING()).repartition(1)
          .write().text(new Path(path, "publicStages").toString());
    }
  }

  private static final class Reader extends MLReader<Pipeline> {
    @Override
    public Pipeline load(String path) {
      Tuple2<String, PipelineStage[]> loaded = Pipeline.SharedReadWrite$.MODULE$.load(PrivatePipeline.class.getName(),
          sparkSession().sparkContext(), path);
      List<String> declared = sparkSession().read().text(new Path(path, "publicStages").toString())
          .as(Encoders.STRING()).collectAsList();
      return new PrivatePipeline(loaded._1()).setStages(loaded._2()).setPublicStages(declared.toArray(String[]::new));
    }
  }
}
