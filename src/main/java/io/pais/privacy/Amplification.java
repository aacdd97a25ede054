package io.pais.privacy;

import io.pais.math.LogSpace;

/**
 * Privacy amplification by Poisson importance sampling (SPEC §4): a point kept with probability q and weighted
 * 1/q by a mechanism whose profile at weight 1/q is a has amplified profile ψ = log(1 + q(e^a − 1)).
 */
public final class Amplification {
  private Amplification() {}

  /**
   * ψ = log1p(q·expm1(a)), switching to log space (log q + a + log(−expm1(−a)), then log-add-exp with 0)
   * where e^a or q·(e^a − 1) would overflow.
   *
   * @param q sampling probability in (0, 1]
   * @param a the profile at weight 1/q, a ≥ 0
   */
  public static double psi(double q, double a) {
    if (a == 0) {
      return 0;
    }
    if (a < 700) {
      double direct = q * Math.expm1(a);
      if (direct < 1e300) {
        return Math.log1p(direct);
      }
    }
    return LogSpace.log1pExp(Math.log(q) + a + Math.log(-Math.expm1(-a)));
  }

  /** ψ for a weight w = 1/q under a linear profile ε(w, x) = α·w. */
  public static double psiOfWeight(double weight, double alpha) {
    return psi(1 / weight, alpha * weight);
  }
}
