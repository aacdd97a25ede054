package io.pais.math;

import java.util.function.DoubleUnaryOperator;

/** Bracketed 1-D maximisation of a function on a closed interval. */
public final class Maximizer {
  private static final double INV_PHI = (Math.sqrt(5) - 1) / 2;

  private Maximizer() {}

  /** A point of [a, b] and the value there. */
  public record Point(double x, double value) {}

  /**
   * The supremum of {@code f} on [lo, hi]: every local maximum of a grid of {@code gridPoints} equally spaced
   * points (ends included) is refined by golden-section search within its neighbouring cells — an end of the
   * interval that is a grid peak included, since the maximum can lie inside the cell next to it while the grid
   * sees only the end. The returned value is never below any grid value. (It finds the supremum of a function
   * that is unimodal on every pair of cells around a grid peak, such as the smooth ψ of SPEC §6; a spike narrower
   * than a cell between two lower grid values would escape any grid.)
   */
  public static Point supremumOnInterval(DoubleUnaryOperator f, double lo, double hi, int gridPoints) {
    Checks.require(gridPoints >= 3, "gridPoints must be >= 3, got " + gridPoints);
    Checks.require(lo <= hi, "interval must have lo <= hi, got [" + lo + ", " + hi + "]");
    double[] xs = new double[gridPoints];
    double[] fs = new double[gridPoints];
    for (int i = 0; i < gridPoints; i++) {
      xs[i] = i == gridPoints - 1 ? hi : lo + (hi - lo) * i / (gridPoints - 1);
      fs[i] = f.applyAsDouble(xs[i]);
    }
    Point best = new Point(xs[0], fs[0]);
    for (int i = 0; i < gridPoints; i++) {
      if (fs[i] > best.value()) {
        best = new Point(xs[i], fs[i]);
      }
      boolean risesFromLeft = i == 0 || fs[i] >= fs[i - 1];
      boolean fallsToRight = i == gridPoints - 1 || fs[i] >= fs[i + 1];
      if (risesFromLeft && fallsToRight) {
        Point refined = goldenSection(f, xs[Math.max(0, i - 1)], xs[Math.min(gridPoints - 1, i + 1)]);
        if (refined.value() > best.value()) {
          best = refined;
        }
      }
    }
    return best;
  }

  /** Golden-section search for the maximum of a unimodal function on [a, b]. */
  public static Point goldenSection(DoubleUnaryOperator f, double a, double b) {
    double c = b - INV_PHI * (b - a);
    double d = a + INV_PHI * (b - a);
    double fc = f.applyAsDouble(c);
    double fd = f.applyAsDouble(d);
    for (int i = 0; i < 200 && (b - a) > 4 * Math.ulp(Math.max(Math.abs(a), Math.abs(b))); i++) {
      if (fc >= fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - INV_PHI * (b - a);
        fc = f.applyAsDouble(c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + INV_PHI * (b - a);
        fd = f.applyAsDouble(d);
      }
    }
    return fc >= fd ? new Point(c, fc) : new Point(d, fd);
  }
}
