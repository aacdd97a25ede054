package io.pais.accounting;

import io.pais.math.Checks;
import java.util.List;

/**
 * A strict release's private training summary (issue 30): DP cluster sizes and a DP training cost of the released
 * centres over the points DP-Lloyd was trained on, with the noise scales a reader needs for error bars. Every value
 * is a DP output or public: the release paid for it in its ledger ({@link LedgerStage#SUMMARY_SIZES},
 * {@link LedgerStage#SUMMARY_COST}).
 *
 * @param clusterSizes per released centre, the noisy number of training points nearest to it, clamped at 0
 * @param trainingCost the noisy Σ min_j ‖x − c_j‖² over the training points (each term capped at
 *     {@code costTermCap}), clamped at 0
 * @param epsilon the ε of the two mechanisms together (basic composition of their ledger entries)
 * @param sizeNoiseScale the Laplace scale b of each size's noise (standard deviation √2·b)
 * @param costNoiseScale the Laplace scale of the cost's noise
 * @param costTermCap the public cap on one point's term, (r + min_j ‖c_j‖₂)²: a point's distance to its nearest
 *     centre is at most its norm plus that centre's, so the cap never binds on points within r
 */
public record TrainingSummary(List<Double> clusterSizes, double trainingCost, double epsilon, double sizeNoiseScale,
    double costNoiseScale, double costTermCap) {

  public TrainingSummary {
    clusterSizes = List.copyOf(Checks.notNull("clusterSizes", clusterSizes));
    Checks.require(!clusterSizes.isEmpty(), "clusterSizes must hold one size per centre, got none");
    for (double size : clusterSizes) {
      Checks.nonNegative("cluster size", size);
    }
    Checks.nonNegative("trainingCost", trainingCost);
    Checks.require(epsilon > 0 && Double.isFinite(epsilon), "the summary's epsilon must be positive and finite, got "
        + epsilon);
    Checks.positive("sizeNoiseScale", sizeNoiseScale);
    Checks.positive("costNoiseScale", costNoiseScale);
    Checks.positive("costTermCap", costTermCap);
  }

  /** The standard deviation of each size's noise (before the clamp at 0). */
  public double sizeStandardDeviation() {
    return Math.sqrt(2) * sizeNoiseScale;
  }

  /** The standard deviation of the cost's noise (before the clamp at 0). */
  public double costStandardDeviation() {
    return Math.sqrt(2) * costNoiseScale;
  }
}
