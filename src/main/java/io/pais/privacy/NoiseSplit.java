package io.pais.privacy;

import io.pais.math.Checks;

/**
 * How DP-Lloyd's per-iteration budget is split between the counts and the sums, as the ratio β_count/β_sum.
 *
 * <p>Why a unit-free split. The centre of a cluster of weight W is (S + ζ)/(W + ξ) ≈ c + (ζ − c·ξ)/W, so its
 * squared error is (E‖ζ‖² + ‖c‖²·E ξ²)/W². With a = 1/β_count and b = r/β_sum the per-iteration ε is a + b, and
 * E‖ζ‖² = m₂·β_sum² = m₂·r²/b², E ξ² = 2/a² (m₂ = E‖ζ‖²/β² of the sum noise, {@link SumShape#secondMoment}:
 * d(d + 1) for the ℓ2 noise of SPEC §2, 2d for i.i.d. Laplace coordinates). Minimising m₂r²/b² + 2‖c‖²/a² over
 * a + b = const gives b/a = cbrt(m₂·r²/(2‖c‖²)); at a typical centre ‖c‖ = r/2 that is g = cbrt(2·m₂), i.e.
 * β_count = g·β_sum/r.
 * The ratio b/a does not depend on the data's units, so rescaling the data rescales β_sum and leaves β_count —
 * the release changes only by the rescaling. Su et al.'s ratio β_count = cbrt(4dρ²)·β_sum (SPEC §7) instead
 * compares a count with a length: on data whose norms are in the hundreds it gives the counts a fraction of a
 * per cent of the budget (measured in issue 11: on htru2 at ε = 1 the count noise exceeds a typical cluster's size).
 */
public enum NoiseSplit {
  /** Su et al.'s β_count = cbrt(4dρ²)·β_sum, ρ = 0.225 (SPEC §7, the paper's calibration; depends on units). */
  SU_ET_AL,
  /** β_count = g·β_sum/r with g = cbrt(2·m₂), m₂ = E‖ζ‖²/β_sum² of the geometry's sum noise (unit-free). */
  UNIT_FREE;

  /** ρ of Su et al.'s split. */
  public static final double RHO = 0.225;

  /** g = b/a of the unit-free split: the sums' share of the budget over the counts'. */
  public static double unitFreeRatio(int dimension, SumShape shape) {
    return Math.cbrt(2 * sumSecondMoment(dimension, shape));
  }

  /**
   * m₂ = E‖ζ‖²/β² of the shape's d-dimensional sum noise at scale β ({@link SumShape#secondMoment}): d(d+1) for ℓ2,
   * 2d for ℓ1, (d + 1)(d + 2)κ²/3 for a box reaching κ.
   */
  public static double sumSecondMoment(int dimension, SumShape shape) {
    Checks.positive("dimension (d)", dimension);
    return Checks.notNull("sum shape", shape).secondMoment(dimension);
  }

  /** Calibrated scales at noise knob B: ε_full(B) = sqrt(B)·ε_full(1) for either split. */
  NoiseScales calibrate(int iterations, double radius, int dimension, double noiseKnob, SumShape shape) {
    if (this == SU_ET_AL) {
      double betaSum = Math.sqrt(iterations * radius / noiseKnob) * Math.cbrt(dimension / (2 * RHO));
      return new NoiseScales(iterations, radius, dimension, noiseKnob, betaSum,
          Math.cbrt(4 * dimension * RHO * RHO) * betaSum);
    }
    // with β_count = g·β_sum/r: ε_full = T·r(1 + 1/g)/β_sum, so this β_sum makes ε_full = sqrt(B) (B unit-free)
    double g = unitFreeRatio(dimension, shape);
    double betaSum = iterations * radius * (1 + 1 / g) / Math.sqrt(noiseKnob);
    return new NoiseScales(iterations, radius, dimension, noiseKnob, betaSum, g * betaSum / radius);
  }
}
