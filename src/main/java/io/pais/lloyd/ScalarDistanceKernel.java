package io.pais.lloyd;

/**
 * The plain-Java kernel: 2 consecutive rows copied row-major into a small buffer, then a register tile of these
 * rows × 4 centres, each coordinate step six sequential loads and eight fused multiply-adds, then the running
 * minimum of the tile's 8 values (centres offered in increasing order per row).
 */
final class ScalarDistanceKernel implements DistanceKernel {

  @Override
  public void nearest(double[] x, int rows, int d, double[] c, double[] norms, int k, int[] best,
      double[] partial) {
    java.util.Arrays.fill(best, 0, rows, 0);
    java.util.Arrays.fill(partial, 0, rows, Double.POSITIVE_INFINITY);
    double[] tile = new double[2 * d];
    int i = 0;
    for (; i + 2 <= rows; i += 2) {
      for (int t = 0; t < d; t++) { // the 2 rows row-major: the loop below then reads memory in order
        tile[t] = x[t * rows + i];
        tile[d + t] = x[t * rows + i + 1];
      }
      int j = 0;
      for (; j + 4 <= k; j += 4) {
        double a0 = 0;
        double a1 = 0;
        double a2 = 0;
        double a3 = 0;
        double b0 = 0;
        double b1 = 0;
        double b2 = 0;
        double b3 = 0;
        int p = j * d;
        for (int t = 0; t < d; t++) {
          double u = tile[t];
          double v = tile[d + t];
          double c0 = c[p + t];
          double c1 = c[p + d + t];
          double c2 = c[p + 2 * d + t];
          double c3 = c[p + 3 * d + t];
          a0 = Math.fma(u, c0, a0);
          a1 = Math.fma(u, c1, a1);
          a2 = Math.fma(u, c2, a2);
          a3 = Math.fma(u, c3, a3);
          b0 = Math.fma(v, c0, b0);
          b1 = Math.fma(v, c1, b1);
          b2 = Math.fma(v, c2, b2);
          b3 = Math.fma(v, c3, b3);
        }
        offer(best, partial, i, j, norms[j] - 2 * a0);
        offer(best, partial, i, j + 1, norms[j + 1] - 2 * a1);
        offer(best, partial, i, j + 2, norms[j + 2] - 2 * a2);
        offer(best, partial, i, j + 3, norms[j + 3] - 2 * a3);
        offer(best, partial, i + 1, j, norms[j] - 2 * b0);
        offer(best, partial, i + 1, j + 1, norms[j + 1] - 2 * b1);
        offer(best, partial, i + 1, j + 2, norms[j + 2] - 2 * b2);
        offer(best, partial, i + 1, j + 3, norms[j + 3] - 2 * b3);
      }
      for (; j < k; j++) {
        for (int r = i; r < i + 2; r++) {
          offer(best, partial, r, j, norms[j] - 2 * dot(x, rows, r, c, j, d));
        }
      }
    }
    for (; i < rows; i++) {
      for (int j = 0; j < k; j++) {
        offer(best, partial, i, j, norms[j] - 2 * dot(x, rows, i, c, j, d));
      }
    }
  }

  /** Row i's running minimum; centres are offered in increasing j, so a strict comparison keeps ties low. */
  private static void offer(int[] best, double[] partial, int i, int j, double value) {
    if (value < partial[i]) {
      partial[i] = value;
      best[i] = j;
    }
  }

  static double dot(double[] x, int rows, int i, double[] c, int j, int d) {
    double a = 0;
    for (int t = 0; t < d; t++) {
      a = Math.fma(x[t * rows + i], c[j * d + t], a);
    }
    return a;
  }
}
