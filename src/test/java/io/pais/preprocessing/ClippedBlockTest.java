package io.pais.preprocessing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.privacy.Geometry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import io.pais.testing.SharedSparkSession;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The float cache of a strict release: a stored coordinate reads back no farther from the origin than the clipped
 * one and within 2⁻²² of the clip radius of it, for clip radii across the double range; blocks keep the rows in
 * order; a pass that reads only some keys reads exactly those rows, also when whole blocks or a partition's first
 * rows are skipped.
 */
@ExtendWith(SharedSparkSession.class)
class ClippedBlockTest {
  @Test
  void aStoredCoordinateReadsBackNoFartherFromTheOriginAndWithinFloatPrecision() {
    SplittableRandom random = new SplittableRandom(29);
    int steppedFurther = 0;
    for (int i = 0; i < 1_000_000; i++) {
      double unit = Math.scalb(1 + random.nextDouble(), random.nextInt(-300, 300));
      double y = unit * (2 * random.nextDouble() - 1);
      float u = ClippedBlock.stored(y, unit);
      double back = u * unit;
      assertTrue(Math.abs(back) <= Math.abs(y), y + " at unit " + unit + " reads back as " + back);
      assertTrue(Math.abs(y - back) <= 0x1.0p-22 * unit, y + " at unit " + unit + " reads back as " + back);
      if (Math.abs((float) (y / unit) * unit) > Math.abs(y)) {
        steppedFurther++;
      }
    }
    assertTrue(steppedFurther > 0, "rounding to nearest does overshoot (the check would catch it)");
  }

  @Test
  void blocksKeepTheRowsInOrder() {
    int d = 3;
    double[] origin = {10, -5, 0};
    List<KeyedPoint> points = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(3);
    int n = io.pais.sampling.spark.PoissonSampler.blockRows(d) + 17;
    for (int i = 0; i < n; i++) {
      points.add(new KeyedPoint(1000 + 7L * i, new double[] {10 + random.nextGaussian(), -5 + random.nextGaussian(),
          random.nextGaussian()}));
    }
    Iterator<ClippedBlock> blocks = ClippedBlock.pack(points.iterator(), d, origin, 50, Geometry.L2);
    int row = 0;
    while (blocks.hasNext()) {
      ClippedBlock block = blocks.next();
      for (int i = 0; i < block.rows(); i++, row++) {
        for (int t = 0; t < d; t++) {
          assertEquals(points.get(row).x()[t], block.coordinate(i, t, origin), 1e-5);
        }
      }
    }
    assertEquals(n, row);
  }

  @Test
  void aKeyFilterReadsExactlyTheRowsItKeeps(SparkSession spark) {
    int d = 2;
    double[] origin = {0, 0};
    int rowsPerBlock = io.pais.sampling.spark.PoissonSampler.blockRows(d);
    List<KeyedPoint> points = new ArrayList<>();
    for (int i = 0; i < 3 * rowsPerBlock + 5; i++) {
      points.add(new KeyedPoint(i, new double[] {i % 7, -(i % 5)}));
    }
    JavaRDD<ClippedBlock> blocks = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(points, 3)
        .mapPartitions(rows -> ClippedBlock.pack(rows, d, origin, 100, Geometry.L2), true);
    // the prepared points with centre c₀ and no projection: the cached points themselves
    CentringView view = new CentringView(origin, origin, 1000, Geometry.L2, false);
    List<KeyedPoint> all = view.prepared(blocks, KeyFilter.ALL).collect();
    assertEquals(points.size(), all.size());
    // a middle range of keys (whole blocks and partitions skipped), every third key, and none
    long from = rowsPerBlock;
    long to = 2L * rowsPerBlock;
    for (KeyFilter keep : new KeyFilter[] {key -> key >= from && key < to, key -> key % 3 == 2, key -> false}) {
      List<Long> expected = all.stream().map(KeyedPoint::key).filter(keep::keeps).toList();
      List<KeyedPoint> kept = view.prepared(blocks, keep).collect();
      assertEquals(expected, kept.stream().map(KeyedPoint::key).toList());
      for (KeyedPoint p : kept) {
        assertEquals(p.key() % 7, p.x()[0], 1e-5);
      }
    }
  }
}
