package io.pais.preprocessing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pais.testing.ForkedJvm;
import io.pais.testing.SharedSparkSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The percentile step is exact (equal to sorting) and its driver memory does not grow with n. */
@ExtendWith(SharedSparkSession.class)
class OrderStatisticTest {

  private static void assertSelects(JavaSparkContext jsc, double[] values) {
    List<Double> boxed = new ArrayList<>();
    for (double v : values) {
      boxed.add(v);
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    var rdd = jsc.parallelizeDoubles(boxed, 3);
    int n = values.length;
    for (long rank : new long[] {0, n / 3, (long) Math.floor(0.975 * (n - 1)), n - 1}) {
      assertEquals(sorted[(int) rank], OrderStatistic.select(rdd, rank), "rank " + rank + " of " + n);
    }
  }

  @Test
  void equalsSortingOnSpreadTiedHeavyTailedAndConstantData(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    SplittableRandom random = new SplittableRandom(5);
    int n = 60_000;
    double[] spread = new double[n];
    double[] tied = new double[n];
    double[] heavy = new double[n];
    for (int i = 0; i < n; i++) {
      spread[i] = random.nextDouble() * 10;
      tied[i] = random.nextInt(5) * 0.25;
      heavy[i] = Math.abs(1 / (random.nextDouble() - 0.5));
    }
    heavy[17] = 1e12;
    heavy[18] = 0.0;
    double[] constant = new double[n];
    Arrays.fill(constant, 3.5);
    assertSelects(jsc, spread);
    assertSelects(jsc, tied);
    assertSelects(jsc, heavy);
    assertSelects(jsc, constant);
    assertSelects(jsc, new double[] {-0.0, 0.0, 1e-300, Double.MIN_VALUE});
  }

  /**
   * A million distances with one 1e12 outlier put every other point in the first bin of a histogram on
   * [0, 1e12] (the old scheme then collected all of them to the driver). Here the step runs in a JVM whose
   * whole heap (driver and local executor) is 72 MB and must still return the exact value.
   */
  @Test
  void aMillionPointsWithAFarOutlierFitASmallDriverHeap(@TempDir Path tmp) throws Exception {
    long n = 1_000_000;
    long rank = (long) Math.floor(0.975 * (n - 1));
    double[] all = new double[(int) n];
    for (int i = 0; i < n; i++) {
      all[i] = PercentileSmallHeapMain.value(i, n);
    }
    Arrays.sort(all);
    ForkedJvm.Result r = ForkedJvm.run(tmp, List.of("-Xmx72m", "-Dspark.ui.enabled=false"),
        PercentileSmallHeapMain.class.getName(), Long.toString(n), Long.toString(rank));
    assertEquals(0, r.exit(), r.err());
    assertEquals("value=" + all[(int) rank], r.out().strip());
  }
}
