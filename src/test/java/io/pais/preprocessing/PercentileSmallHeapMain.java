package io.pais.preprocessing;

import org.apache.spark.api.java.JavaDoubleRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Runs the percentile step (the order statistic around the 97.5 % rank) on n generated distances with one far
 * outlier in local mode, for a JVM started with a small heap; prints the value. Driver and executor share that
 * heap here, and the values are generated in the tasks (never held), so what the step collects is what counts.
 */
public final class PercentileSmallHeapMain {
  private PercentileSmallHeapMain() {}

  /** The i-th generated distance: uniform on [0, 1) from a counter hash, and 1e12 for the last one. */
  static double value(long i, long n) {
    if (i == n - 1) {
      return 1e12;
    }
    long z = (i + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return ((z ^ (z >>> 31)) >>> 11) * 0x1.0p-53;
  }

  public static void main(String[] args) {
    long n = Long.parseLong(args[0]);
    long rank = Long.parseLong(args[1]);
    SparkSession spark = SparkSession.builder().master("local[1]").appName("percentile-small-heap")
        .config("spark.ui.enabled", "false")
        // Spark refuses heaps under 450 MB unless told its memory; the point of this run is a small heap
        .config("spark.testing.memory", String.valueOf(512L << 20))
        .getOrCreate();
    try {
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
      int parts = 8;
      JavaDoubleRDD values = jsc.parallelize(java.util.stream.IntStream.range(0, parts).boxed().toList(), parts)
          .flatMapToDouble(p -> java.util.stream.LongStream.range(p * n / parts, (p + 1) * n / parts)
              .mapToObj(i -> value(i, n)).iterator());
      System.out.println("value=" + OrderStatistic.select(values, rank));
    } finally {
      spark.stop();
    }
  }
}
