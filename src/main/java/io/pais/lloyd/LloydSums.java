package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.io.Serializable;

/**
 * What DP-Lloyd adds up per cluster before the noise: the points themselves (the paper's sums, SPEC §2), or each
 * point's offset from its current centre, clipped ({@link ClippedOffsets}).
 *
 * <p>Why offsets. The noise on a cluster's sum is calibrated to what one point can move it by. Summing the points,
 * that is ‖x‖ ≤ r, the radius of the whole data set. Summing offsets x − c_j clipped to a bound ρ well below r,
 * one point moves the sum by at most ρ, so the same ε buys noise ρ/r as large, and the new centre is
 * c_j + (Σ offsets + ζ)/ñ_j. The count's noise then scales an offset, not a centre's distance from the origin. The
 * price is a bias: a point further than ρ from its centre pulls it by ρ only. The utility benchmark chooses the
 * bound ({@code io.pais.settings.OffsetClip}).
 */
public sealed interface LloydSums extends Serializable {

  /** The paper's sums of the points: one point moves its cluster's sum by ‖x‖ ≤ r. */
  record Points() implements LloydSums {}

  /**
   * Sums of offsets from the current centres: point x nearest to c_j adds x − c_j scaled down to norm at most
   * min(ρ, ‖x‖) in the geometry's norm. The cap ‖x‖ keeps the personalized profile of SPEC §3 with ‖x‖ replaced by
   * min(‖x‖, ρ): a point near the origin still costs less than one far out, which is what opt's weights use. The
   * centres are DP outputs of the iterations before, so the offsets' bound holds for any data set.
   *
   * @param bound ρ &gt; 0
   * @param geometry the norm that bounds an offset (the sum noise's)
   */
  record ClippedOffsets(double bound, Geometry geometry) implements LloydSums {
    public ClippedOffsets {
      Checks.positive("offset bound (rho)", bound);
      Checks.notNull("geometry", geometry);
    }

    /** The scale that brings an offset of norm {@code offsetNorm} to at most min(ρ, {@code pointNorm}). */
    double scale(double offsetNorm, double pointNorm) {
      double cap = Math.min(bound, pointNorm);
      return offsetNorm > cap ? cap / offsetNorm : 1.0;
    }
  }

  static LloydSums points() {
    return new Points();
  }

  static LloydSums clippedOffsets(double bound, Geometry geometry) {
    return new ClippedOffsets(bound, geometry);
  }
}
