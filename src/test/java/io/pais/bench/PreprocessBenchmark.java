package io.pais.bench;

import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * The paper preprocessing (mean, exact 97.5 % percentile, filter, re-centring) on generated Gaussian points
 * (generated in the tasks, so the first pass includes generating them, as the job's includes parsing),
 * without and with one far outlier (the case that used to bring every distance to the driver): seconds, medians
 * of 3 runs after a warm-up, local[2]. Arguments: n (default 1,000,000), d (default 20). See docs/PERFORMANCE.md.
 */
public final class PreprocessBenchmark {
  private static final int REPEATS = 3;

  private PreprocessBenchmark() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-bench")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    System.out.printf(Locale.ROOT, "data: n=%d d=%d, 8 partitions, master %s, Spark %s, heap %d MB%n", n, d,
        spark.sparkContext().master(), spark.version(), Runtime.getRuntime().maxMemory() >> 20);
    for (boolean outlier : new boolean[] {false, true}) {
      // not cached here: paper preprocessing caches its input, as in the job (where the input is parsed text)
      JavaRDD<double[]> raw = generate(jsc, n, d, outlier);
      Points points = Points.keyedByPartition(raw, d, "generated");
      double[] seconds = new double[REPEATS + 1];
      for (int rep = 0; rep <= REPEATS; rep++) {
        long start = System.nanoTime();
        PreparedData data = Preprocessor.paper(points.rdd(), d, Geometry.L2, "generated");
        seconds[rep] = (System.nanoTime() - start) / 1e9;
        data.release();
        points.rdd().unpersist(true);
      }
      double[] timed = java.util.Arrays.copyOfRange(seconds, 1, seconds.length);
      java.util.Arrays.sort(timed);
      System.out.printf(Locale.ROOT, "paper preprocessing, %s: median %.3f s (runs %s)%n",
          outlier ? "one 1e12 outlier" : "Gaussian", timed[REPEATS / 2], java.util.Arrays.toString(timed));
    }
    spark.stop();
  }

  private static JavaRDD<double[]> generate(JavaSparkContext jsc, int n, int d, boolean outlier) {
    List<Integer> parts = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      parts.add(p);
    }
    return jsc.parallelize(parts, 8).flatMap(p -> {
      SplittableRandom random = new SplittableRandom(p);
      List<double[]> rows = new ArrayList<>();
      for (int i = p * (n / 8); i < (p + 1) * (n / 8); i++) {
        double[] x = new double[d];
        for (int t = 0; t < d; t++) {
          x[t] = outlier && i == 0 ? 1e12 : random.nextGaussian();
        }
        rows.add(x);
      }
      return rows.iterator();
    });
  }
}
