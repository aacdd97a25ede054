package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.SubsampleAmplification;
import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
import io.pais.noise.LatticeSumNoise;
import io.pais.privacy.Geometry;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Per-coordinate spreads of the prepared points for the private coreset's box, in units of r: the vector
 * (Σ (x_j/r)²)_j plus i.i.d. Laplace noise. One point adds ((x_j/r)²)_j, whose ℓ1 norm is ‖x‖₂²/r² ≤ 1 (also for the
 * ℓ1 geometry, where ‖x‖₂ ≤ ‖x‖₁ ≤ r), so the scale is 1/ε (2/ε under substitution). σ̂_j/r = sqrt(max(0, noisy)/n̂)
 * with n̂ public. Working in units of r makes the lattice and the integer noise scale independent of the data's
 * units, so a seeded release on rescaled data draws the same noise (it changes only by the rescaling).
 */
public final class PrivateSpreads {
  private PrivateSpreads() {}

  /**
   * @param sumOfSquares Σ (x_j/r)² over the prepared points, whose norms are at most r (exact; never published)
   * @param count n̂, a public estimate of their number (on a subsample: its expected size)
   * @param epsilon the ε the ledger records
   * @param amplification the subsample the sums were taken over, which sets the noise for a larger ε
   * @return the noisy standard deviations σ̂_j/r (DP outputs)
   */
  public static double[] release(double[] sumOfSquares, double count, double epsilon,
      SubsampleAmplification amplification, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("sumOfSquares", sumOfSquares);
    Checks.positive("count (n)", count);
    Checks.positive("epsilon of the spreads", epsilon);
    double sensitivity = ledger.relation().sensitivityFactor();
    double scale = sensitivity / amplification.noiseEpsilon(epsilon);
    LatticeSumNoise noise = LatticeNoise.sum(scale, sensitivity, Geometry.L1, sumOfSquares.length);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_SPREADS, "discrete Laplace per coordinate (on a lattice) on the "
        + "sums of squared coordinates over r^2" + amplification.note(), epsilon, 0, String.format(Locale.ROOT, "l1 %.0f (%s)", sensitivity,
            sensitivity > 1 ? "a point out and one in, each |x|^2/r^2 <= 1" : "|x|^2/r^2 <= 1"),
        String.format(Locale.ROOT, "%.6g per coordinate", scale), "per-coordinate spreads (the coreset's box)"));
    double[] noisy = noise.release(sumOfSquares, rng);
    double[] spreads = new double[noisy.length];
    for (int j = 0; j < noisy.length; j++) {
      spreads[j] = Math.sqrt(Math.max(0, noisy[j]) / count);
    }
    return spreads;
  }
}
