package io.pais.privacy;

import io.pais.math.Checks;

/**
 * The noise calibration of weighted DP-Lloyd (SPEC §7), following Su et al. 2016:
 * β_sum = sqrt(T·r/B)·cbrt(d/(2ρ)), β_count = cbrt(4·d·ρ²)·β_sum with ρ = 0.225. B is the single noise knob.
 * (The earlier text prints β_count = cbrt(4dρ²·β_sum); that is a typo and is not implemented.)
 *
 * @param iterations T, the number of DP-Lloyd iterations
 * @param radius r, the norm bound of the geometry
 * @param dimension d
 * @param budget B &gt; 0
 * @param betaSum scale of the sum noise
 * @param betaCount scale of the Laplace count noise
 */
public record NoiseScales(int iterations, double radius, int dimension, double budget, double betaSum,
    double betaCount) {

  /** ρ of Su et al.'s split between count and sum noise. */
  public static final double RHO = 0.225;

  public NoiseScales {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.positive("dimension (d)", dimension);
    Checks.positive("budget (B)", budget);
    Checks.positive("betaSum", betaSum);
    Checks.positive("betaCount", betaCount);
  }

  /** The calibrated scales for (T, r, d, B). */
  public static NoiseScales calibrate(int iterations, double radius, int dimension, double budget) {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.positive("dimension (d)", dimension);
    Checks.positive("budget (B)", budget);
    double betaSum = Math.sqrt(iterations * radius / budget) * Math.cbrt(dimension / (2 * RHO));
    double betaCount = Math.cbrt(4 * dimension * RHO * RHO) * betaSum;
    return new NoiseScales(iterations, radius, dimension, budget, betaSum, betaCount);
  }

  /** The PDP profile of weighted DP-Lloyd at these scales (SPEC §3). */
  public LloydProfile profile() {
    return new LloydProfile(iterations, betaCount, betaSum);
  }

  /** ε of DP-Lloyd on the full data (every weight 1, every norm ≤ r): T(1/β_count + r/β_sum). */
  public double fullDataEpsilon() {
    return profile().alpha(radius);
  }

  /** ε_full at B = 1 for (T, r, d); ε_full(B) = sqrt(B)·ε_full(1). */
  public static double fullDataEpsilonAtUnitBudget(int iterations, double radius, int dimension) {
    return calibrate(iterations, radius, dimension, 1.0).fullDataEpsilon();
  }
}
