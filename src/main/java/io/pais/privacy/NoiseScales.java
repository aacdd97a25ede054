package io.pais.privacy;

import io.pais.math.Checks;

/**
 * The noise calibration of weighted DP-Lloyd. The paper's (SPEC §7) follows Su et al. 2016:
 * β_sum = sqrt(T·r/B)·cbrt(d/(2ρ)), β_count = cbrt(4·d·ρ²)·β_sum with ρ = 0.225. (The earlier text prints
 * β_count = cbrt(4dρ²·β_sum); that is a typo and is not implemented.) A strict release splits the budget between
 * counts and sums without reference to the data's units ({@link NoiseSplit#UNIT_FREE}). B is the single noise knob
 * of either: ε_full grows like sqrt(B).
 *
 * <p>{@code radius} is what one point can add to a cluster's sum: r, the data's norm bound, for the paper's sums of
 * points; ρ for sums of clipped offsets ({@code io.pais.lloyd.LloydSums}), whose profile is the paper's with ‖x‖
 * replaced by min(‖x‖, ρ). Everything below is then the same formula with ρ for r.
 *
 * @param iterations T, the number of DP-Lloyd iterations
 * @param radius the sum bound: r (sums of points) or ρ (sums of clipped offsets)
 * @param dimension d
 * @param noiseKnob B &gt; 0
 * @param betaSum scale of the sum noise
 * @param betaCount scale of the Laplace count noise
 */
public record NoiseScales(int iterations, double radius, int dimension, double noiseKnob, double betaSum,
    double betaCount) {

  public NoiseScales {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.positive("dimension (d)", dimension);
    Checks.positive("noise knob (B)", noiseKnob);
    Checks.positive("betaSum", betaSum);
    Checks.positive("betaCount", betaCount);
  }

  /** The paper's calibrated scales for (T, r, d, B) (SPEC §7). */
  public static NoiseScales calibrate(int iterations, double radius, int dimension, double noiseKnob) {
    return calibrate(iterations, radius, dimension, noiseKnob, NoiseSplit.SU_ET_AL, Geometry.L2);
  }

  /** The calibrated scales for (T, r, d, B) with a count/sum split (the unit-free one depends on the sums' shape). */
  public static NoiseScales calibrate(int iterations, double radius, int dimension, double noiseKnob, NoiseSplit split,
      SumShape shape) {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.positive("dimension (d)", dimension);
    Checks.positive("noise knob (B)", noiseKnob);
    Checks.notNull("split", split);
    Checks.notNull("sum shape", shape);
    return split.calibrate(iterations, radius, dimension, noiseKnob, shape);
  }

  /** The PDP profile of weighted DP-Lloyd at these scales (SPEC §3), flat beyond the sum bound. */
  public LloydProfile profile() {
    return new LloydProfile(iterations, betaCount, betaSum, radius);
  }

  /** ε of DP-Lloyd on the full data (every weight 1): T(1/β_count + b/β_sum), b the sum bound. */
  public double fullDataEpsilon() {
    return profile().alpha(radius);
  }

  /** ε_full at B = 1 for (T, r, d); ε_full(B) = sqrt(B)·ε_full(1). */
  public static double fullDataEpsilonAtUnitBudget(int iterations, double radius, int dimension, NoiseSplit split,
      SumShape shape) {
    return calibrate(iterations, radius, dimension, 1.0, split, shape).fullDataEpsilon();
  }
}
