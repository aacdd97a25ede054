package io.pais.testing;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyReport;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.lloyd.SampleBlock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The data and values tests share: written once here, not once per test class. */
public final class Fixtures {
  private Fixtures() {}

  /** The shipped sample of Gaussian blobs (a header, five features and a label column). */
  public static String blobsCsv() {
    return Path.of("data-samples/blobs.csv").toAbsolutePath().toString();
  }

  /** {@link #blobsCsv()} as a DataFrame, its schema inferred. */
  public static Dataset<Row> blobs(SparkSession spark) {
    return spark.read().option("header", "true").option("inferSchema", "true").csv(blobsCsv());
  }

  /** n points in d dimensions around four centres on the diagonal (3c, …, 3c), c = 0..3, unit variance. */
  public static List<double[]> gaussianPoints(int n, int d, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] x = new double[d];
      int c = random.nextInt(4);
      for (int t = 0; t < d; t++) {
        x[t] = 3 * c + random.nextGaussian();
      }
      out.add(x);
    }
    return out;
  }

  /** Coordinate t of row i, drawn from the generator the rows share (one call order for every run). */
  @FunctionalInterface
  public interface Coordinate {
    double of(int row, int t, SplittableRandom random);
  }

  /** n rows of d coordinates keyed by their index, the coordinates drawn row by row from one seeded generator. */
  public static List<KeyedPoint> keyedRows(int n, int d, long seed, Coordinate coordinate) {
    SplittableRandom random = new SplittableRandom(seed);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] x = new double[d];
      for (int t = 0; t < d; t++) {
        x[t] = coordinate.of(i, t, random);
      }
      out.add(new KeyedPoint(i, x));
    }
    return out;
  }

  /** Points keyed by (partition, position), as a DataFrame without a stable row order is. */
  public static JavaRDD<KeyedPoint> keyed(JavaRDD<double[]> points) {
    return Points.keyedByPartition(points, points.first().length, "test points").rdd();
  }

  /** Every row of {@code blocks} in order, as "weight,x1,x2,…": two samples are equal when these are. */
  public static List<String> rows(Iterable<SampleBlock> blocks) {
    List<String> out = new ArrayList<>();
    for (SampleBlock b : blocks) {
      for (int i = 0; i < b.rows(); i++) {
        StringBuilder row = new StringBuilder(Double.toString(b.weights()[i]));
        for (int t = 0; t < b.dimension(); t++) {
          row.append(',').append(b.value(i, t));
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  /** {@link #rows} sorted: the sample as a multiset of weighted rows, whatever the order of its blocks. */
  public static List<String> sortedRows(Iterable<SampleBlock> blocks) {
    List<String> out = rows(blocks);
    out.sort(null);
    return out;
  }

  /** A ledger entry of {@code stage} spending {@code epsilon} (pure DP), its descriptions placeholders. */
  public static LedgerEntry ledgerEntry(LedgerStage stage, double epsilon) {
    return new LedgerEntry(stage, "test mechanism", epsilon, 0, "test sensitivity", "test scale", "test output");
  }

  /** The value of the report's statistic {@code name} (r, xTilde, rho, …); fails when the report has none. */
  public static double statistic(PrivacyReport report, String name) {
    return report.statistics().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().value();
  }
}
