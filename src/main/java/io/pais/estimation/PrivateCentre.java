package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.math.Checks;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.SumNoise;
import io.pais.privacy.Geometry;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The DP centre of SPEC §13, stage 1: ĉ = c₀ + (Σ (x − c₀) + ζ) / max(1, Σ 1 + ξ) over points clipped to the
 * ball of radius R₀ around c₀ in the run's geometry. Adding or removing one point moves the sum by at most R₀
 * (in that norm) and the count by 1, so half the stage's ε goes to each: ζ has density ∝ exp(−‖ζ‖/β) with
 * β = R₀/(ε/2) (the sum noise of SPEC §2), ξ ~ Laplace(1/(ε/2)).
 */
public final class PrivateCentre {
  private PrivateCentre() {}

  /**
   * @param clippedSum Σ (x − c₀) over the clipped points (exact; never published)
   * @param count the number of points (exact; never published)
   * @param origin c₀
   * @param clipRadius R₀
   * @return ĉ, a DP output
   */
  public static double[] release(double[] clippedSum, long count, double[] origin, double clipRadius,
      Geometry geometry, double epsilon, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("clippedSum", clippedSum);
    Checks.require(origin.length == clippedSum.length, "origin must have " + clippedSum.length
        + " coordinates, got " + origin.length);
    Checks.positive("clipRadius (R0)", clipRadius);
    Checks.positive("epsilon of the centre stage", epsilon);
    double sumScale = clipRadius / (epsilon / 2);
    double countScale = 1 / (epsilon / 2);
    ledger.spend(new LedgerEntry("centre", "noisy clipped sum over a noisy count (Laplace count; sum noise of "
        + geometry.name().toLowerCase(Locale.ROOT) + " density, Gamma(d) radius for l2)", epsilon, 0,
        String.format(Locale.ROOT, "sum: %.6g (the clip radius R0, %s); count: 1", clipRadius,
            geometry.name().toLowerCase(Locale.ROOT)),
        String.format(Locale.ROOT, "sum: %.6g; count: %.6g", sumScale, countScale), "the centre"));
    double[] zeta = SumNoise.of(geometry, clippedSum.length, sumScale).sample(rng);
    double noisyCount = Math.max(1, count + new LaplaceNoise(countScale).sample(rng));
    double[] centre = new double[clippedSum.length];
    for (int i = 0; i < centre.length; i++) {
      centre[i] = origin[i] + (clippedSum[i] + zeta[i]) / noisyCount;
    }
    return centre;
  }
}
