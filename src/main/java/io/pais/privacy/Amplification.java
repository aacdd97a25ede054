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
    double direct = directTerm(q, a);
    if (direct < 1e300) {
      return direct >= 1 ? Math.log(1 + direct) : Math.log1p(direct);
    }
    // log(q(e^a − 1)) = log q + a + log(1 − e^{−a}); past a = 40 the last term is below 1e-17 and drops out
    double logInner = Math.log(q) + a + (a > 40 ? 0 : Math.log(-Math.expm1(-a)));
    return logInner > 40 ? logInner : LogSpace.log1pExp(logInner);
  }

  /**
   * q·(e^a − 1) where it is finite and a &lt; 700, else +∞. exp(a) − 1 loses under one ulp against expm1 once
   * a ≥ 0.7 (e^a/(e^a − 1) ≤ 2), and log(1 + x) under one ulp of ψ against log1p once x ≥ 1 (ψ ≥ log 2); both
   * are JIT intrinsics, the others are not.
   */
  private static double directTerm(double q, double a) {
    if (a >= 700) {
      return Double.POSITIVE_INFINITY;
    }
    return q * (a >= 0.7 ? Math.exp(a) - 1 : Math.expm1(a));
  }

  /**
   * An exact test of ψ(q, a) ≤ ε as {@link #psi} evaluates it, at the cost of one exponential: Math.log and
   * Math.log1p are semi-monotonic (their specification says so), so log(1 + x) ≤ ε holds exactly when 1 + x ≤ Y,
   * the largest double whose log is ≤ ε, and log1p(x) ≤ ε when x ≤ X, the largest double whose log1p is ≤ ε. The
   * log-space branch of ψ is evaluated in full.
   */
  public static final class Cap implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final double epsilon;
    private final double largestArgument;
    private final double largestLog1pArgument;

    public Cap(double epsilon) {
      this.epsilon = io.pais.math.Checks.positive("epsilon", epsilon);
      this.largestArgument = largestAtMost(Math::log, Math.exp(epsilon), epsilon);
      // and the largest x whose log1p is <= epsilon, for the branch where q(e^a - 1) < 1
      this.largestLog1pArgument = largestAtMost(Math::log1p, Math.expm1(epsilon), epsilon);
    }

    /** The largest double x near {@code start} with f(x) ≤ ε, for a semi-monotonic f (start if not finite). */
    private static double largestAtMost(java.util.function.DoubleUnaryOperator f, double start, double epsilon) {
      double x = start;
      if (Double.isFinite(x)) {
        while (f.applyAsDouble(x) > epsilon) {
          x = Math.nextDown(x);
        }
        while (f.applyAsDouble(Math.nextUp(x)) <= epsilon) {
          x = Math.nextUp(x);
        }
      }
      return x;
    }

    /** Whether ψ(q, a) ≤ ε, with exactly the outcome of {@code psi(q, a) <= epsilon}. */
    public boolean holds(double q, double a) {
      if (a == 0) {
        return true;
      }
      double direct = directTerm(q, a);
      if (direct < 1) {
        return direct <= largestLog1pArgument;
      }
      if (direct < 1e300 && Double.isFinite(largestArgument)) {
        return 1 + direct <= largestArgument;
      }
      return psi(q, a) <= epsilon;
    }
  }

  /** ψ for a weight w = 1/q under a linear profile ε(w, x) = α·w. */
  public static double psiOfWeight(double weight, double alpha) {
    return psi(1 / weight, alpha * weight);
  }
}
