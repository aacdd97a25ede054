package io.pais.bench;

import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The read path side by side with Spark's own CSV reader on the same file in one run (local[2], default split
 * size): Spark's reader with a schema, counted (which parses no field: Spark prunes every column for a count) and
 * with every column summed (every field parsed); pais's CSV reader parsing every record into a keyed point, counted.
 * The file (n rows × d columns of Gaussian values with 6 decimals, about 10 bytes a field) is written once to
 * target/bench-data. Run: see docs/PERFORMANCE.md. Arguments: n (default 5,000,000), d (default 20).
 */
public final class ReadBenchmark {
  private static final int REPEATS = 3;

  private ReadBenchmark() {}

  public static void main(String[] args) throws IOException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Path file = Path.of("target", "bench-data", "read-" + n + "x" + d + ".csv").toAbsolutePath();
    if (!Files.exists(file)) {
      write(file, n, d);
    }
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-read")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    System.out.printf(Locale.ROOT, "file %s: %d rows x %d columns, %.0f MB; local[2], Spark %s%n", file, n, d,
        Files.size(file) / 1e6, spark.version());

    StructField[] fields = new StructField[d];
    Column[] all = new Column[d];
    for (int t = 0; t < d; t++) {
      fields[t] = new StructField("c" + t, DataTypes.DoubleType, false, org.apache.spark.sql.types.Metadata.empty());
      all[t] = functions.sum("c" + t);
    }
    StructType schema = new StructType(fields);
    InputSpec spec = new InputSpec(List.of(file.toString()), InputFormat.CSV, false, 0, ",", List.of(), List.of(), "",
        0);
    List<String> names = List.of("Spark CSV, schema, count()", "Spark CSV, schema, sum of every column",
        "pais CSV reader, every record parsed, count()");
    List<DoubleSupplier> contenders = List.of(
        () -> time(() -> spark.read().schema(schema).csv(file.toString()).count()),
        () -> time(() -> {
          Dataset<Row> sums = spark.read().schema(schema).csv(file.toString()).agg(all[0], Arrays.copyOfRange(all, 1, d));
          return sums.collectAsList().size();
        }),
        () -> time(() -> {
          Points points = PointReader.read(spark, spec);
          return points.rdd().count();
        }));
    for (DoubleSupplier c : contenders) {
      c.getAsDouble(); // warm-up
    }
    double[][] seconds = new double[contenders.size()][REPEATS];
    for (int i = 0; i < REPEATS; i++) { // in turn, so that a drift in the machine's speed reaches all alike
      for (int c = 0; c < contenders.size(); c++) {
        seconds[c][i] = contenders.get(c).getAsDouble();
      }
    }
    System.out.printf(Locale.ROOT, "seconds, median of %d runs after a warm-up%n", REPEATS);
    double sparkParsed = median(seconds[1]);
    for (int c = 0; c < contenders.size(); c++) {
      double m = median(seconds[c]);
      System.out.printf(Locale.ROOT, "  %-48s %7.2f s  %6.2f M rows/s  %5.2f x Spark's parsed read%n", names.get(c), m,
          n / m / 1e6, m / sparkParsed);
    }
    spark.stop();
  }

  private interface Job {
    long run();
  }

  private static double time(Job job) {
    long start = System.nanoTime();
    long result = job.run();
    if (result < 0) {
      throw new IllegalStateException();
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static void write(Path file, int n, int d) throws IOException {
    Files.createDirectories(file.getParent());
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    SplittableRandom random = new SplittableRandom(99);
    try (BufferedWriter out = Files.newBufferedWriter(partial)) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < n; i++) {
        line.setLength(0);
        for (int t = 0; t < d; t++) {
          if (t > 0) {
            line.append(',');
          }
          long micros = Math.round(random.nextGaussian() * 3e6); // 6 decimals
          if (micros < 0) {
            line.append('-');
            micros = -micros;
          }
          line.append(micros / 1_000_000).append('.');
          String fraction = Long.toString(micros % 1_000_000);
          line.append("000000", fraction.length(), 6).append(fraction);
        }
        out.append(line).append('\n');
      }
    }
    Files.move(partial, file);
  }
}
