package io.pais.math;

import java.util.function.DoubleUnaryOperator;

/**
 * Brent's bracketing root finder (Brent 1973, "zeroin"). It never leaves the bracket, so a root found is a
 * root of the function inside [lo, hi]; callers widen a bracket until the signs differ before calling.
 */
public final class RootFinder {
  private static final int MAX_ITERATIONS = 500;

  private RootFinder() {}

  /**
   * A root of {@code f} in [a, b] to absolute tolerance {@code tol} (plus a few ulps).
   *
   * @throws IllegalArgumentException when f(a) and f(b) have the same strict sign
   */
  public static double brent(DoubleUnaryOperator f, double a, double b, double tol) {
    double fa = f.applyAsDouble(a);
    double fb = f.applyAsDouble(b);
    if (fa == 0) {
      return a;
    }
    if (fb == 0) {
      return b;
    }
    Checks.require(Math.signum(fa) != Math.signum(fb),
        "bracket [" + a + ", " + b + "] does not hold a sign change: f(a)=" + fa + ", f(b)=" + fb);
    double c = a;
    double fc = fa;
    double d = b - a;
    double e = d;
    for (int i = 0; i < MAX_ITERATIONS; i++) {
      if (Math.signum(fb) == Math.signum(fc)) {
        c = a;
        fc = fa;
        d = b - a;
        e = d;
      }
      if (Math.abs(fc) < Math.abs(fb)) {
        a = b;
        b = c;
        c = a;
        fa = fb;
        fb = fc;
        fc = fa;
      }
      double tol1 = 2 * Math.ulp(b) + 0.5 * tol;
      double xm = 0.5 * (c - b);
      if (Math.abs(xm) <= tol1 || fb == 0) {
        return b;
      }
      if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
        double s = fb / fa;
        double p;
        double q;
        if (a == c) {
          p = 2 * xm * s;
          q = 1 - s;
        } else {
          double qq = fa / fc;
          double rr = fb / fc;
          p = s * (2 * xm * qq * (qq - rr) - (b - a) * (rr - 1));
          q = (qq - 1) * (rr - 1) * (s - 1);
        }
        if (p > 0) {
          q = -q;
        } else {
          p = -p;
        }
        if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
          e = d;
          d = p / q;
        } else {
          d = xm;
          e = d;
        }
      } else {
        d = xm;
        e = d;
      }
      a = b;
      fa = fb;
      b += Math.abs(d) > tol1 ? d : Math.copySign(tol1, xm);
      fb = f.applyAsDouble(b);
    }
    return b;
  }

  /**
   * The root of a function that increases in x, searched in log space from a starting guess: the bracket
   * is widened by factors of {@code 10} until it holds the root, so no fixed bracket can be too narrow.
   * Returns the root in the original (not log) scale.
   *
   * @param g increasing function of x &gt; 0
   * @param start a positive first guess
   * @param maxX the largest admissible x (Double.MAX_VALUE for none)
   * @param what what is being solved for, for error messages
   */
  public static double increasingRootInLogSpace(DoubleUnaryOperator g, double start, double maxX, String what) {
    DoubleUnaryOperator h = logX -> g.applyAsDouble(Math.exp(logX));
    double lo = Math.log(Math.min(start, maxX));
    double hi = lo;
    final double step = Math.log(10);
    final double minLog = Math.log(Double.MIN_NORMAL);
    final double maxLog = Math.log(maxX);
    double hLo = h.applyAsDouble(lo);
    while (hLo > 0) {
      hi = lo;
      lo -= step;
      if (lo < minLog) {
        throw new ArithmeticException("no " + what + " above " + Double.MIN_NORMAL + " solves the equation");
      }
      hLo = h.applyAsDouble(lo);
    }
    double hHi = h.applyAsDouble(hi);
    while (hHi < 0) {
      lo = hi;
      if (hi >= maxLog) {
        throw new ArithmeticException("no " + what + " up to " + maxX + " solves the equation");
      }
      hi = Math.min(hi + step, maxLog);
      hHi = h.applyAsDouble(hi);
    }
    // exp(log x) can land an ulp above x: never return more than the largest admissible x
    return Math.min(maxX, Math.exp(brent(h, lo, hi, 1e-15 * Math.max(1, Math.abs(hi)))));
  }
}
