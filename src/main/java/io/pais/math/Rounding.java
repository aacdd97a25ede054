package io.pais.math;

import java.math.BigDecimal;

/**
 * Directed roundings where the privacy argument needs a computed value on one side of the real one. Each says
 * which side and why it holds for every double input, not just typical ones.
 */
public final class Rounding {
  /** The unit roundoff of double arithmetic, 2⁻⁵³. */
  public static final double UNIT_ROUNDOFF = 0x1.0p-53;

  private Rounding() {}

  /**
   * The largest double at most 1/x (x &gt; 0 and finite). 1/x rounded to nearest is off by at most half an ulp, and
   * the sign of w·x − 1 computed by one fused multiply-add is exact, so one step down when it is positive lands on
   * the side below.
   */
  public static double reciprocalDown(double x) {
    double w = 1 / x;
    return Math.fma(w, x, -1) > 0 ? Math.nextDown(w) : w;
  }

  /**
   * Whether a coin {@code u} (a multiple of 2⁻⁵³ in [0, 1), as {@code io.pais.sampling.CoinSource} draws) keeps a
   * record with probability {@code p}: u + 2⁻⁵³ ≤ p holds for floor(p·2⁵³) of the 2⁵³ coins, so the chance is at
   * most p (u &lt; p would hold for ceil(p·2⁵³): slightly more than p, which the accounting does not allow).
   */
  public static boolean keeps(double u, double p) {
    return u + UNIT_ROUNDOFF <= p;
  }

  /**
   * An upper bound on the relative rounding error of the norms pais computes of a d-vector ({@link Norms#l2}, a
   * plain ℓ1 sum, the column-wise sums of the same), with room for the two roundings of a projection's scaling:
   * (d + 16)·2⁻⁵². Recursive summation of d non-negative terms is off by at most (d − 1)u/(1 − (d − 1)u) relative
   * (Higham, Accuracy and Stability of Numerical Algorithms, §4.2); the square root halves that and adds u, the
   * scaled pass and the scaling add a few u more.
   */
  public static double normError(int d) {
    Checks.positive("dimension (d)", d);
    return (d + 16) * 0x1.0p-52;
  }

  /**
   * The radius a point is projected onto (and tested against) so that the projected vector's exact norm is at most
   * {@code r}: r·(1 − {@link #normError}(d)).
   */
  public static double projectionRadius(double r, int d) {
    return r * (1 - normError(d));
  }

  /** The smallest double at least {@code x}. */
  public static double up(BigDecimal x) {
    double d = x.doubleValue();
    while (new BigDecimal(d).compareTo(x) < 0) {
      d = Math.nextUp(d);
    }
    while (new BigDecimal(Math.nextDown(d)).compareTo(x) >= 0) {
      d = Math.nextDown(d);
    }
    return d;
  }

  /** The largest double at most {@code x}. */
  public static double down(BigDecimal x) {
    return -up(x.negate());
  }

  /** An upper bound on the exact norm of a d-vector whose computed norm is {@code norm}. */
  public static double normUpperBound(double norm, int d) {
    return norm * (1 + normError(d));
  }
}
