package io.pais.ml;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.InitShare;
import io.pais.accounting.PrivacyReport;
import io.pais.budget.ReleaseClaim;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Defaults;
import io.pais.clustering.ArrivalSampling;
import io.pais.stream.FrameInput;
import io.pais.stream.StreamOptions;
import io.pais.stream.StreamRequest;
import io.pais.stream.StreamRun;
import io.pais.stream.WindowReleases;
import org.apache.spark.sql.streaming.StreamingQuery;
import io.pais.settings.Vocabulary;
import io.pais.settings.Outliers;
import io.pais.settings.PrivacyMode;
import io.pais.settings.OffsetClip;
import io.pais.settings.SampleSize;
import io.pais.settings.Setting;
import io.pais.settings.SampleSizeRule;
import io.pais.settings.Iterations;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.privacy.BaseNoise;
import io.pais.settings.Preprocessing;
import io.pais.clustering.ReleaseInput;
import io.pais.clustering.PrivateKMeansRelease;
import io.pais.clustering.StageListener;
import io.pais.io.FailFast;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.io.ReleaseConfiguration;
import io.pais.settings.GeometryChoice;
import io.pais.sampling.Sampler;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Differentially private k-means as a Spark ML Estimator: importance-sampled weighted DP-Lloyd on the features
 * column, through the same engine as the {@code pais} job. The fitted {@link PrivateKMeansModel} carries the
 * privacy report of the release.
 */
public final class PrivateKMeans extends Estimator<PrivateKMeansModel>
    implements PrivateKMeansParams, DefaultParamsWritable {
  /** The params Spark finds through their accessors, and the plain settings' params (made from their Setting). */
  @Override
  public org.apache.spark.ml.param.Param<?>[] params() {
    return paramSet().withPlain(super.params());
  }

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(PrivateKMeans.class);

  private final String uid;
  private final PrivateKMeansParamSet params;

  public PrivateKMeans() {
    this(Identifiable.randomUID("privateKMeans"));
  }

  public PrivateKMeans(String uid) {
    this.uid = uid;
    this.params = new PrivateKMeansParamSet(this);
    params.setDefaults(this);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public PrivateKMeansParamSet paramSet() {
    return params;
  }

  public PrivateKMeans setK(int value) {
    set(k(), value);
    return this;
  }

  public PrivateKMeans setMaxIter(int value) {
    set(maxIter(), value);
    return this;
  }

  public PrivateKMeans setSeed(long value) {
    set(seed(), value);
    return this;
  }

  public PrivateKMeans setFeaturesCol(String value) {
    set(featuresCol(), value);
    return this;
  }

  public PrivateKMeans setPredictionCol(String value) {
    set(predictionCol(), value);
    return this;
  }

  public PrivateKMeans setEpsilon(double value) {
    set(epsilon(), value);
    return this;
  }

  public PrivateKMeans setSampler(String value) {
    set(sampler(), value);
    return this;
  }

  public PrivateKMeans setSampleSize(double value) {
    set(sampleSize(), value);
    return this;
  }

  public PrivateKMeans setLambda(double value) {
    set(paramSet().plain(Setting.LAMBDA), value);
    return this;
  }

  public PrivateKMeans setGeometry(String value) {
    set(geometry(), value);
    return this;
  }

  public PrivateKMeans setNormBound(double value) {
    set(normBound(), value);
    return this;
  }

  public PrivateKMeans setCenter(double[] value) {
    set(center(), value);
    return this;
  }

  public PrivateKMeans setPreprocessing(String value) {
    set(preprocessing(), value);
    return this;
  }

  /** strict (default: end-to-end private, needs {@link #setClipRadius}) or paper. */
  public PrivateKMeans setPrivacyMode(String value) {
    set(privacyMode(), value);
    return this;
  }

  public PrivateKMeans setClipRadius(double value) {
    set(clipRadius(), value);
    return this;
  }

  public PrivateKMeans setOrigin(double[] value) {
    set(origin(), value);
    return this;
  }

  /**
   * Strict: spend each fit's (ε, δ) from the budget ledger at {@code path} (made by {@code pais-budget create}): the
   * fit claims it before it reads data and is refused when it does not fit what remains.
   */
  public PrivateKMeans setBudgetLedger(String path) {
    set(budgetLedger(), path);
    return this;
  }

  /**
   * Accept a budget ledger on a file system without atomic rename (object stores), where racing fits could both
   * claim the last of the budget; refused otherwise. The claim records it.
   */
  public PrivateKMeans setAllowNonAtomicRename(boolean value) {
    set(allowNonAtomicRename(), value);
    return this;
  }

  /** Strict, instead of a clip radius: public per-coordinate bounds ({@code lo:hi} or one pair per coordinate). */
  public PrivateKMeans setBounds(String value) {
    set(bounds(), value);
    return this;
  }

  public PrivateKMeans setNormQuantile(double value) {
    set(paramSet().plain(Setting.NORM_QUANTILE), value);
    return this;
  }

  public PrivateKMeans setTailRadius(boolean value) {
    set(paramSet().plain(Setting.TAIL_RADIUS), value);
    return this;
  }

  public PrivateKMeans setOutliers(String value) {
    set(outliers(), value);
    return this;
  }

  public PrivateKMeans setBudgetCentre(double value) {
    set(paramSet().plain(Setting.BUDGET_CENTRE), value);
    return this;
  }

  public PrivateKMeans setBudgetHistogram(double value) {
    set(paramSet().plain(Setting.BUDGET_HISTOGRAM), value);
    return this;
  }

  /** The private coreset's share of ε (strict); unset, auto chooses it once n̂ is known. */
  public PrivateKMeans setBudgetInit(double value) {
    set(budgetInit(), value);
    return this;
  }

  /** Candidates for k to choose from privately (strict); {@code k} is then not used. */
  public PrivateKMeans setKCandidates(int[] values) {
    set(kCandidates(), values);
    return this;
  }

  public PrivateKMeans setBudgetKSelection(double value) {
    set(paramSet().plain(Setting.BUDGET_K_SELECTION), value);
    return this;
  }

  public PrivateKMeans setBudgetSummary(double value) {
    set(paramSet().plain(Setting.BUDGET_SUMMARY), value);
    return this;
  }

  public PrivateKMeans setCoresetSampleSize(int value) {
    set(paramSet().plain(Setting.CORESET_SAMPLE_SIZE), value);
    return this;
  }

  public PrivateKMeans setInitMode(String value) {
    set(initMode(), value);
    return this;
  }

  public PrivateKMeans setOffsetClip(String value) {
    set(offsetClip(), value);
    return this;
  }

  public PrivateKMeans setGuards(boolean value) {
    set(paramSet().plain(Setting.GUARDS), value);
    return this;
  }

  public PrivateKMeans setMinNoisyCount(double value) {
    set(paramSet().plain(Setting.MIN_NOISY_COUNT), value);
    return this;
  }

  public PrivateKMeans setStage1Size(double value) {
    set(stage1Size(), value);
    return this;
  }

  public PrivateKMeans setStage1Cached(boolean value) {
    set(paramSet().plain(Setting.STAGE1_CACHED), value);
    return this;
  }

  public PrivateKMeans setNoise(String value) {
    set(noise(), value);
    return this;
  }

  /**
   * The size of the feature vectors, a public input; 0 (default): from the column's ML metadata when it lists one
   * attribute per scalar column of the frame (strict releases refuse any other size there).
   */
  public PrivateKMeans setDimension(int value) {
    set(dimension(), value);
    return this;
  }

  public PrivateKMeans setDelta(double value) {
    set(paramSet().plain(Setting.DELTA), value);
    return this;
  }

  @Override
  public PrivateKMeansModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    KMeansSettings settings = settings();
    // every check that depends only on the params and the schema runs before the budget is claimed
    Points points = PointReader.vectors(dataset.toDF(), getFeaturesCol(), getDimension(),
        "column '" + getFeaturesCol() + "'");
    ReleaseInput.requireUsable(settings, points);
    ReleaseClaim claim = claim(settings, dataset);
    PrivacyReport report;
    ClusteringResult result;
    try (FailFast failFast = FailFast.watch(dataset.sparkSession().sparkContext())) {
      result = PrivateKMeansRelease.fit(settings, points, LOG::info, StageListener.NONE, false);
      report = claim == null ? result.report() : claim.cover(result.report());
    } catch (Throwable e) { // Spark's SparkException is checked, thrown undeclared
      if (claim == null) {
        throw e;
      }
      throw claim.failed(e);
    }
    if (claim != null) {
      claim.recordRelease("model " + uid, report);
    }
    PrivateKMeansModel model = new PrivateKMeansModel(uid, result.centres(), report);
    return copyValues(model, ParamMap.empty()).setParent(this);
  }

  /**
   * Starts a stream of releases, one per event-time window of streaming {@code stream}, each published as
   * {@code OUTPUT/window=START_END} as the job's {@code --stream} publishes it (docs/guide/streams.md).
   */
  public StreamingQuery fitStream(Dataset<?> stream, StreamOptions options) {
    KMeansSettings settings = settings();
    ArrivalSampling.requirePublicPlan(settings, Vocabulary.PARAMS, "fitStream");
    FrameInput input = new FrameInput(stream.toDF(), getFeaturesCol(), options.eventTimeCol(), options.keyCol(),
        options.userCol(), getDimension());
    return StreamRun.start(stream.sparkSession(), new StreamRequest(settings, getDimension(), input, options.grid(),
        options.checkpoint(), options.output(), java.util.List.of(), options.trigger(), options.recordsPerUser(),
        isDefined(budgetLedger()) ? $(budgetLedger()) : null, getAllowNonAtomicRename(),
        ReleaseConfiguration.of(settings)), LOG::info, StageListener.NONE, WindowReleases.NONE).query();
  }

  /**
   * The fit's claim on its budget ledger (null without one), taken once the params and the schema are checked and
   * marked reading at once: the fit reads its data next, so from here on the claim stays spent.
   */
  private ReleaseClaim claim(KMeansSettings settings, Dataset<?> dataset) {
    if (!isDefined(budgetLedger())) {
      return null;
    }
    ObjectNode details = JsonNodeFactory.instance.objectNode();
    details.put("release", "model " + uid);
    details.put("featuresCol", getFeaturesCol());
    details.set("configuration", ReleaseConfiguration.of(settings));
    if (getAllowNonAtomicRename()) {
      details.put("allowNonAtomicRename", true);
    }
    ReleaseClaim claim = ReleaseClaim.take($(budgetLedger()), "budgetLedger", settings,
        dataset.sparkSession().sparkContext().hadoopConfiguration(), details, getAllowNonAtomicRename());
    claim.startReading();
    return claim;
  }

  /** The params as settings: every rule between them is checked by the settings' builder, in the params' names. */
  KMeansSettings settings() {
    return KMeansSettings.builder(Vocabulary.PARAMS)
        .k(getK()).kCandidates(isDefined(kCandidates()) ? java.util.Arrays.stream($(kCandidates())).boxed().toList()
            : java.util.List.of()).values(paramSet().values(this))
        .iterations(Iterations.ofMaxIter(getMaxIter())).offsetClip(OffsetClip.parse("offsetClip", getOffsetClip()))
        .epsilon(getEpsilon())
        .geometry(GeometryChoice.parse(getGeometry())).initialisation(Initialisation.parse(getInitMode()))
        .sampler(Sampler.parse(getSampler())).sampleSize(isDefined(sampleSize())
            ? SampleSizeRule.given(SampleSize.of("sampleSize", getSampleSize())) : Defaults.SAMPLE_SIZE)
        .stage1Size(isDefined(stage1Size()) ? SampleSize.of("stage1Size", (Double) $(stage1Size())) : null)
        .noise(BaseNoise.parse(getNoise()))
        .privacy(PrivacyMode.Kind.parse(getPrivacyMode()))
        .preprocessing(isSet(preprocessing()) ? Preprocessing.parse(getPreprocessing()) : null)
        .clipRadius(isDefined(clipRadius()) ? (Double) $(clipRadius()) : null)
        .origin(isDefined(origin()) ? $(origin()) : null)
        .bounds(isDefined(bounds()) ? CoordinateBounds.parse($(bounds())) : null)
        .outliers(Outliers.parse(getOutliers()))
        .initShare(isDefined(budgetInit()) ? InitShare.fixed(getBudgetInit()) : Defaults.INIT_SHARE)
        .normBound(isDefined(normBound()) ? (Double) $(normBound()) : null)
        .centre(isDefined(center()) ? $(center()) : null)
        .seed(getSeedOrNull())
        .build();
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return SchemaChecks.withPrediction(schema, getFeaturesCol(), getPredictionCol());
  }

  @Override
  public PrivateKMeans copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  public static MLReader<PrivateKMeans> read() {
    return new DefaultParamsReader<>();
  }

  public static PrivateKMeans load(String path) {
    return read().load(path);
  }
}
