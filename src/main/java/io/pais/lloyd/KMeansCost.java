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
    int d = blocks.get(0).dimension();
    double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
    double total = 0;
    NearestCentre.Assignment assignment = null;
    for (SampleBlock block : blocks) {
      int b = block.rows();
      assignment = NearestCentre.assign(block, centres, norms, k, NearestCentre.Assignment.reuse(assignment, b));
      double[] x = block.columns();
      double[] w = block.weights();
      for (int i = 0; i < b; i++) {
        double sq = 0;
        for (int t = 0; t < d; t++) {
          double v = x[t * b + i];
          sq += v * v;
        }
        // ‖x‖² + (‖c‖² − 2 x·c); rounding can leave a tiny negative for a point on its centre
        total += w[i] * Math.max(0, sq + assignment.partial[i]);
      }
    }
    return total;
  }
}
