package io.pais.noise;

import io.pais.math.Checks;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;

/**
 * One noise for a cluster's weighted count and its weighted sum of ℓ2-clipped offsets together: the K-norm mechanism
 * (Hardt and Talwar 2010) of the cylinder K = {(c, o) : |c| ≤ 1, ‖o‖₂ ≤ ρ}, the set a record's (count, offset) lies in.
 * The noise (η, ζ) in R × R^d has density ∝ exp(−ε·max(|η|, ‖ζ‖₂/ρ)), so neighbours whose (count, sum) differ by a
 * point of w·K cost at most w·ε — the same as Laplace(β_c) on the count and exp(−‖ζ‖/β_s) on the sum at
 * ε = 1/β_c + ρ/β_s, which spend that ε in two parts. In polar form (η, ζ) = R·(u, ρ·v) with R ~ Gamma(d + 2, 1/ε)
 * and (u, v) uniform in the unit cylinder: u uniform on [−1, 1], v = U^(1/d)·g/‖g‖₂ uniform in the unit ball.
 *
 * <p>Its moments: Var η = (d + 2)(d + 3)/(3ε²) and E‖ζ‖² = d(d + 3)ρ²/ε², against the split's 2β_c² and d(d + 1)β_s².
 * In few dimensions both are smaller ({@link #smallerThanSplit}); in many the count's grows as d²/3.
 */
public final class CylinderNoise {
  private final double epsilon;
  private final double reach;
  private final int dimension;

  /**
   * @param epsilon ε of one record of weight 1 (the scale of R is 1/ε)
   * @param reach ρ, the ℓ2 bound of a record's term in the sum
   * @param dimension d, the sum's coordinates
   */
  public CylinderNoise(double epsilon, double reach, int dimension) {
    this.epsilon = Checks.positive("epsilon of the count and sum noise", epsilon);
    this.reach = Checks.positive("reach (rho) of the count and sum noise", reach);
    this.dimension = Checks.positive("dimension (d)", dimension);
  }

  /** The ε of the split it replaces: 1/β_c + ρ/β_s. */
  public static CylinderNoise replacing(double betaCount, double betaSum, double reach, int dimension) {
    Checks.positive("betaCount", betaCount);
    Checks.positive("betaSum", betaSum);
    return new CylinderNoise(1 / betaCount + reach / betaSum, reach, dimension);
  }

  /**
   * Whether this noise at the split's ε is no larger than Laplace(β_c) on the count and the ℓ2 sum noise exp(−‖ζ‖/β_s)
   * in both moments: Var η ≤ 2β_c² and E‖ζ‖² ≤ d(d + 1)β_s². A function of the scales' ratio and d only.
   */
  public static boolean smallerThanSplit(double betaCount, double betaSum, double reach, int dimension) {
    CylinderNoise joint = replacing(betaCount, betaSum, reach, dimension);
    return joint.countVariance() <= 2 * betaCount * betaCount
        && joint.sumSecondMoment() <= dimension * (dimension + 1.0) * betaSum * betaSum;
  }

  public double epsilon() {
    return epsilon;
  }

  public double reach() {
    return reach;
  }

  public int dimension() {
    return dimension;
  }

  /** Var η = E R²/3 = (d + 2)(d + 3)/(3ε²). */
  public double countVariance() {
    return (dimension + 2.0) * (dimension + 3.0) / (3 * epsilon * epsilon);
  }

  /** E‖ζ‖² = E R²·ρ²·d/(d + 2) = d(d + 3)ρ²/ε². */
  public double sumSecondMoment() {
    return dimension * (dimension + 3.0) * reach * reach / (epsilon * epsilon);
  }

  /** One draw: η at index 0, ζ at indices 1 … d. */
  public double[] sample(UniformRandomProvider rng) {
    double radius = AhrensDieterMarsagliaTsangGammaSampler.of(rng, dimension + 2, 1 / epsilon).sample();
    double[] out = new double[dimension + 1];
    out[0] = radius * (2 * rng.nextDouble() - 1);
    double[] direction = new double[dimension];
    double norm;
    do {
      norm = SumNoise.gaussians(rng, direction);
    } while (norm == 0);
    // a point uniform in the ball of radius ρ: its radius ρ·U^(1/d) along a uniform direction
    double length = radius * reach * Math.pow(rng.nextDouble(), 1.0 / dimension) / norm;
    for (int i = 0; i < dimension; i++) {
      out[i + 1] = direction[i] * length;
    }
    return out;
  }
}
