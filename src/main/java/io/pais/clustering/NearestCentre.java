package io.pais.clustering;

import dev.ludovic.netlib.blas.BLAS;

/**
 * The nearest centre of every row of a block, by squared Euclidean distance with ties to the lowest index
 * (SPEC §2): ‖x − c‖² = ‖x‖² − 2 x·c + ‖c‖², with all the x·c of a block from one matrix product.
 */
final class NearestCentre {
  private NearestCentre() {}

  /** Receives each row's nearest centre and its ‖c‖² − 2 x·c (the distance less ‖x‖²). */
  interface Visitor {
    void visit(int row, int centre, double partialDistance);
  }

  static void forEachRow(SampleBlock block, double[] centres, double[] centreSquaredNorms, int k, Visitor visitor) {
    int b = block.rows();
    if (b == 0) {
      return;
    }
    int d = block.dimension();
    // G (k × b, column-major) = C · Xᵀ, with C and X row-major (so column-major Cᵀ and Xᵀ)
    double[] g = new double[k * b];
    BLAS.getInstance().dgemm("T", "N", k, b, d, 1.0, centres, d, block.values(), d, 0.0, g, k);
    for (int i = 0; i < b; i++) {
      int best = 0;
      double bestValue = Double.POSITIVE_INFINITY;
      int base = i * k;
      for (int j = 0; j < k; j++) {
        double v = centreSquaredNorms[j] - 2 * g[base + j];
        if (v < bestValue) {
          bestValue = v;
          best = j;
        }
      }
      visitor.visit(i, best, bestValue);
    }
  }
}
