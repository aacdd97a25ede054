package io.pais.math;

/**
 * Euclidean norms that neither overflow nor underflow, as {@link Math#hypot} does for two numbers: the plain
 * sum of squares when it is safely inside the double range, otherwise a second pass scaled by the largest
 * magnitude. A point with coordinates near 1e200 has a finite norm here (its square is not representable).
 */
public final class Norms {
  /** Sums of squares inside [SMALL, BIG] lost nothing to underflow or overflow. */
  private static final double SMALL = 0x1.0p-900;
  private static final double BIG = 0x1.0p900;

  private Norms() {}

  /**
   * Whether √s is the ℓ2 norm of a vector whose squares sum to s, exactly as {@link #l2} computes it (no square
   * underflowed or overflowed); otherwise {@link #l2} takes its scaled pass.
   */
  public static boolean plainSumOfSquares(double s) {
    return s >= SMALL && s <= BIG;
  }

  /** ‖x‖₂. */
  public static double l2(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v * v;
    }
    return plainSumOfSquares(s) ? Math.sqrt(s) : scaledL2(x, null);
  }

  /** ‖x − y‖₂ without forming squares that overflow. */
  public static double l2Distance(double[] x, double[] y) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double v = x[i] - y[i];
      s += v * v;
    }
    return s >= SMALL && s <= BIG ? Math.sqrt(s) : scaledL2(x, y);
  }

  /** ‖x − y‖₂ (y null: ‖x‖₂) by scaling with the largest magnitude; +∞ only when a difference overflows. */
  private static double scaledL2(double[] x, double[] y) {
    double max = 0;
    for (int i = 0; i < x.length; i++) {
      max = Math.max(max, Math.abs(y == null ? x[i] : x[i] - y[i]));
    }
    if (max == 0 || !Double.isFinite(max)) {
      return max;
    }
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      double v = (y == null ? x[i] : x[i] - y[i]) / max;
      s += v * v;
    }
    return max * Math.sqrt(s);
  }
}
