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
 * The points of the private coreset, in units of r: each kept region's sum of x/r plus the sum noise of SPEC §2,
 * over the region's noisy count from the cell tree (post-processing), projected onto the unit ball. The regions
 * partition the points (they are a public function of the released tree), so one point moves one region's sum by
 * at most 1 in the geometry's norm: scale 1/ε (2/ε under substitution, a point leaving one region and another
 * joining one). In units of r the noise does not depend on the data's units (see {@link PrivateSpreads}).
 */
public final class PrivateCoresetPoints {
  private PrivateCoresetPoints() {}

  /**
   * @param sums the exact sums of x/r over the kept regions, F × d row-major (never published)
   * @param counts the regions' noisy counts (each at least the tree's threshold, so positive)
   * @param epsilon the ε the ledger records
   * @param amplification the subsample the sums were taken over, which sets the noise for a larger ε
   * @return the coreset points over r, F × d row-major (DP outputs)
   */
  public static double[] release(double[] sums, double[] counts, int dimension, Geometry geometry, double epsilon,
      SubsampleAmplification amplification, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.require(sums.length == counts.length * dimension, "sums must hold " + counts.length + " x "
        + dimension + " values, got " + sums.length);
    Checks.positive("epsilon of the coreset sums", epsilon);
    double sensitivity = ledger.relation().sensitivityFactor();
    double scale = sensitivity / amplification.noiseEpsilon(epsilon);
    LatticeSumNoise noise = LatticeNoise.sum(scale, sensitivity, geometry, dimension);
    String norm = geometry.name().toLowerCase(Locale.ROOT);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_SUMS, String.format(Locale.ROOT, "noisy sums (%s) of the %d "
        + "regions of the cell tree, over their noisy counts, in units of r", geometry == Geometry.L1
            ? "discrete Laplace per coordinate" : "Gamma(d) radius and uniform direction, rounded", counts.length) + amplification.note(),
        epsilon, 0, String.format(Locale.ROOT, "%s %.0f (%s|x/r| <= 1; the regions partition the points)", norm,
            sensitivity, sensitivity > 1 ? "a point out and one in, each " : ""),
        String.format(Locale.ROOT, "%.6g", scale), "the coreset points (their weights are the tree's counts)"));
    double[] points = new double[sums.length];
    for (int f = 0; f < counts.length; f++) {
      Checks.positive("noisy count of a coreset region", counts[f]);
      double[] noisy = noise.release(java.util.Arrays.copyOfRange(sums, f * dimension, (f + 1) * dimension), rng);
      for (int t = 0; t < dimension; t++) {
        noisy[t] /= counts[f];
      }
      double norm2 = geometry.norm(noisy);
      double shrink = norm2 > 1 ? 1 / norm2 : 1;
      for (int t = 0; t < dimension; t++) {
        points[f * dimension + t] = noisy[t] * shrink;
      }
    }
    return points;
  }
}
