package io.pais.tools;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Writes the seeded synthetic samples in data-samples/: {@code blobs.csv} (Gaussian blobs with a header and a
 * label column) and {@code blobs.parquet} (the same points as a Spark ML vector column). Deterministic: seed 2024.
 * Run: mvn -q test-compile exec:exec -Dbench.main=io.pais.tools.SampleDataGenerator -Dbench.args=data-samples
 */
public final class SampleDataGenerator {
  static final int N = 12_000;
  static final int D = 5;
  static final int CLUSTERS = 6;

  private SampleDataGenerator() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "data-samples");
    SplittableRandom random = new SplittableRandom(2024);
    double[][] means = new double[CLUSTERS][D];
    for (double[] m : means) {
      for (int t = 0; t < D; t++) {
        m[t] = random.nextDouble(-10, 10);
      }
    }
    List<Row> rows = new ArrayList<>();
    try (Writer csv = Files.newBufferedWriter(dir.resolve("blobs.csv"), StandardCharsets.UTF_8)) {
      StringBuilder header = new StringBuilder();
      for (int t = 0; t < D; t++) {
        header.append('x').append(t + 1).append(',');
      }
      csv.write(header.append("label\n").toString());
      for (int i = 0; i < N; i++) {
        int c = random.nextInt(CLUSTERS);
        double[] x = new double[D];
        StringBuilder line = new StringBuilder();
        for (int t = 0; t < D; t++) {
          x[t] = means[c][t] + 1.5 * random.nextGaussian();
          line.append(String.format(Locale.ROOT, "%.4f", x[t])).append(',');
          x[t] = Double.parseDouble(String.format(Locale.ROOT, "%.4f", x[t]));
        }
        csv.write(line.append(c).append('\n').toString());
        rows.add(RowFactory.create(i, Vectors.dense(x), c));
      }
    }
    SparkSession spark = SparkSession.builder().master("local[1]").appName("sample-data")
        .config("spark.ui.enabled", "false").getOrCreate();
    StructType schema = new StructType(new StructField[] {
        new StructField("id", DataTypes.IntegerType, false, Metadata.empty()),
        new StructField("features", new VectorUDT(), false, Metadata.empty()),
        new StructField("label", DataTypes.IntegerType, false, Metadata.empty())});
    spark.createDataFrame(rows, schema).coalesce(1).write().mode("overwrite")
        .parquet(dir.resolve("blobs.parquet").toString());
    spark.stop();
    writeStream(dir.resolve("stream"));
  }

  /**
   * {@code stream/}: a folder as a stream lands it, four files of (UTC time, x, y) from three 2-d blobs, 1,200 records
   * an hour from 2026-01-01 00:00 to 03:00 and a few of the hour after, which close the third window (seed 2025).
   */
  static void writeStream(Path dir) throws IOException {
    Files.createDirectories(dir);
    SplittableRandom random = new SplittableRandom(2025);
    double[][] means = {{-6, -6}, {6, -4}, {0, 7}};
    java.time.Instant start = java.time.Instant.parse("2026-01-01T00:00:00Z");
    for (int hour = 0; hour < 4; hour++) {
      try (Writer csv = Files.newBufferedWriter(dir.resolve("part-" + hour + ".csv"), StandardCharsets.UTF_8)) {
        csv.write("time,x,y\n");
        for (int i = 0, n = hour < 3 ? 1200 : 12; i < n; i++) {
          double[] mean = means[random.nextInt(means.length)];
          csv.write(String.format(Locale.ROOT, "%s,%.4f,%.4f%n", start.plusSeconds(hour * 3600L
              + random.nextInt(3600)), mean[0] + 1.5 * random.nextGaussian(), mean[1] + 1.5 * random.nextGaussian()));
        }
      }
    }
  }
}
