package io.pais.accounting;

import java.util.function.DoubleFunction;
import java.util.function.Predicate;

/**
 * Solves a plan for its share of the budget so that the solved guarantee is at most the share, with no slack. A
 * root finder stops within a few ulps of its target, on either side (over random plans about a third of the
 * guarantees came out above the share, by at most 4.1e-15 relative); a guarantee above its share would make the
 * ledger's total exceed the ε the user asked for. So the plan is solved at the share and, only when its guarantee
 * exceeds it, again at a target a hair below ({@link #TIGHTENINGS}); the first that fits is used.
 */
public final class ShareFit {
  /** The factors of the share tried in turn: 1, then 1 − 2⁻⁴⁰ (about 1e-12, far above the solvers' error). */
  static final double[] TIGHTENINGS = {1, 1 - 0x1.0p-40, 1 - 0x1.0p-30};

  private ShareFit() {}

  /**
   * @param share what is being fitted, for the message when nothing fits (e.g. "DP-Lloyd's epsilon 2.7")
   * @param solveAt the plan solved for its target scaled by a factor (1, then a hair below)
   * @param fits whether a plan's guarantee is at most the unscaled target (checked exactly)
   */
  public static <P> P within(String share, DoubleFunction<P> solveAt, Predicate<P> fits) {
    for (double factor : TIGHTENINGS) {
      P plan = solveAt.apply(factor);
      if (fits.test(plan)) {
        return plan;
      }
    }
    throw new IllegalStateException("no plan's guarantee fits " + share + " (solved at " + TIGHTENINGS.length
        + " targets down to a relative " + (1 - TIGHTENINGS[TIGHTENINGS.length - 1]) + " below it)");
  }
}
