package io.pais.math;

import java.util.Arrays;

/** Quantiles with linear interpolation between order statistics (numpy's default). */
public final class Quantiles {
  private Quantiles() {}

  /** The p-quantile of {@code values}, 0 ≤ p ≤ 1. */
  public static double linear(double[] values, double p) {
    Checks.require(values.length > 0, "values must not be empty");
    Checks.inClosedRange("p", p, 0, 1);
    double[] s = values.clone();
    Arrays.sort(s);
    double h = p * (s.length - 1);
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, s.length - 1);
    return s[lo] + (h - lo) * (s[hi] - s[lo]);
  }
}
