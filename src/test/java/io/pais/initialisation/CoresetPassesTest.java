package io.pais.initialisation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pais.estimation.CellSchedule;
import io.pais.estimation.PrivateCellTree;
import io.pais.sampling.KeyedPoint;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The coreset's passes on the driver's copy and on Spark see the same points: equal sums (to rounding) and equal
 * exact cell counts, over points spread across partitions; the copy is taken only when it is small enough.
 */
@ExtendWith(SharedSparkSession.class)
class CoresetPassesTest {
  private static final int D = 3;

  private static JavaRDD<KeyedPoint> points(SparkSession spark, int n, int partitions) {
    Random random = new Random(5);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] x = new double[D];
      for (int t = 0; t < D; t++) {
        x[t] = random.nextGaussian() * (t + 1) + (i % 3 == 0 ? 2 : -1);
      }
      out.add(new KeyedPoint(i, x));
    }
    return JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(out, partitions);
  }

  @Test
  void theDriversCopyAndSparkAgree(SparkSession spark) {
    JavaRDD<KeyedPoint> rdd = points(spark, 5_000, 7);
    CoresetPasses onDriver = CoresetPasses.over(rdd, 5_000, D);
    CoresetPasses onSpark = CoresetPasses.over(rdd, CoresetPasses.DRIVER_VALUES, D);
    assertNotEquals(onDriver.getClass(), onSpark.getClass(), "the size decides where the passes run");

    CoresetPasses.Contribution squares = (acc, x) -> {
      for (int t = 0; t < D; t++) {
        acc[t] += x[t] * x[t];
        acc[D] += 1;
      }
    };
    assertArrayEquals(onSpark.sum(D + 1, squares), onDriver.sum(D + 1, squares), 1e-9);

    CellSchedule schedule = CellSchedule.widestFirst(new double[] {6, 6, 6}, PrivateCellTree.DEPTH);
    long[] root = {PrivateCellTree.ROOT};
    LongUnaryOperator spark3 = onSpark.cellCounts(schedule, root, 0, 3);
    LongUnaryOperator driver3 = onDriver.cellCounts(schedule, root, 0, 3);
    long total = 0;
    for (long key = 1L << 6; key < 1L << 7; key++) { // every cell of level 3
      assertEquals(spark3.applyAsLong(key), driver3.applyAsLong(key), "cell " + key);
      total += driver3.applyAsLong(key);
    }
    assertEquals(5_000, total, "every point in one level-3 cell");
    long[] live = {1L << 6 | 5, 1L << 6 | 22};
    LongUnaryOperator sparkDeep = onSpark.cellCounts(schedule, live, 3, 5);
    LongUnaryOperator driverDeep = onDriver.cellCounts(schedule, live, 3, 5);
    for (long key = 1L << 10; key < 1L << 11; key++) { // level 5, below the live cells or not
      assertEquals(sparkDeep.applyAsLong(key), driverDeep.applyAsLong(key), "cell " + key);
    }
    assertEquals(driver3.applyAsLong(live[0]) + driver3.applyAsLong(live[1]), sum(driverDeep, 10));
  }

  private static long sum(LongUnaryOperator counts, int bits) {
    long total = 0;
    for (long key = 1L << bits; key < 1L << (bits + 1); key++) {
      total += counts.applyAsLong(key);
    }
    return total;
  }
}
