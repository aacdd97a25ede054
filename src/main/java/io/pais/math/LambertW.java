package io.pais.math;

/**
 * The lower branch W₋₁ of the Lambert W function, through the equivalent equation t − log t = K: with
 * t = −W₋₁(x) and K = −log(−x) the equation y·e^y = x becomes t − log t = K for t ≥ 1. Solving for t lets a
 * caller that knows K in log space (x would underflow) skip x altogether.
 */
public final class LambertW {
  private static final double MINUS_ONE_OVER_E = -Math.exp(-1);

  private LambertW() {}

  /** W₋₁(x) for x in [−1/e, 0). */
  public static double lowerBranch(double x) {
    if (!(x >= MINUS_ONE_OVER_E && x < 0)) {
      throw new IllegalArgumentException("x must be in [-1/e, 0) for the lower branch W_-1, got " + x);
    }
    return -rootOfTMinusLogT(-Math.log(-x));
  }

  /**
   * The root t ≥ 1 of t − log t = K for K ≥ 1, by Halley's method from a series start near the branch
   * point (K close to 1) or the asymptotic start K + log K + log K / K.
   */
  public static double rootOfTMinusLogT(double k) {
    Checks.atLeast("K", k, 1.0);
    if (k == 1) {
      return 1;
    }
    double t;
    if (k < 2.5) {
      double p = Math.sqrt(2 * (k - 1));
      t = 1 + p + p * p / 3;
    } else {
      double logK = Math.log(k);
      t = k + logK + logK / k;
    }
    return halley(k, t);
  }

  /**
   * The same root from a caller's start t ≥ 1 (a tabulated value near the root saves the series start and most
   * steps); any start converges, a close one in one step.
   */
  public static double rootOfTMinusLogT(double k, double start) {
    Checks.atLeast("K", k, 1.0);
    return k == 1 ? 1 : halley(k, Math.max(start, 1));
  }

  private static double halley(double k, double start) {
    double t = start;
    for (int i = 0; i < 30; i++) {
      // Halley on f(t) = t − log t − K: step = 2 f f' / (2 f'^2 − f f''), f' = (t − 1)/t, f'' = 1/t²,
      // multiplied through by t² so that one division remains
      double f = t - Math.log(t) - k;
      double tm1 = t - 1;
      double step = 2 * f * tm1 * t / (2 * tm1 * tm1 - f);
      double next = t - step;
      t = next < 1 ? 0.5 * (t + 1) : next;
      // Halley converges cubically (error ≈ C·step³ with C ≈ 0.01 away from the branch point): after a step
      // below 1e-6·t the remaining error is far below one ulp
      if (Math.abs(step) <= 1e-6 * t) {
        break;
      }
    }
    return t;
  }
}
