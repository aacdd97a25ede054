package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded release depends on the rows, their order, the seed and the flags, not on how Spark split the input:
 * the same file read with different split sizes (so a different number of partitions), the same rows written as
 * one file and as seven, a compressed file, and Parquet files packed into different partitions give the same
 * sample and the same centres. Sums are added in another order when the partitions differ, so centres are
 * compared to 1e-9 relative; the samples must be identical.
 */
@ExtendWith(SharedSparkSession.class)
class PartitionIndependenceTest {
  private static final String SPLIT_MAX = "mapreduce.input.fileinputformat.split.maxsize";
  /** Centres agree to this relative tolerance (floating-point order of sums aside they are equal). */
  static final double TOLERANCE = 1e-9;

  private static List<String> rows(int n) {
    Random random = new Random(11);
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int blob = random.nextInt(4);
      rows.add(String.format(java.util.Locale.ROOT, "%.6f,%.6f,%.6f", blob * 3 + random.nextGaussian(),
          blob * -2 + random.nextGaussian(), random.nextGaussian()));
    }
    return rows;
  }

  /**
   * Runs the job (opt sampler at 20 %, seeded; paper mode with sample-point initialisation unless a clip radius
   * makes it strict): the centres.
   */
  private static double[][] release(SparkSession spark, Path output, String input, String... extra)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("--input", input, "--k", "4", "--iterations", "5", "--sampler",
        "opt", "--sample-size", "20%", "--epsilon", "3", "--output", output.toString()));
    args.addAll(List.of(extra));
    if (!args.contains("--clip-radius")) {
      args.addAll(List.of("--privacy", "paper", "--init", "sample-points"));
    } else {
      args.addAll(List.of("--dimension", "3"));
    }
    if (!args.contains("--seed")) {
      args.addAll(List.of("--seed", "5"));
    }
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    List<String> lines = Files.readAllLines(output.resolve("centers.csv"));
    double[][] centres = new double[lines.size() - 1][];
    for (int j = 1; j < lines.size(); j++) {
      String[] f = lines.get(j).split(",");
      centres[j - 1] = new double[f.length - 1];
      for (int t = 1; t < f.length; t++) {
        centres[j - 1][t - 1] = Double.parseDouble(f[t]);
      }
    }
    return centres;
  }

  private static int partitions(SparkSession spark, String path) {
    return spark.sparkContext().hadoopConfiguration().get(SPLIT_MAX) == null ? -1
        : io.pais.io.PointReader.read(spark, new io.pais.io.InputSpec(List.of(path), io.pais.io.InputFormat.CSV,
            false, 0, ",", List.of(), List.of(), "", 0)).rdd().getNumPartitions();
  }

  private static void assertSameCentres(double[][] expected, double[][] actual) {
    assertEquals(expected.length, actual.length);
    for (int j = 0; j < expected.length; j++) {
      for (int t = 0; t < expected[j].length; t++) {
        assertEquals(expected[j][t], actual[j][t], TOLERANCE * Math.max(1, Math.abs(expected[j][t])),
            "centre " + j + ", coordinate " + t);
      }
    }
  }

  private static <T> T withSplitSize(SparkSession spark, long bytes, java.util.concurrent.Callable<T> body)
      throws Exception {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    String before = conf.get(SPLIT_MAX);
    conf.setLong(SPLIT_MAX, bytes);
    try {
      return body.call();
    } finally {
      if (before == null) {
        conf.unset(SPLIT_MAX);
      } else {
        conf.set(SPLIT_MAX, before);
      }
    }
  }

  @Test
  void oneFileReadWithTwoSplitSizesGivesTheSameRelease(SparkSession spark, @TempDir Path tmp) throws Exception {
    Path file = Files.write(tmp.resolve("points.csv"), rows(6000));
    int small = withSplitSize(spark, 16 * 1024, () -> partitions(spark, file.toString()));
    int large = withSplitSize(spark, 96 * 1024, () -> partitions(spark, file.toString()));
    assertTrue(small > large && large > 1, "the split sizes must change the partitioning: " + small + " vs " + large);
    double[][] a = withSplitSize(spark, 16 * 1024, () -> release(spark, tmp.resolve("a"), file.toString()));
    double[][] b = withSplitSize(spark, 96 * 1024, () -> release(spark, tmp.resolve("b"), file.toString()));
    assertSameCentres(a, b);
    // and the seed matters: another seed gives another release
    double[][] c = withSplitSize(spark, 16 * 1024, () -> release(spark, tmp.resolve("c"), file.toString(),
        "--seed", "6"));
    assertNotEquals(a[0][0], c[0][0]);
  }

  @Test
  void aStrictReleaseDoesNotDependOnTheSplitSizeEither(SparkSession spark, @TempDir Path tmp) throws Exception {
    Path file = Files.write(tmp.resolve("points.csv"), rows(6000));
    double[][] a = withSplitSize(spark, 16 * 1024, () -> release(spark, tmp.resolve("a"), file.toString(),
        "--clip-radius", "20"));
    double[][] b = withSplitSize(spark, 96 * 1024, () -> release(spark, tmp.resolve("b"), file.toString(),
        "--clip-radius", "20"));
    assertSameCentres(a, b);
  }

  @Test
  void theSameRowsAsOneFileOrSevenGiveTheSameRelease(SparkSession spark, @TempDir Path tmp) throws Exception {
    List<String> rows = rows(5000);
    Path one = Files.write(Files.createDirectories(tmp.resolve("one")).resolve("all.csv"), rows);
    Path seven = Files.createDirectories(tmp.resolve("seven"));
    int per = (rows.size() + 6) / 7;
    for (int f = 0; f < 7; f++) {
      Files.write(seven.resolve(String.format("part-%02d.csv", f)),
          rows.subList(f * per, Math.min(rows.size(), (f + 1) * per)));
    }
    assertSameCentres(release(spark, tmp.resolve("a"), one.toString()),
        release(spark, tmp.resolve("b"), seven.toString()));
  }

  @Test
  void aCompressedFileGivesTheSameReleaseWhateverTheSplitSize(SparkSession spark, @TempDir Path tmp)
      throws Exception {
    Path file = tmp.resolve("points.csv.bz2");
    org.apache.hadoop.io.compress.BZip2Codec codec = new org.apache.hadoop.io.compress.BZip2Codec();
    codec.setConf(new Configuration());
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(file))) {
      out.write((String.join("\n", rows(6000)) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    double[][] a = withSplitSize(spark, 8 * 1024, () -> release(spark, tmp.resolve("a"), file.toString()));
    double[][] b = release(spark, tmp.resolve("b"), file.toString());
    assertSameCentres(a, b);
  }

  @Test
  void parquetFilesPackedIntoOtherPartitionsGiveTheSameRelease(SparkSession spark, @TempDir Path tmp)
      throws Exception {
    Path csv = Files.write(tmp.resolve("points.csv"), rows(4000));
    Path parquet = tmp.resolve("parquet");
    spark.read().option("inferSchema", "true").csv(csv.toString()).repartition(5).write().parquet(parquet.toString());
    String key = "spark.sql.files.maxPartitionBytes";
    String before = spark.conf().get(key);
    double[][] packed = release(spark, tmp.resolve("a"), parquet.toString(), "--format", "parquet");
    double[][] spread;
    spark.conf().set(key, "1024");
    try {
      assertTrue(spark.read().parquet(parquet.toString()).rdd().getNumPartitions() >= 5);
      spread = release(spark, tmp.resolve("b"), parquet.toString(), "--format", "parquet");
    } finally {
      spark.conf().set(key, before);
    }
    assertSameCentres(packed, spread);
    assertArrayEquals(new int[] {packed.length}, new int[] {spread.length});
  }
}
