package io.pais.ml;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.PrivacyReport;
import io.pais.settings.Defaults;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Vocabulary;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedSparkSession.class)
class PrivateKMeansTest {
  static final String BLOBS_PARQUET = Path.of("data-samples/blobs.parquet").toAbsolutePath().toString();


  static Pipeline pipeline(PrivateKMeans kmeans) {
    VectorAssembler assembler = new VectorAssembler()
        .setInputCols(new String[] {"x1", "x2", "x3", "x4", "x5"}).setOutputCol("raw");
    PrivateStandardScaler scaler = new PrivateStandardScaler().setInputCol("raw").setOutputCol("features")
        .setBounds("-20:20").setEpsilon(0.5).setSeed(4);
    return new PrivatePipeline().setStages(new PipelineStage[] {assembler, scaler, kmeans});
  }

  static List<Integer> predictions(Dataset<Row> frame) {
    return frame.select("prediction").collectAsList().stream().map(r -> r.getInt(0)).collect(Collectors.toList());
  }

  @Test
  void defaults() {
    PrivateKMeans kmeans = new PrivateKMeans();
    assertEquals(2, kmeans.getK());
    assertEquals(0, kmeans.getMaxIter(), "auto");
    assertEquals("features", kmeans.getFeaturesCol());
    assertEquals("prediction", kmeans.getPredictionCol());
    assertEquals(3.0, kmeans.getEpsilon());
    assertEquals("opt", kmeans.getSampler());
    assertFalse(kmeans.isDefined(kmeans.sampleSize()), "unset: auto chooses m once n is estimated");
    assertEquals(0.5, kmeans.getLambda());
    assertEquals("auto", kmeans.getGeometry());
    assertEquals("paper", kmeans.getPreprocessing());
    assertEquals("strict", kmeans.getPrivacyMode());
    assertFalse(kmeans.isDefined(kmeans.clipRadius()));
    assertEquals(0.975, kmeans.getNormQuantile());
    assertEquals("project", kmeans.getOutliers());
    assertEquals(0.05, kmeans.getBudgetCentre());
    assertEquals(0.05, kmeans.getBudgetHistogram());
    assertEquals("auto", kmeans.getInitMode());
    assertTrue(kmeans.getGuards());
    assertEquals(null, kmeans.getSeedOrNull());
    assertFalse(kmeans.isDefined(kmeans.normBound()));
    assertFalse(kmeans.isDefined(kmeans.center()));
    assertTrue(kmeans.explainParams().contains("epsilon"));
  }

  @Test
  void everyParamValidatesNamingTheRuleAndValue() {
    PrivateKMeans kmeans = new PrivateKMeans();
    assertMessage(() -> kmeans.setK(0), "k");
    assertMessage(() -> kmeans.setK(100_000_000), "k must be in [1.0, 100000.0], got 100000000");
    assertMessage(() -> kmeans.setMaxIter(100_000), "maxIter must be in [0.0, 100.0], got 100000");
    assertMessage(() -> kmeans.setMaxIter(-1), "maxIter");
    assertMessage(() -> kmeans.setEpsilon(Double.NaN), "epsilon must be in [1.0E-4, 1000000.0], got NaN");
    assertMessage(() -> kmeans.setEpsilon(Double.POSITIVE_INFINITY), "epsilon must be in [1.0E-4, 1000000.0], got Infinity");
    assertMessage(() -> kmeans.setEpsilon(-1), "epsilon must be in [1.0E-4, 1000000.0], got -1.0");
    assertMessage(() -> kmeans.setSampler("fast"), "sampler must be one of unif, core, opt, full, "
        + "poisson-uniform, wor, wr, must-ow, must-wo, must-ww, got 'fast'");
    assertMessage(() -> kmeans.setSampleSize(0), "sampleSize must be finite and > 0.0, got 0.0");
    assertMessage(() -> kmeans.setLambda(1.5), "lambda must be in [0, 1], got 1.5");
    assertMessage(() -> kmeans.setGeometry("l3"), "geometry must be one of auto, l2, l1, box, got 'l3'");
    assertMessage(() -> kmeans.setNormBound(Double.NaN), "normBound must be finite and > 0.0, got NaN");
    assertMessage(() -> kmeans.setCenter(new double[] {1, Double.NaN}), "center must be a non-empty array");
    assertMessage(() -> kmeans.setPreprocessing("none"), "preprocessing must be one of paper, public, got 'none'");
    assertMessage(() -> kmeans.setInitMode("k-means||"), "initMode must be one of auto, random-ball, sphere-packing, scaled-ball, sample-points, private-coreset, got");
    assertMessage(() -> kmeans.setFeaturesCol(" "), "featuresCol must be a non-empty column name");
    assertMessage(() -> kmeans.setPredictionCol(""), "predictionCol must be a non-empty column name");
    assertMessage(() -> kmeans.setPrivacyMode("loose"), "privacyMode must be one of strict, paper, got 'loose'");
    assertMessage(() -> kmeans.setClipRadius(0), "clipRadius must be finite and > 0.0, got 0.0");
    assertMessage(() -> kmeans.setOutliers("keep"), "outliers must be one of project, drop, got 'keep'");
    assertMessage(() -> kmeans.setBudgetCentre(1), "budgetCentre must be in");
    assertMessage(() -> kmeans.setStage1Size(0), "stage1Size must be finite and > 0.0, got 0.0");
    assertMessage(() -> kmeans.setNoise("cauchy"), "noise must be one of laplace, gaussian, got 'cauchy'");
    assertMessage(() -> kmeans.setOffsetClip("1.5"), "offsetClip must be none, auto or a fraction of r in (0, 1], "
        + "got '1.5'");
    assertMessage(() -> kmeans.setDelta(Double.NaN), "delta must be in [0, 1), got NaN");
    assertMessage(() -> kmeans.setDelta(1), "delta must be in [0, 1), got 1.0");
    // cross-param checks at fit
    PrivateKMeans paper = new PrivateKMeans().setPrivacyMode("paper");
    assertMessage(() -> paper.copy(ParamMap.empty()).setPreprocessing("public").settings(), "needs normBound");
    assertMessage(() -> paper.copy(ParamMap.empty()).setNormBound(3).settings(), "need preprocessing = public");
    assertMessage(() -> new PrivateKMeans().setClipRadius(5).setSampleSize(10.5).settings(), "whole count");
    // a strict release (the default) refuses what cannot be private, naming the param and the reason
    assertMessage(() -> new PrivateKMeans().settings(), "privacyMode = strict needs clipRadius");
    assertMessage(() -> new PrivateKMeans().setClipRadius(5).setPreprocessing("paper").settings(),
        "preprocessing = paper reads the centre");
    assertMessage(() -> new PrivateKMeans().setClipRadius(5).setInitMode("sample-points").settings(),
        "initMode = sample-points starts from raw data points");
    assertMessage(() -> new PrivateKMeans().setClipRadius(5).setBudgetCentre(0.6).setBudgetHistogram(0.5).settings(),
        "must be < 1");
    assertMessage(() -> new PrivateKMeans().setBudgetInit(0), "budgetInit must be in");
    assertMessage(() -> new PrivateKMeans().setBudgetSummary(-0.1), "budgetSummary must be in [0, 1), got -0.1");
    assertMessage(() -> new PrivateKMeans().setBudgetSummary(Double.NaN), "budgetSummary must be in [0, 1), got NaN");
    assertMessage(() -> new PrivateKMeans().setClipRadius(5).setInitMode("private-coreset").setBudgetInit(0.95)
        .settings(), "budget-centre + budget-histogram + budget-init + 0.05 (the coreset's tail axes) + budget-summary "
        + "must be < 1 with init private-coreset");
    assertMessage(() -> new PrivateKMeans().setPrivacyMode("paper").setClipRadius(5).settings(),
        "clipRadius, origin and bounds belong to privacyMode = strict");
    assertMessage(() -> new PrivateKMeans().setPrivacyMode("paper").setInitMode("private-coreset").settings(),
        "initMode = private-coreset spends a share of epsilon from the strict release's ledger");
  }

  @Test
  void theParamDefaultsAreTheSettingsDefaults() {
    // one source of defaults: the params declare Defaults' values (k as MLlib's KMeans)
    assertEquals(KMeansSettings.builder(Vocabulary.PARAMS).strict(5).k(Defaults.ML_K).build(),
        new PrivateKMeans().setClipRadius(5).settings());
    assertEquals(KMeansSettings.builder(Vocabulary.PARAMS).paper().k(Defaults.ML_K).build(),
        new PrivateKMeans().setPrivacyMode("paper").settings());
  }

  private static void assertMessage(Runnable call, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
    assertTrue(e.getMessage().contains(expected), "message '" + e.getMessage() + "' should contain '" + expected + "'");
  }

  @Test
  void pipelineFitTransformSaveLoadGivesIdenticalPredictions(SparkSession spark, @TempDir Path tmp) throws IOException {
    Dataset<Row> data = Fixtures.blobs(spark);
    PipelineModel fitted = pipeline(new PrivateKMeans().setK(6).setSampleSize(0.3).setSeed(5).setClipRadius(25))
        .fit(data);
    Dataset<Row> out = fitted.transform(data);
    List<Integer> before = predictions(out);
    assertEquals(data.count(), before.size());
    assertTrue(before.stream().allMatch(p -> p >= 0 && p < 6));
    PrivateKMeansModel model = (PrivateKMeansModel) fitted.stages()[2];
    PrivacyReport report = model.privacyReport();
    assertEquals(3.0, report.epsilon(), 1e-12);
    assertTrue(report.isStrictRelease() && report.coversEverything());
    assertEquals(List.of("centre", "norm histogram", "init: spreads", "init: cell tree", "init: sums",
        "init: tail axes", "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"),
        report.ledger().stream().map(e -> e.stage().label()).toList());
    assertEquals(6, model.clusterCenters().length);
    assertTrue(model.hasSummary());
    assertEquals(6, model.summary().clusterSizes().size());
    double sizes = model.summary().clusterSizes().stream().mapToDouble(Double::doubleValue).sum();
    // six sizes of Laplace noise, each sd sizeStandardDeviation(): their sum is within 6 sd·sqrt(6) but by chance
    // with probability < 1e-6 (Chebyshev would give 1/36; the Laplace tail is far lighter)
    assertEquals(data.count(), sizes, 6 * Math.sqrt(6) * model.summary().sizeStandardDeviation());
    assertEquals(0.05 * 3.0, model.summary().epsilon(), 1e-12);

    String dir = tmp.resolve("pipeline").toString();
    fitted.write().overwrite().save(dir);
    PipelineModel loaded = PipelineModel.load(dir);
    assertEquals(before, predictions(loaded.transform(data)));
    PrivateKMeansModel reloaded = (PrivateKMeansModel) loaded.stages()[2];
    assertEquals(report, reloaded.privacyReport());
    assertEquals(model.summary(), reloaded.summary(), "the summary is saved and loaded with the model");
    assertEquals(model.uid(), reloaded.uid());
    assertEquals(model.getSeedOrNull(), reloaded.getSeedOrNull());
    for (int j = 0; j < 6; j++) {
      assertArrayEquals(model.clusterCenters()[j].toArray(), reloaded.clusterCenters()[j].toArray());
    }
    // the estimator persists too
    PrivateKMeans estimator = new PrivateKMeans().setK(4).setEpsilon(1.5).setSampler("core");
    estimator.write().overwrite().save(tmp.resolve("estimator").toString());
    PrivateKMeans back = PrivateKMeans.load(tmp.resolve("estimator").toString());
    assertEquals(4, back.getK());
    assertEquals(1.5, back.getEpsilon());
    assertEquals("core", back.getSampler());
    // the auto params stay unset through a save and load; an estimator saved while they had defaults (sampleSize
    // 0.05, budgetInit 0.2, before issue 31) keeps those values on load, so its fits mean what they meant
    assertFalse(back.isDefined(back.sampleSize()) || back.isDefined(back.budgetInit()));
    Path metadata = tmp.resolve("estimator").resolve("metadata");
    // Spark 3 writes part-00000, Spark 4 part-00000-<uuid>.txt; each beside a .crc checksum
    Path part;
    try (var files = Files.list(metadata)) {
      part = files.filter(f -> f.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
    }
    String json = Files.readString(part);
    assertTrue(json.contains("\"defaultParamMap\":{"), json);
    Files.writeString(part, json.replace("\"defaultParamMap\":{",
        "\"defaultParamMap\":{\"sampleSize\":0.05,\"budgetInit\":0.2,"));
    // the edited file no longer matches its checksum
    Files.deleteIfExists(metadata.resolve("." + part.getFileName() + ".crc"));
    PrivateKMeans older = PrivateKMeans.load(tmp.resolve("estimator").toString());
    assertEquals(0.05, older.getSampleSize());
    assertEquals(0.2, older.getBudgetInit());
  }

  @Test
  void exportIsReadByStockMLlibKMeansModelWithIdenticalCentres(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeansModel model = new PrivateKMeans().setK(6).setSeed(3).setSampleSize(0.25).setClipRadius(25).setDimension(5)
        .fit(features);
    String dir = tmp.resolve("mllib").toString();
    model.exportAsMLlib(dir, false);
    KMeansModel stock = KMeansModel.load(dir);
    Vector[] ours = model.clusterCenters();
    Vector[] theirs = stock.clusterCenters();
    assertEquals(ours.length, theirs.length);
    for (int j = 0; j < ours.length; j++) {
      assertArrayEquals(ours[j].toArray(), theirs[j].toArray());
    }
    assertEquals(6, stock.getK());
    // and MLlib predicts the same nearest centres, row by row and vector by vector
    List<Integer> mine = predictions(model.transform(features));
    List<Integer> stockPredictions = predictions(stock.transform(features));
    assertEquals(mine, stockPredictions);
    for (Row row : features.limit(200).collectAsList()) {
      Vector v = row.getAs("features");
      assertEquals(stock.predict(v), model.predict(v));
    }
  }

  @Test
  void transformRefusesVectorsOfAnotherSizeAndNullsClearly(SparkSession spark) {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeansModel model = new PrivateKMeans().setK(3).setSeed(3).setSampler("full").setClipRadius(25)
        .setDimension(5).fit(features);
    Dataset<Row> numeric = spark.read().option("header", "true").option("inferSchema", "true")
        .csv("data-samples/blobs.csv");
    Dataset<Row> three = new VectorAssembler().setInputCols(new String[] {"x1", "x2", "x3"}).setOutputCol("features")
        .transform(numeric);
    IllegalArgumentException eager = assertThrows(IllegalArgumentException.class, () -> model.transform(three));
    assertTrue(eager.getMessage().contains("vectors of size 3") && eager.getMessage().contains("dimension 5"),
        eager.getMessage());
    Dataset<Row> withNull = spark.createDataFrame(List.of(org.apache.spark.sql.RowFactory.create((Object) null)),
        new org.apache.spark.sql.types.StructType().add("features", new org.apache.spark.ml.linalg.VectorUDT()));
    // issue 48, item 7: a column without size metadata is checked at transform: one line, not a failed job
    IllegalArgumentException nullVector = assertThrows(IllegalArgumentException.class,
        () -> model.transform(withNull));
    assertTrue(nullVector.getMessage().contains("a null vector"), nullVector.getMessage());
    Dataset<Row> wrongSize = spark.createDataFrame(List.of(org.apache.spark.sql.RowFactory.create(
        org.apache.spark.ml.linalg.Vectors.dense(1, 2, 3))), new org.apache.spark.sql.types.StructType().add(
            "features", new org.apache.spark.ml.linalg.VectorUDT()));
    IllegalArgumentException size = assertThrows(IllegalArgumentException.class, () -> model.transform(wrongSize));
    assertTrue(size.getMessage().contains("not the model's dimension 5"), size.getMessage());
    assertEquals(1, size.getMessage().lines().count());
  }

  @Test
  void aUniformSchemeFitsWithAnEpsilonDeltaReport(SparkSession spark) {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeans kmeans = new PrivateKMeans().setK(6).setSeed(4).setSampler("must-ow").setSampleSize(0.2)
        .setStage1Size(0.5).setStage1Cached(true).setNoise("gaussian").setDelta(1e-6).setClipRadius(25).setDimension(5);
    PrivateKMeansModel model = kmeans.fit(features);
    assertEquals(6, model.clusterCenters().length);
    assertTrue(model.privacyReport().delta() > 0 && model.privacyReport().delta() <= 1e-6);
    assertEquals(io.pais.accounting.Relation.SUBSTITUTION, model.privacyReport().relation());
    assertTrue(model.privacyReport().epsilon() <= 3 * (1 + 1e-9));
    assertArrayEquals(model.clusterCenters()[0].toArray(), kmeans.fit(features).clusterCenters()[0].toArray(),
        "seeded fits are reproducible");
    assertTrue(model.hasSummary(), "the summary comes with the uniform schemes too");
    PrivateKMeansModel none = kmeans.setBudgetSummary(0).fit(features);
    assertFalse(none.hasSummary());
    IllegalStateException noSummary = assertThrows(IllegalStateException.class, none::summary);
    assertTrue(noSummary.getMessage().contains("budgetSummary 0"), noSummary.getMessage());
    IllegalArgumentException noDelta = assertThrows(IllegalArgumentException.class,
        () -> new PrivateKMeans().setSampler("wr").setClipRadius(25).setDimension(5).fit(features));
    assertTrue(noDelta.getMessage().contains("delta must be > 0 for wr"), noDelta.getMessage());
  }

  @Test
  void kCandidatesChooseKPrivately(SparkSession spark) {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeansModel model = new PrivateKMeans().setKCandidates(new int[] {2, 6, 10}).setSeed(8).setClipRadius(25)
        .setDimension(5).fit(features);
    io.pais.accounting.KSelection selection = model.privacyReport().kSelection();
    assertEquals(3, selection.candidates().size());
    assertEquals(selection.chosen(), model.numClusters());
    assertTrue(model.privacyReport().epsilon() <= 3.0);
    assertMessage(() -> new PrivateKMeans().setKCandidates(new int[] {4}), "kCandidates must hold at least two "
        + "values");
    assertMessage(() -> new PrivateKMeans().setKCandidates(new int[] {4, 4}).setClipRadius(25).settings(),
        "kCandidates must not repeat a candidate");
  }

  @Test
  void seededFitReproducesItsCentres(SparkSession spark) {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeans kmeans = new PrivateKMeans().setK(6).setSeed(21).setSampler("core").setSampleSize(2000)
        .setClipRadius(25).setDimension(5);
    Vector[] a = kmeans.fit(features).clusterCenters();
    Vector[] b = kmeans.fit(features).clusterCenters();
    for (int j = 0; j < a.length; j++) {
      assertArrayEquals(a[j].toArray(), b[j].toArray());
    }
  }

  /**
   * One engine: the same settings and seed give the same centres. (With sampling the two differ by design: the
   * job keys its coins by each Parquet row's place in its file, an arbitrary DataFrame has only partitions.)
   */
  @Test
  void estimatorAndCliJobGiveTheSameCentres(SparkSession spark, @TempDir Path tmp) throws IOException {
    Dataset<Row> features = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeansModel model = new PrivateKMeans().setK(6).setMaxIter(7).setEpsilon(2.0).setSampler("full")
        .setSeed(17).setClipRadius(25).setDimension(5).fit(features);
    assertTrue(model.privacyReport().isStrictRelease());
    assertFalse(model.privacyReport().stableSamplingKeys());
    Path out = tmp.resolve("job");
    JobRunner.Outcome o = JobRunner.run(spark, "--clip-radius", "25", "--input", BLOBS_PARQUET, "--format",
        "parquet", "--vector-column", "features", "--dimension", "5", "--k", "6", "--iterations", "7", "--epsilon", "2", "--sampler",
        "full", "--seed", "17", "--output", out.toString());
    assertEquals(0, o.exit(), o.err());
    List<String> lines = Files.readAllLines(out.resolve("centers.csv"));
    Vector[] centres = model.clusterCenters();
    assertEquals(centres.length + 1, lines.size());
    for (int j = 0; j < centres.length; j++) {
      String[] fields = lines.get(j + 1).split(",");
      double[] job = new double[fields.length - 1];
      for (int t = 1; t < fields.length; t++) {
        job[t - 1] = Double.parseDouble(fields[t]);
      }
      assertArrayEquals(centres[j].toArray(), job);
    }
  }
}
