package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.Statistic;
import io.pais.io.InputException;
import io.pais.ml.PrivateKMeans;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.CountVectorizer;
import org.apache.spark.ml.feature.OneHotEncoder;
import org.apache.spark.ml.feature.PCA;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.Tokenizer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.feature.VectorSizeHint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A strict release never takes its dimension from the records (issue 25, item 1): d is published and sets every
 * noise scale, so it must be a public input or a function of the schema alone, and a record that disagrees with it
 * is bad input.
 */
@ExtendWith(SharedSparkSession.class)
class PublicDimensionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BLOBS_PARQUET = "data-samples/blobs.parquet";

  /** 400 LibSVM rows with features 1..5 (the review's reproduction). */
  private static List<String> libsvmRows() {
    Random random = new Random(7);
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      StringBuilder row = new StringBuilder(Integer.toString(i % 2));
      for (int j = 1; j <= 5; j++) {
        row.append(String.format(Locale.ROOT, " %d:%.4f", j, (i % 3) * 2 + random.nextGaussian()));
      }
      rows.add(row.toString());
    }
    return rows;
  }

  private static List<String> csvRows() {
    Random random = new Random(8);
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      rows.add(String.format(Locale.ROOT, "%.4f,%.4f,%.4f", (i % 3) * 2 + random.nextGaussian(),
          random.nextGaussian(), random.nextGaussian()));
    }
    return rows;
  }

  private static JobRunner.Outcome run(SparkSession spark, Path output, String... input) {
    List<String> args = new ArrayList<>(List.of(input));
    args.addAll(List.of("--k", "3", "--epsilon", "3", "--clip-radius", "20", "--sampler", "full", "--seed", "9",
        "--output", output.toString()));
    return JobRunner.run(spark, args.toArray(String[]::new));
  }

  private static void assertRefusedBecauseOfTheDimension(JobRunner.Outcome o, Path output) {
    assertEquals(1, o.exit(), o.out() + o.err());
    assertTrue(o.err().startsWith("pais: a strict release needs a public dimension"), o.err());
    assertTrue(o.err().contains("--dimension"), "says how to give it: " + o.err());
    assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
    assertFalse(Files.exists(output), "nothing written");
  }

  /** The dimension statistic of a release: its value and where it came from. */
  private static JsonNode dimensionOf(Path output) throws IOException {
    JsonNode report = JSON.readTree(output.resolve("privacy-report.json").toFile());
    JsonNode d = report.get("statistics").get("d");
    assertTrue(d != null, "a dimension statistic in " + report);
    assertEquals(report.get("dimension").asInt(), d.get("value").asInt());
    return d;
  }

  @Test
  void libsvmWithoutAPublicDimensionIsRefusedAndARecordBeyondItIsBadInput(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path clean = Files.write(tmp.resolve("clean.libsvm"), libsvmRows());
    List<String> withOutlier = new ArrayList<>(libsvmRows());
    withOutlier.add("0 7:0.5");
    Path planted = Files.write(tmp.resolve("planted.libsvm"), withOutlier);

    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("a"), "--input", clean.toString(), "--format",
        "libsvm"), tmp.resolve("a"));
    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("b"), "--input", planted.toString(), "--format",
        "libsvm"), tmp.resolve("b"));

    JobRunner.Outcome ok = run(spark, tmp.resolve("c"), "--input", clean.toString(), "--format", "libsvm",
        "--dimension", "5");
    assertEquals(0, ok.exit(), ok.err());
    JsonNode d = dimensionOf(tmp.resolve("c"));
    assertEquals(5, d.get("value").asInt());
    assertEquals("public", d.get("source").asText());
    assertEquals("x1,x2,x3,x4,x5", Files.readAllLines(tmp.resolve("c/centers.csv")).get(0).replace("cluster,", ""));

    JobRunner.Outcome beyond = run(spark, tmp.resolve("e"), "--input", planted.toString(), "--format", "libsvm",
        "--dimension", "5");
    assertEquals(1, beyond.exit(), beyond.out());
    assertTrue(beyond.err().contains("planted.libsvm, line 401") && beyond.err().contains("exceeds the dimension 5"),
        beyond.err());
    assertFalse(beyond.err().contains("0.5"), "never the value: " + beyond.err());
    assertFalse(Files.exists(tmp.resolve("e")));
  }

  @Test
  void csvTakesItsColumnsFromAHeaderOrAGivenDimensionNeverFromAFirstDataLine(SparkSession spark,
      @TempDir Path tmp) throws IOException {
    Path plain = Files.write(tmp.resolve("plain.csv"), csvRows());
    List<String> headed = new ArrayList<>(List.of("a,b,c"));
    headed.addAll(csvRows());
    Path withHeader = Files.write(tmp.resolve("header.csv"), headed);

    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("a"), "--input", plain.toString()), tmp.resolve("a"));
    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("b"), "--input", plain.toString(), "--drop", "2"),
        tmp.resolve("b"));

    JobRunner.Outcome given = run(spark, tmp.resolve("c"), "--input", plain.toString(), "--dimension", "3");
    assertEquals(0, given.exit(), given.err());
    assertEquals("given by the user", dimensionOf(tmp.resolve("c")).get("description").asText()
        .replace("the dimension, ", ""));
    JobRunner.Outcome named = run(spark, tmp.resolve("d"), "--input", plain.toString(), "--features", "0,2");
    assertEquals(0, named.exit(), named.err());
    assertEquals(2, dimensionOf(tmp.resolve("d")).get("value").asInt());
    JobRunner.Outcome header = run(spark, tmp.resolve("e"), "--input", withHeader.toString(), "--header");
    assertEquals(0, header.exit(), header.err());
    assertTrue(dimensionOf(tmp.resolve("e")).get("description").asText().contains("the header line"));

    JobRunner.Outcome wrong = run(spark, tmp.resolve("f"), "--input", plain.toString(), "--dimension", "4");
    assertEquals(1, wrong.exit());
    assertTrue(wrong.err().contains("dimension 4 was given but"), wrong.err());
    assertFalse(Files.exists(tmp.resolve("f")));

    // a row with more fields than the header is bad input, not a wider release
    headed.add("1,2,3,4");
    Path ragged = Files.write(tmp.resolve("ragged.csv"), headed);
    JobRunner.Outcome bad = run(spark, tmp.resolve("g"), "--input", ragged.toString(), "--header");
    assertEquals(1, bad.exit());
    assertTrue(bad.err().contains("ragged.csv, line 402") && bad.err().contains("4 fields"), bad.err());
    assertFalse(Files.exists(tmp.resolve("g")));
  }

  @Test
  void aSourceThatInfersItsSchemaNeedsTheColumnsNamedAVectorColumnItsSize(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path json = tmp.resolve("points.json");
    List<String> lines = new ArrayList<>();
    for (String row : csvRows()) {
      String[] f = row.split(",");
      lines.add("{\"a\": " + f[0] + ", \"b\": " + f[1] + ", \"c\": " + f[2] + "}");
    }
    Files.write(json, lines);
    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("a"), "--input", json.toString(), "--format", "json"),
        tmp.resolve("a"));
    JobRunner.Outcome named = run(spark, tmp.resolve("b"), "--input", json.toString(), "--format", "json",
        "--features", "a,b,c");
    assertEquals(0, named.exit(), named.err());
    // one record with an extra numeric field widens the inferred schema: a pinned dimension makes it bad input
    lines.add("{\"a\": 1, \"b\": 2, \"c\": 3, \"z\": 4}");
    Files.write(json, lines);
    JobRunner.Outcome widened = run(spark, tmp.resolve("c"), "--input", json.toString(), "--format", "json",
        "--dimension", "3");
    assertEquals(1, widened.exit(), widened.out());
    assertTrue(widened.err().contains("dimension 3 was given but"), widened.err());

    // Parquet stores its schema: its numeric columns are public; a vector column's size is not
    JobRunner.Outcome vectors = run(spark, tmp.resolve("d"), "--input", BLOBS_PARQUET, "--format", "parquet",
        "--vector-column", "features");
    assertRefusedBecauseOfTheDimension(vectors, tmp.resolve("d"));
    JobRunner.Outcome sized = run(spark, tmp.resolve("e"), "--input", BLOBS_PARQUET, "--format", "parquet",
        "--vector-column", "features", "--dimension", "5");
    assertEquals(0, sized.exit(), sized.err());
  }

  @Test
  void theEstimatorReadsTheSizeFromTheColumnsMetadataOrItsDimensionParam(SparkSession spark) {
    Dataset<Row> vectors = spark.read().parquet(BLOBS_PARQUET);
    PrivateKMeans strict = new PrivateKMeans().setK(3).setClipRadius(25).setSampler("full").setSeed(2);
    InputException refused = assertThrows(InputException.class, () -> strict.fit(vectors));
    assertTrue(refused.getMessage().contains("setDimension"), refused.getMessage());

    PrivacyReport sized = strict.copy(new org.apache.spark.ml.param.ParamMap()).setDimension(5).fit(vectors)
        .privacyReport();
    assertEquals(5, sized.dimension());

    // VectorAssembler over numeric columns writes the size into the column's metadata: public, from the schema
    Dataset<Row> numeric = spark.read().option("header", "true").option("inferSchema", "true")
        .csv("data-samples/blobs.csv");
    Dataset<Row> assembled = new VectorAssembler().setInputCols(new String[] {"x1", "x2", "x3"})
        .setOutputCol("features").transform(numeric);
    PrivacyReport fromMetadata = strict.fit(assembled).privacyReport();
    Statistic d = fromMetadata.statistics().stream().filter(s -> s.name().equals("d")).findFirst().orElseThrow();
    assertEquals(3, (int) d.value());
    assertEquals(Statistic.Source.PUBLIC, d.source());
    assertTrue(d.description().contains("ML metadata"), d.description());
    InputException mismatch = assertThrows(InputException.class,
        () -> strict.copy(new org.apache.spark.ml.param.ParamMap()).setDimension(4).fit(assembled));
    assertTrue(mismatch.getMessage().contains("dimension 4 was given but"), mismatch.getMessage());

    // paper mode may take d from the records, and its report says so
    PrivacyReport paper = new PrivateKMeans().setK(3).setPrivacyMode("paper").setSampler("full").setSeed(2)
        .fit(vectors).privacyReport();
    Statistic fromRecords = paper.statistics().stream().filter(s -> s.name().equals("d")).findFirst().orElseThrow();
    assertEquals(Statistic.Source.DATA_DERIVED, fromRecords.source());
  }

  /** Rows of a numeric column x, a category and a short text; the last row's category and words are new. */
  private static Dataset<Row> categorical(SparkSession spark, int rows) {
    List<Row> out = new ArrayList<>();
    Random random = new Random(11);
    for (int i = 0; i < rows; i++) {
      boolean last = i == 50;
      out.add(RowFactory.create(random.nextGaussian(), last ? "c" : i % 2 == 0 ? "a" : "b",
          last ? "new words" : "w" + (i % 3) + " x"));
    }
    StructType schema = new StructType().add("x", DataTypes.DoubleType).add("cat", DataTypes.StringType)
        .add("text", DataTypes.StringType);
    return spark.createDataFrame(out, schema);
  }

  private static Dataset<Row> through(Dataset<Row> frame, PipelineStage... stages) {
    return new Pipeline().setStages(stages).fit(frame).transform(frame);
  }

  private static PrivateKMeans strictOn(String column) {
    return new PrivateKMeans().setK(2).setClipRadius(25).setSampler("full").setSeed(2).setFeaturesCol(column);
  }

  private static void assertRefusedForItsMetadata(PrivateKMeans estimator, Dataset<Row> frame, String what) {
    InputException refused = assertThrows(InputException.class, () -> estimator.fit(frame), what);
    assertTrue(refused.getMessage().startsWith("a strict release needs a public dimension, but d was read from the "
        + "size in the ML metadata"), what + ": " + refused.getMessage());
    assertTrue(refused.getMessage().contains("setDimension"), refused.getMessage());
    assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
  }

  /**
   * Issue 50, item 1: StringIndexer → OneHotEncoder → VectorAssembler fitted on 50 records gives d = 2, on 51 (one
   * of a new category) d = 3; both sizes sit in the column's ML metadata, so taking either as public made the pair
   * ε = ∞. Only one attribute per scalar column, as VectorAssembler writes over scalar columns, is public now.
   */
  @Test
  void aSizeInMlMetadataIsPublicOnlyWhenItListsOneAttributePerScalarColumn(SparkSession spark) {
    PipelineStage indexer = new StringIndexer().setInputCol("cat").setOutputCol("index");
    PipelineStage encoder = new OneHotEncoder().setInputCol("index").setOutputCol("onehot");
    PipelineStage assembler = new VectorAssembler().setInputCols(new String[] {"x", "onehot"}).setOutputCol("f");
    Dataset<Row> fifty = through(categorical(spark, 50), indexer, encoder, assembler);
    Dataset<Row> fiftyOne = through(categorical(spark, 51), indexer, encoder, assembler);
    assertEquals(2, AttributeGroup.fromStructField(fifty.schema().apply("f")).size());
    assertEquals(3, AttributeGroup.fromStructField(fiftyOne.schema().apply("f")).size());
    assertRefusedForItsMetadata(strictOn("f"), fifty, "50 records");
    assertRefusedForItsMetadata(strictOn("f"), fiftyOne, "51 records");
    assertRefusedForItsMetadata(strictOn("onehot"), fifty, "OneHotEncoder's own column");
    // the dimension given: the 50 records release at d = 2, the 51st record's category is bad input, not a wider d
    assertEquals(2, strictOn("f").setDimension(2).fit(fifty).privacyReport().dimension());
    InputException wider = assertThrows(InputException.class, () -> strictOn("f").setDimension(2).fit(fiftyOne));
    assertTrue(wider.getMessage().contains("dimension 2 was given but"), wider.getMessage());

    // StringIndexer's index as a scalar column: one entry whatever the categories, public
    Dataset<Row> indexed = through(categorical(spark, 51), indexer,
        new VectorAssembler().setInputCols(new String[] {"x", "index"}).setOutputCol("f"));
    assertEquals(2, strictOn("f").fit(indexed).privacyReport().dimension());

    // CountVectorizer: its vocabulary's size is the rows'
    Dataset<Row> words = through(categorical(spark, 51), new Tokenizer().setInputCol("text").setOutputCol("tokens"),
        new CountVectorizer().setInputCol("tokens").setOutputCol("counts"));
    assertRefusedForItsMetadata(strictOn("counts"), words, "CountVectorizer");
    // VectorAssembler over a vector column copies (or, without metadata, takes from the first row) its size
    Dataset<Row> overCounts = through(words,
        new VectorAssembler().setInputCols(new String[] {"x", "counts"}).setOutputCol("f"));
    assertRefusedForItsMetadata(strictOn("f"), overCounts, "VectorAssembler over CountVectorizer");

    // PCA writes its k alone, a scaler its input's size alone: public only when given
    Dataset<Row> twoScalars = through(categorical(spark, 51), indexer,
        new VectorAssembler().setInputCols(new String[] {"x", "index"}).setOutputCol("assembled"),
        new PCA().setInputCol("assembled").setOutputCol("pca").setK(1),
        new StandardScaler().setInputCol("assembled").setOutputCol("scaled"),
        new VectorSizeHint().setInputCol("pca").setSize(1));
    assertRefusedForItsMetadata(strictOn("pca"), twoScalars, "PCA");
    assertRefusedForItsMetadata(strictOn("scaled"), twoScalars, "StandardScaler");
    assertEquals(1, strictOn("pca").setDimension(1).fit(twoScalars).privacyReport().dimension());
    // the assembled column without the scalar columns it names: nothing shows what its attributes were
    assertRefusedForItsMetadata(strictOn("assembled"), twoScalars.select("assembled"), "the columns dropped");
  }

  /** The job's --vector-column follows the same rule on the metadata a Parquet file stores. */
  @Test
  void theJobReadsAStoredVectorColumnsSizeByTheSameRule(SparkSession spark, @TempDir Path tmp) {
    Dataset<Row> numeric = spark.read().option("header", "true").option("inferSchema", "true")
        .csv("data-samples/blobs.csv");
    Dataset<Row> assembled = new VectorAssembler().setInputCols(new String[] {"x1", "x2", "x3"})
        .setOutputCol("features").transform(numeric);
    assembled.write().parquet(tmp.resolve("with-columns").toString());
    assembled.select("features").write().parquet(tmp.resolve("vector-only").toString());
    JobRunner.Outcome kept = run(spark, tmp.resolve("a"), "--input", tmp.resolve("with-columns").toString(),
        "--format", "parquet", "--vector-column", "features");
    assertEquals(0, kept.exit(), kept.err());
    assertRefusedBecauseOfTheDimension(run(spark, tmp.resolve("b"), "--input", tmp.resolve("vector-only").toString(),
        "--format", "parquet", "--vector-column", "features"), tmp.resolve("b"));
  }
}
