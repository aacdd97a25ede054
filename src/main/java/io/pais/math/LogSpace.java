package io.pais.math;

/** Numerically stable helpers for quantities of the form log(1 + e^x) and log(e^x - 1). */
public final class LogSpace {
  private LogSpace() {}

  /** log(1 + e^x) without overflow for large x and without loss for very negative x. */
  public static double log1pExp(double x) {
    if (x > 0) {
      return x + Math.log1p(Math.exp(-x));
    }
    return Math.log1p(Math.exp(x));
  }

  /** log(e^x - 1) for x > 0, accurate from x = 1e-300 to overflow territory. */
  public static double logExpm1(double x) {
    if (x < 30) {
      return Math.log(Math.expm1(x));
    }
    return x + Math.log(-Math.expm1(-x));
  }
}
