package io.pais.ml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.accounting.Relation;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.MinMaxScaler;
import org.apache.spark.ml.feature.OneHotEncoder;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.ml.feature.StringIndexerModel;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@link PrivatePipeline}: the refusal of stages fitted on the data without privacy, and the composed report. */
@ExtendWith(SharedSparkSession.class)
class PrivatePipelineTest {
  private static final String[] FEATURES = {"x1", "x2", "x3", "x4", "x5"};

  private static VectorAssembler assembler() {
    return new VectorAssembler().setInputCols(FEATURES).setOutputCol("raw");
  }

  private static PrivateKMeans kmeans() {
    return new PrivateKMeans().setK(4).setBounds("-4:4").setEpsilon(1).setSeed(5);
  }

  private static PrivateStandardScaler scaler() {
    return new PrivateStandardScaler().setInputCol("raw").setOutputCol("features").setBounds("-20:20")
        .setEpsilon(0.5).setWithMean(true).setSeed(6);
  }

  private static String refusal(SparkSession spark, PipelineStage... stages) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PrivatePipeline().setStages(stages).fit(Fixtures.blobs(spark)));
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e.getMessage();
  }

  @Test
  void stagesFittedOnTheDataWithoutPrivacyAreRefusedByNameWithTheirAlternative(SparkSession spark) {
    String standard = refusal(spark, assembler(), new StandardScaler("scaler_1").setInputCol("raw")
        .setOutputCol("features"), kmeans());
    assertEquals("PrivatePipeline: stage 2 (StandardScaler scaler_1) would be fitted on the data without privacy and "
        + "its model would hold exact statistics of it; use PrivateStandardScaler (DP means and deviations from "
        + "public bounds) or BoxScaler (a public box, no epsilon)", standard);
    String minMax = refusal(spark, assembler(), new MinMaxScaler().setInputCol("raw").setOutputCol("features"),
        kmeans());
    assertTrue(minMax.contains("stage 2 (MinMaxScaler") && minMax.contains("use BoxScaler"), minMax);
    String encoder = refusal(spark, new OneHotEncoder().setInputCol("label").setOutputCol("onehot"), assembler(),
        kmeans());
    assertTrue(encoder.contains("stage 1 (OneHotEncoder") && encoder.contains("declareFittedOnPublicData"), encoder);
    // nested: the inner pipeline's stage is named through it
    String nested = refusal(spark, new Pipeline().setStages(new PipelineStage[] {assembler(),
        new StandardScaler().setInputCol("raw").setOutputCol("features")}), kmeans());
    assertTrue(nested.contains("stage 1 (Pipeline") && nested.contains(", stage 2 (StandardScaler"), nested);
    // model selection by exact scores on the data
    String tuning = refusal(spark, assembler(), new org.apache.spark.ml.tuning.CrossValidator()
        .setEstimator(kmeans()).setEvaluator(new org.apache.spark.ml.evaluation.ClusteringEvaluator())
        .setEstimatorParamMaps(new org.apache.spark.ml.tuning.ParamGridBuilder().build()));
    assertTrue(tuning.contains("stage 2 (CrossValidator") && tuning.contains("kCandidates"), tuning);
    // paper mode is not private end to end
    String paper = refusal(spark, assembler(), new PrivateKMeans().setFeaturesCol("raw").setPrivacyMode("paper"));
    assertTrue(paper.contains("privacyMode = paper"), paper);
  }

  @Test
  void aModelFittedElsewhereIsAcceptedOnlyWhenDeclaredPublic(SparkSession spark) {
    Dataset<Row> data = Fixtures.blobs(spark).withColumn("group",
        functions.when(functions.col("label").equalTo(0), "a").otherwise("b"));
    // labels from a public list, not from the data
    StringIndexerModel indexer = new StringIndexerModel(new String[] {"a", "b"}).setInputCol("group")
        .setOutputCol("groupIndex");
    VectorAssembler withGroup = new VectorAssembler().setInputCols(new String[] {"x1", "x2", "x3", "x4", "x5",
        "groupIndex"}).setOutputCol("raw");
    PrivateKMeans kmeans = new PrivateKMeans().setK(4).setFeaturesCol("raw").setBounds("-15:15").setEpsilon(1)
        .setSeed(2);
    PipelineStage[] stages = {indexer, withGroup, kmeans};
    IllegalArgumentException undeclared = assertThrows(IllegalArgumentException.class,
        () -> new PrivatePipeline().setStages(stages).fit(data));
    assertTrue(undeclared.getMessage().contains("stage 1 (StringIndexerModel") && undeclared.getMessage()
        .contains("is a fitted model"), undeclared.getMessage());
    PipelineModel fitted = new PrivatePipeline().setStages(stages).declareFittedOnPublicData(indexer).fit(data);
    assertEquals(6, ((PrivateKMeansModel) fitted.stages()[2]).privacyReport().dimension());
  }

  @Test
  void thePrivateStagesFitAndTheirGuaranteesComposeIntoOneReport(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Dataset<Row> data = Fixtures.blobs(spark);
    PrivatePipeline pipeline = new PrivatePipeline().setStages(new PipelineStage[] {assembler(), scaler(),
        kmeans()});
    PipelineModel fitted = pipeline.fit(data);
    PipelineReport report = PrivatePipeline.privacyReport(fitted);
    assertEquals(1.5, report.epsilon(), 1e-15);
    assertEquals(0, report.delta());
    assertEquals(Relation.ADD_REMOVE, report.relation());
    assertEquals(List.of("PrivateStandardScalerModel", "PrivateKMeansModel"),
        report.parts().stream().map(PipelineReport.Part::stage).toList());
    JsonNode json = new ObjectMapper().readTree(PrivatePipeline.privacyReportJson(fitted));
    assertEquals(1.5, json.get("epsilon").asDouble());
    assertEquals(0.5, json.get("stages").get(0).get("report").get("epsilon").asDouble());

    // the fitted model is Spark's PipelineModel: it saves and loads as one, and so does the pipeline itself
    String modelDir = tmp.resolve("model").toString();
    fitted.write().save(modelDir);
    PipelineModel reloaded = PipelineModel.load(modelDir);
    assertEquals(report.epsilon(), PrivatePipeline.privacyReport(reloaded).epsilon());
    assertEquals(fitted.transform(data).select("prediction").collectAsList(),
        reloaded.transform(data).select("prediction").collectAsList());
    String pipelineDir = tmp.resolve("pipeline").toString();
    PrivatePipeline declared = pipeline.copy(new org.apache.spark.ml.param.ParamMap())
        .declareFittedOnPublicData(assembler());
    declared.write().save(pipelineDir);
    PrivatePipeline loaded = PrivatePipeline.load(pipelineDir);
    assertEquals(3, loaded.getStages().length);
    assertArrayEquals(declared.getPublicStages(), loaded.getPublicStages());
    assertEquals(1.5, PrivatePipeline.privacyReport(loaded.fit(data)).epsilon(), 1e-15);

    // a model with no private stage has no guarantee to report
    PipelineModel plain = new Pipeline().setStages(new PipelineStage[] {assembler()}).fit(data);
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> PrivatePipeline.privacyReport(plain));
    assertTrue(none.getMessage().contains("no private stage"), none.getMessage());
  }

  @Test
  void aSubstitutionStageMakesTheWholeASubstitutionGuaranteeWithTheAddRemoveStagesDoubled() {
    PipelineReport report = PipelineReport.compose(List.of(
        new PipelineReport.Part("a", "PrivateStandardScalerModel", 0.5, 0, Relation.ADD_REMOVE, "{}"),
        new PipelineReport.Part("b", "PrivateKMeansModel", 1, 1e-6, Relation.SUBSTITUTION, "{}")));
    assertEquals(Relation.SUBSTITUTION, report.relation());
    assertEquals(2.0, report.epsilon(), 1e-15);
    assertEquals(1e-6, report.delta(), 1e-18);
  }
}
