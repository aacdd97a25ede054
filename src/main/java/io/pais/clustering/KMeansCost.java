package io.pais.clustering;

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
      for (double w : block.weights()) {
        weight += w;
      }
    }
    return weight == 0 ? Double.NaN : totalCost(blocks, centres, k) / weight;
  }

  /** Σ w·min_j ‖x − c_j‖² over the rows of {@code blocks} (distances through {@link NearestCentre}). */
  static double totalCost(List<SampleBlock> blocks, double[] centres, int k) {
    if (blocks.isEmpty()) {
      return 0;
    }
    int d = blocks.get(0).dimension();
    double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
    double[] total = new double[1];
    for (SampleBlock block : blocks) {
      double[] x = block.values();
      double[] w = block.weights();
      NearestCentre.forEachRow(block, centres, norms, k, (i, best, partial) -> {
        double sq = 0;
        for (int t = i * d; t < (i + 1) * d; t++) {
          sq += x[t] * x[t];
        }
        // ‖x‖² + (‖c‖² − 2 x·c); rounding can leave a tiny negative for a point on its centre
        total[0] += w[i] * Math.max(0, sq + partial);
      });
    }
    return total[0];
  }
}
