package io.pais.clustering;

import java.util.List;

/** The k-means cost Σ w·min_j ‖x − c_j‖² of blocks (weights 1 for the full data): evaluation only, not private. */
public final class KMeansCost {
  private KMeansCost() {}

  /** (1/n) Σ_x min_j ‖x − c_j‖² over the rows of {@code blocks}, centres k × d row-major. */
  public static double meanCost(List<SampleBlock> blocks, double[] centres, int k) {
    long rows = blocks.stream().mapToLong(SampleBlock::rows).sum();
    return rows == 0 ? Double.NaN : totalCost(blocks, centres, k) / rows;
  }

  /** Σ_x min_j ‖x − c_j‖² over the rows of {@code blocks} (distances through {@link NearestCentre}). */
  static double totalCost(List<SampleBlock> blocks, double[] centres, int k) {
    if (blocks.isEmpty()) {
      return 0;
    }
    int d = blocks.get(0).dimension();
    double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
    double[] total = new double[1];
    for (SampleBlock block : blocks) {
      double[] x = block.values();
      NearestCentre.forEachRow(block, centres, norms, k, (i, best, partial) -> {
        double sq = 0;
        for (int t = i * d; t < (i + 1) * d; t++) {
          sq += x[t] * x[t];
        }
        // ‖x‖² + (‖c‖² − 2 x·c); rounding can leave a tiny negative for a point on its centre
        total[0] += Math.max(0, sq + partial);
      });
    }
    return total[0];
  }
}
