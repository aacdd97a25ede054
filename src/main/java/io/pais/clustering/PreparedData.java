package io.pais.clustering;

import io.pais.io.KeyedPoint;
import io.pais.math.Norms;
import org.apache.spark.api.java.JavaRDD;

/**
 * Preprocessed points with ‖x‖ ≤ r in the run's geometry, and the statistics taken along the way.
 *
 * @param points the points with their sampling keys (persisted)
 * @param dimension d
 * @param count n after preprocessing
 * @param radius r
 * @param meanNormStatistic x̃: mean squared ℓ2 norm (ℓ2) or mean ℓ1 norm (ℓ1)
 * @param offset the centre subtracted from every point (the second centring's mean in paper mode)
 * @param percentile the 97.5th percentile of centred ℓ2 norms (paper mode), NaN otherwise
 * @param cache the persisted RDD behind {@code points} (cached blocks that {@code points} reads through), or null
 *     when {@code points} is itself persisted
 */
public record PreparedData(JavaRDD<KeyedPoint> points, int dimension, long count, double radius,
    double meanNormStatistic, double[] offset, double percentile, JavaRDD<?> cache) {

  /** Prepared points that are themselves persisted. */
  public PreparedData(JavaRDD<KeyedPoint> points, int dimension, long count, double radius, double meanNormStatistic,
      double[] offset, double percentile) {
    this(points, dimension, count, radius, meanNormStatistic, offset, percentile, null);
  }

  /** Drops the cached copy behind the points (a later pass recomputes them from the input). */
  public void release() {
    (cache != null ? cache : points).unpersist(false);
  }

  /** ℓ2 norm of the subtracted centre. */
  public double centreNorm() {
    return Norms.l2(offset);
  }
}
