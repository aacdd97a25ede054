package io.pais.preprocessing;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.estimation.PrivateNormHistogram;
import io.pais.privacy.Geometry;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The sensitivities the strict estimators are calibrated for hold on the aggregates the pipeline computes: one
 * point added far outside the clip ball moves the centre sum by at most R₀ (exactly R₀ here) and the count by
 * one, and moves exactly one histogram bin by one.
 */
@ExtendWith(SharedSparkSession.class)
class StrictSensitivityTest {

  @Test
  void aFarPointMovesTheCentreSumByR0AndOneHistogramBinByOne(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> rows = Fixtures.gaussianPoints(3000, 4, 7);
    List<double[]> withFar = new ArrayList<>(rows);
    withFar.add(new double[] {1e6, -3e6, 2e6, 5e5});
    double r0 = 3;
    double[] origin = {0.5, 0, -0.5, 1};
    for (Geometry g : Geometry.values()) {
      OffsetSums a = StrictPreprocessor.offsetSums(cached(jsc, rows, origin, r0, g), origin);
      OffsetSums b = StrictPreprocessor.offsetSums(cached(jsc, withFar, origin, r0, g), origin);
      assertEquals(1, b.count - a.count);
      double[] moved = new double[4];
      for (int t = 0; t < 4; t++) {
        moved[t] = b.sum[t] - a.sum[t];
      }
      // by R0 less the float cache's rounding toward the origin (at most 2^-22 of the clip radius a coordinate)
      assertEquals(r0, g.norm(moved), 1e-6 * r0, g + ": the sum moves by R0");
      assertTrue(g.norm(moved) <= r0, g + ": never by more");

      double upper = r0 + 1;
      long[] h0 = normCounts(jsc, rows, origin, r0, upper, g);
      long[] h1 = normCounts(jsc, withFar, origin, r0, upper, g);
      int changed = 0;
      for (int i = 0; i < h0.length; i++) {
        if (h0[i] != h1[i]) {
          changed++;
          assertEquals(1, h1[i] - h0[i]);
        }
      }
      assertEquals(1, changed, g + ": exactly one bin changes");
    }
  }

  /**
   * The tail axes' exact counts, taken in the histogram's scan: one point added far outside the clip ball moves one
   * count by one — its signed dominant axis (coordinate 1, negative: signed axis 3) in its norm's bin — and over the
   * signed axes they add up to the histogram's counts.
   */
  @Test
  void aFarPointMovesOneTailAxisCountByOne(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> rows = Fixtures.gaussianPoints(3000, 4, 8);
    List<double[]> withFar = new ArrayList<>(rows);
    withFar.add(new double[] {1e6, -3e6, 2e6, 5e5});
    double r0 = 3;
    double[] origin = {0.5, 0, -0.5, 1};
    for (Geometry g : Geometry.values()) {
      double upper = r0 + 1.1; // R0 away from a bin edge
      HistogramScan a = scan(jsc, rows, origin, r0, upper, g);
      HistogramScan b = scan(jsc, withFar, origin, r0, upper, g);
      int changed = 0;
      for (int i = 0; i < a.axes().counts().length; i++) {
        long moved = b.axes().counts()[i] - a.axes().counts()[i];
        if (moved != 0) {
          changed++;
          assertEquals(1, moved);
          assertEquals(3, i / 33, g + ": the far point's signed dominant axis");
          assertEquals(PrivateNormHistogram.bin(r0, upper, 32), i % 33, g + ": in its norm's bin (R0 from c0 = ĉ)");
        }
      }
      assertEquals(1, changed, g + ": exactly one count changes");
      for (int bin = 0; bin <= 32; bin++) {
        long sum = 0;
        for (int signedAxis = 0; signedAxis < 8; signedAxis++) {
          sum += b.axes().counts()[signedAxis * 33 + bin];
        }
        assertEquals(b.counts()[bin], sum, g + ": bin " + bin);
      }
    }
  }

  private static HistogramScan scan(JavaSparkContext jsc, List<double[]> rows, double[] origin, double r0,
      double upper, Geometry g) {
    CentringView centring = new CentringView(origin, origin, Double.POSITIVE_INFINITY, g, false);
    return HistogramScan.total(HistogramScan.of(cached(jsc, rows, origin, r0, g), centring, upper, 32, true,
        KeyFilter.NONE));
  }

  /** The norm histogram's exact counts (32 bins on [0, upper]) of the rows as the cache holds them. */
  private static long[] normCounts(JavaSparkContext jsc, List<double[]> rows, double[] origin, double r0, double upper,
      Geometry g) {
    return scan(jsc, rows, origin, r0, upper, g).counts();
  }

  /** The rows clipped to R0 around the origin and cached as a strict release caches them. */
  private static JavaRDD<ClippedBlock> cached(JavaSparkContext jsc, List<double[]> rows, double[] origin, double r0,
      Geometry g) {
    double inner = StrictPreprocessor.clipRadius(r0, origin, g);
    return Fixtures.keyed(jsc.parallelize(rows, 3))
        .mapPartitions(points -> ClippedBlock.pack(points, origin.length, origin, inner, g), true);
  }
}
