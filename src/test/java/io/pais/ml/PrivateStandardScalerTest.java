package io.pais.ml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.accounting.ScalingReport;
import io.pais.budget.BudgetException;
import io.pais.budget.BudgetLedger;
import io.pais.io.InputException;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.ml.feature.StandardScalerModel;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@link PrivateStandardScaler} and {@link BoxScaler} on the shipped blobs (issue 50, item 2). */
@ExtendWith(SharedSparkSession.class)
class PrivateStandardScalerTest {
  private static final String[] FEATURES = {"x1", "x2", "x3", "x4", "x5"};

  private static Dataset<Row> assembled(SparkSession spark) {
    return new VectorAssembler().setInputCols(FEATURES).setOutputCol("raw").transform(Fixtures.blobs(spark));
  }

  private static PrivateStandardScaler scaler() {
    return new PrivateStandardScaler().setInputCol("raw").setOutputCol("features").setBounds("-20:20")
        .setEpsilon(1).setWithMean(true).setSeed(7);
  }

  @Test
  void itReleasesDpMomentsNearSparksExactOnesAndScalesAsStandardScalerModelDoes(SparkSession spark) {
    Dataset<Row> data = assembled(spark);
    PrivateStandardScalerModel model = scaler().fit(data);
    StandardScalerModel exact = new StandardScaler().setInputCol("raw").setOutputCol("exact").setWithMean(true)
        .fit(data);
    // 12,000 points at epsilon 1: the noise moves a mean by about 40·sqrt(2)·2.9/(2·12000) ≈ 0.01 of the box
    double[] mean = model.mean().toArray();
    double[] std = model.std().toArray();
    for (int j = 0; j < FEATURES.length; j++) {
      assertEquals(exact.mean().apply(j), mean[j], 0.15, "mean " + j);
      assertEquals(exact.std().apply(j), std[j], 0.3, "std " + j); // Spark's is the sample deviation, n − 1
    }
    List<Row> rows = model.transform(data).select("raw", "features").limit(5).collectAsList();
    for (Row row : rows) {
      double[] x = ((Vector) row.get(0)).toArray();
      double[] y = ((Vector) row.get(1)).toArray();
      for (int j = 0; j < x.length; j++) {
        assertEquals((x[j] - mean[j]) / std[j], y[j], 1e-12);
      }
    }
    ScalingReport report = model.privacyReport();
    assertEquals(1.0, report.epsilon(), 1e-15);
    assertEquals(5, report.dimension());
    assertEquals(3, report.ledger().size());
    assertEquals(64, report.seedBits());
    // seeded: the same release again
    assertArrayEquals(mean, scaler().fit(data).mean().toArray());
  }

  @Test
  void itsOutputKeepsAPublicDimensionForPrivateKMeansAndTheModelSavesAndLoads(SparkSession spark,
      @TempDir Path tmp) throws java.io.IOException {
    Dataset<Row> data = assembled(spark);
    PrivateStandardScalerModel model = scaler().fit(data);
    Dataset<Row> scaled = model.transform(data);
    AttributeGroup group = AttributeGroup.fromStructField(scaled.schema().apply("features"));
    assertEquals(5, group.size());
    assertEquals("x3", group.getAttr(2).name().get());
    // the k-means after it needs no dimension: the scaled column names the scalar columns it came from
    assertEquals(5, new PrivateKMeans().setK(3).setBounds("-4:4").setSeed(3).fit(scaled).privacyReport()
        .dimension());

    String path = tmp.resolve("scaler").toString();
    model.save(path);
    PrivateStandardScalerModel loaded = PrivateStandardScalerModel.load(path);
    assertArrayEquals(model.mean().toArray(), loaded.mean().toArray());
    assertArrayEquals(model.std().toArray(), loaded.std().toArray());
    assertEquals(model.privacyReportJson(), loaded.privacyReportJson());
    assertEquals(model.uid(), loaded.uid());
    assertTrue(loaded.getWithMean());
    assertEquals(model.transform(data).select("features").collectAsList(),
        loaded.transform(data).select("features").collectAsList());
  }

  @Test
  void itsReportIsJsonAndALedgerIsCharged(SparkSession spark, @TempDir Path tmp) throws Exception {
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 1.5, 0, new Configuration());
    Dataset<Row> data = assembled(spark);
    PrivateStandardScalerModel model = scaler().setBudgetLedger(ledger).fit(data);
    JsonNode report = new ObjectMapper().readTree(model.privacyReportJson());
    assertEquals(1.0, report.get("epsilon").asDouble());
    assertEquals(ledger, report.path("budgetLedger").path("ledger").asText());
    assertEquals("scaler: squares", report.get("ledger").get(2).get("stage").asText());
    assertEquals(1.0, BudgetLedger.open(ledger, new Configuration()).read().spentEpsilon(), 1e-12);
    BudgetException over = assertThrows(BudgetException.class, () -> scaler().setBudgetLedger(ledger).fit(data));
    assertTrue(over.getMessage().contains("epsilon"), over.getMessage());
    assertEquals(1.0, BudgetLedger.open(ledger, new Configuration()).read().spentEpsilon(), 1e-12);
  }

  @Test
  void badParamsAreOneLineEachAndReadNothing(SparkSession spark) {
    Dataset<Row> data = assembled(spark);
    IllegalArgumentException noBounds = assertThrows(IllegalArgumentException.class,
        () -> new PrivateStandardScaler().setInputCol("raw").setOutputCol("f").setEpsilon(1).fit(data));
    assertTrue(noBounds.getMessage().startsWith("bounds must be set"), noBounds.getMessage());
    IllegalArgumentException noEpsilon = assertThrows(IllegalArgumentException.class,
        () -> new PrivateStandardScaler().setInputCol("raw").setOutputCol("f").setBounds("0:1").fit(data));
    assertTrue(noEpsilon.getMessage().startsWith("epsilon must be set"), noEpsilon.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new PrivateStandardScaler().setEpsilon(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new PrivateStandardScaler().setBounds("1:0"));
    IllegalArgumentException nothing = assertThrows(IllegalArgumentException.class,
        () -> scaler().setWithMean(false).setWithStd(false).fit(data));
    assertTrue(nothing.getMessage().contains("would change nothing"), nothing.getMessage());
    IllegalArgumentException pairs = assertThrows(IllegalArgumentException.class,
        () -> scaler().setBounds("0:1,0:1").fit(data));
    assertTrue(pairs.getMessage().contains("or 5 pairs"), pairs.getMessage());
    // a size a fitted stage wrote is not public: the scaler needs dimension, as PrivateKMeans does
    Dataset<Row> sized = new StandardScaler().setInputCol("raw").setOutputCol("s").fit(data).transform(data);
    InputException metadata = assertThrows(InputException.class,
        () -> scaler().setInputCol("s").setOutputCol("t").fit(sized));
    assertTrue(metadata.getMessage().startsWith("a strict release needs a public dimension"), metadata.getMessage());
  }

  @Test
  void theBoxScalerMapsThePublicBoxOntoTheUnitCubeAndSpendsNothing(SparkSession spark, @TempDir Path tmp)
      throws java.io.IOException {
    Dataset<Row> data = assembled(spark);
    BoxScaler box = new BoxScaler().setInputCol("raw").setOutputCol("features")
        .setBounds("-10:10,-20:20,-20:20,-20:20,-20:20");
    Dataset<Row> scaled = box.transform(data);
    for (Row row : scaled.select("raw", "features").limit(50).collectAsList()) {
      double[] x = ((Vector) row.get(0)).toArray();
      double[] y = ((Vector) row.get(1)).toArray();
      assertEquals(Math.min(1, x[0] / 10), y[0], 1e-12); // x1 reaches 13.5: clamped onto the face
      assertEquals(x[1] / 20, y[1], 1e-12);
    }
    assertEquals(5, AttributeGroup.fromStructField(scaled.schema().apply("features")).size());
    Dataset<Row> unclipped = box.copy(new org.apache.spark.ml.param.ParamMap()).setClip(false).transform(data);
    assertFalse(unclipped.select("features").collectAsList().stream()
        .allMatch(r -> ((Vector) r.get(0)).apply(0) <= 1), "without clip x1 leaves the cube");
    String path = tmp.resolve("box").toString();
    box.save(path);
    assertEquals(box.getBounds(), BoxScaler.load(path).getBounds());
    IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
        () -> new BoxScaler().setInputCol("raw").setOutputCol("f").setBounds("0:1,0:1").transform(data));
    assertTrue(wrong.getMessage().contains("or 5 pairs"), wrong.getMessage());
    // without size metadata a vector of another size is found as it is read, named without its values
    Dataset<Row> unsized = spark.createDataFrame(List.of(org.apache.spark.sql.RowFactory.create(
        org.apache.spark.ml.linalg.Vectors.dense(1, 2, 3))), new org.apache.spark.sql.types.StructType()
        .add("v", new org.apache.spark.ml.linalg.VectorUDT()));
    Exception bad = assertThrows(Exception.class, () -> box.copy(new org.apache.spark.ml.param.ParamMap())
        .setInputCol("v").setOutputCol("w").transform(unsized).collectAsList());
    InputException found = InputException.find(bad);
    assertTrue(found != null && found.getMessage().equals("column 'v' holds a vector of size 3 where the box scaler "
        + "expects 5"), String.valueOf(found));
  }
}
