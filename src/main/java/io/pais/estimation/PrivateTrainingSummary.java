package io.pais.estimation;

import io.pais.accounting.BudgetAllocation.SummaryShares;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.TrainingSummary;
import io.pais.math.Checks;
import io.pais.math.Rounding;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The private training summary of issue 30: after DP-Lloyd, one more pass over the training points with the released
 * (public) centres gives each point's nearest centre and its squared distance; two Laplace mechanisms release
 *
 * <ul>
 *   <li>the cluster sizes: a histogram over the k centres (one point changes one size by one: ℓ1 sensitivity 1, 2
 *       under substitution, where a point leaves one cluster and joins another), scale Δ/ε_sizes per size;
 *   <li>the training cost Σ min(min_j ‖x − c_j‖², cap) with the public cap (r + min_j ‖c_j‖₂)²: a point's term is in
 *       [0, cap], so adding, removing or substituting one changes the sum by at most cap. It is released in units of
 *       the cap (sensitivity 1, scale 1/ε_cost), so the lattice and the integer noise scale do not depend on the
 *       data's units.
 * </ul>
 *
 * <p>Clamping at 0 is post-processing. The exact sizes and cost are never stored or logged.
 */
public final class PrivateTrainingSummary {
  private PrivateTrainingSummary() {}

  /**
   * @param sizes the exact number of training points nearest each released centre (never published)
   * @param cappedCost the exact Σ min(min_j ‖x − c_j‖², cap) over the training points (never published)
   * @param cap the public cap on one point's term (from r and the released centres)
   * @param epsilon the two mechanisms' ε, from the allocation
   * @param ledger the release's ledger, which records both
   */
  public static TrainingSummary release(double[] sizes, double cappedCost, double cap, SummaryShares epsilon,
      PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("sizes", sizes);
    Checks.require(sizes.length > 0, "sizes must hold one count per centre, got none");
    Checks.nonNegative("cappedCost", cappedCost);
    Checks.positive("cap", cap);
    Checks.require(epsilon.runs(), "the training summary needs its share of epsilon from the allocation");
    Checks.positive("epsilon of the summary's sizes", epsilon.sizes());
    Checks.positive("epsilon of the summary's cost", epsilon.cost());
    int sensitivity = ledger.relation().sensitivityFactor();
    double sizeScale = sensitivity / epsilon.sizes();
    ledger.spend(new LedgerEntry(LedgerStage.SUMMARY_SIZES, String.format(Locale.ROOT, "discrete Laplace counts (on a "
        + "lattice) of the training points nearest each of the %d released centres", sizes.length), epsilon.sizes(), 0,
        sensitivity == 1 ? "l1 1 (one point changes one size by one)"
            : "l1 2 (a substituted point leaves one cluster and joins another)",
        String.format(Locale.ROOT, "%.6g per size", sizeScale), "the cluster sizes of the training summary"));
    double costScale = 1 / epsilon.cost();
    ledger.spend(new LedgerEntry(LedgerStage.SUMMARY_COST, "discrete Laplace (on a lattice) on the training cost, "
        + "each point's squared distance to its nearest released centre capped", epsilon.cost(), 0,
        String.format(Locale.ROOT, "%.6g (the cap (r + min |c_j|)^2 on one point's term)", cap),
        String.format(Locale.ROOT, "%.6g", costScale * cap), "the training cost of the training summary"));
    LatticeLaplace sizeNoise = LatticeNoise.count(sizeScale);
    List<Double> noisySizes = new ArrayList<>(sizes.length);
    for (double size : sizes) {
      noisySizes.add(Math.max(0, sizeNoise.release(size, rng)));
    }
    double noisyCost = Math.max(0, cap * LatticeNoise.count(costScale).release(cappedCost / cap, rng));
    double spent = Rounding.up(new BigDecimal(epsilon.sizes()).add(new BigDecimal(epsilon.cost())));
    return new TrainingSummary(noisySizes, noisyCost, spent, sizeScale, costScale * cap, cap);
  }

  /**
   * The public cap on one point's term: a training point within r (‖x‖₂ ≤ r, also in ℓ1, where ‖x‖₂ ≤ ‖x‖₁) has
   * its distance to the centre of least norm, and so to its nearest centre, at most r + min_j ‖c_j‖₂; a point beyond
   * r (DP-Lloyd reading every point unprojected) has its term clamped to it, which bounds what it adds all the same.
   *
   * @param centres the released centres in the training points' coordinates, k × d row-major
   */
  public static double costCap(double radius, double[] centres, int k) {
    Checks.positive("radius (r)", radius);
    Checks.require(k > 0 && centres.length % k == 0, "centres must be k x d values, got " + centres.length
        + " for k = " + k);
    int d = centres.length / k;
    double least = Double.POSITIVE_INFINITY;
    for (int j = 0; j < k; j++) {
      double sq = 0;
      for (int t = 0; t < d; t++) {
        double v = centres[j * d + t];
        sq += v * v;
      }
      least = Math.min(least, Math.sqrt(sq));
    }
    // rounded up, so that it holds for the exact distances (a term is capped at it all the same)
    double sum = Math.nextUp(radius + least);
    return Checks.positive("the cap on a point's cost term (from r and the released centres)",
        Math.nextUp(sum * sum));
  }
}
