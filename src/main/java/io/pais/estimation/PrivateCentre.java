package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.Relation;
import io.pais.accounting.PrivacyLedger;
import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
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
   * The released centre and the noisy count it was divided by (both DP outputs: later stages may use the count, as
   * a public estimate of the number of clipped points, at no further cost).
   *
   * @param centre ĉ
   * @param count max(1, Σ 1 + ξ), with the variance of ξ
   * @param coordinateVariance the variance of one coordinate of ζ / max(1, Σ 1 + ξ) at the noisy count: how far the
   *     noise alone moves ĉ, a function of public constants and a DP output
   */
  public record Estimate(double[] centre, NoisyCount count, double coordinateVariance) {}

  /**
   * @param clippedSum Σ (x − c₀) over the clipped points (exact; never published)
   * @param count the number of points (exact; never published)
   * @param origin c₀
   * @param clipRadius R₀
   * @return ĉ and the noisy count, DP outputs
   */
  public static Estimate release(double[] clippedSum, long count, double[] origin, double clipRadius,
      Geometry geometry, double epsilon, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("clippedSum", clippedSum);
    Checks.require(origin.length == clippedSum.length, "origin must have " + clippedSum.length
        + " coordinates, got " + origin.length);
    Checks.positive("clipRadius (R0)", clipRadius);
    Checks.positive("epsilon of the centre stage", epsilon);
    double sumScale = clipRadius / (epsilon / 2);
    double countScale = 1 / (epsilon / 2);
    LatticeNoise.Pair noise = LatticeNoise.countAndSum(countScale, sumScale, geometry, clippedSum.length);
    ledger.spend(new LedgerEntry(LedgerStage.CENTRE, "noisy clipped sum over a noisy count (" + noise.describe(geometry) + ")",
        epsilon, 0,
        ledger.relation() == Relation.SUBSTITUTION
            // substitution: the count does not move and the sum moves by up to 2R0, which costs 2R0/sumScale = ε
            ? String.format(Locale.ROOT, "sum: %.6g (twice the clip radius R0, %s: one point out, one in); count: 0",
                2 * clipRadius, geometry.name().toLowerCase(Locale.ROOT))
            : String.format(Locale.ROOT, "sum: %.6g (the clip radius R0, %s); count: 1", clipRadius,
                geometry.name().toLowerCase(Locale.ROOT)),
        String.format(Locale.ROOT, "sum: %.6g; count: %.6g", sumScale, countScale), "the centre"));
    double[] centre = noise.sum().release(clippedSum, rng);
    double noisyCount = Math.max(1, noise.count().release(count, rng));
    for (int i = 0; i < centre.length; i++) {
      centre[i] = origin[i] + centre[i] / noisyCount;
    }
    return new Estimate(centre, new NoisyCount(noisyCount, noise.count().variance()),
        noise.sum().coordinateVariance() / (noisyCount * noisyCount));
  }
}
