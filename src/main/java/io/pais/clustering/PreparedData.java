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
 */
public record PreparedData(JavaRDD<KeyedPoint> points, int dimension, long count, double radius,
    double meanNormStatistic, double[] offset, double percentile) {

  /** ℓ2 norm of the subtracted centre. */
  public double centreNorm() {
    return Norms.l2(offset);
  }
}
