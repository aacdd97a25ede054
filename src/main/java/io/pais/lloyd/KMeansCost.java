package io.pais.lloyd;

import java.util.List;

/**
 * The k-means cost Σ w·min_j ‖x − c_j‖² of blocks (weights 1 for the full data). On data: an evaluation, not
 * private; on a private coreset: post-processing.
 */
public final class KMeansCost {
  private KMeansCost() {}

  /** Σ w·min_j ‖x − c_j‖² / Σ w over the rows of {@code blocks}, centres k × d row-major. */
  public static double meanCost(List<SampleBlock> blocks, double[] centres, int k) {
    double weight = 0;
    for (SampleBlock block : blocks) {
      double[] w = block.weights();
      for (int i = 0; i < block.rows(); i++) {
        weight += w[i];
      }
    }
    return weight == 0 ? Double.NaN : totalCost(blocks, centres, k) / weight;
  }

  /** Σ w·min_j ‖x − c_j‖² over the rows of {@code blocks} (distances through {@link NearestCentre}). */
  public static double totalCost(List<SampleBlock> blocks, double[] centres, int k) {
    if (blocks.isEmpty()) {
      return 0;
    }
    double[] norms = WeightedClusterStats.squaredNorms(centres, k, blocks.get(0).dimension());
    ClusterCosts costs = new ClusterCosts(k, Double.POSITIVE_INFINITY);
    for (SampleBlock block : blocks) {
      costs.add(block, centres, norms);
    }
    return costs.cost();
  }
}
