package io.pais.privacy;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * The personalized-DP profile of weighted DP-Lloyd (SPEC §3): ε(w, x) = T·w·(1/β_count + min(‖x‖, b)/β_sum), the
 * adaptive composition of T weighted Laplace counts and T weighted sums, linear in w by group privacy. b bounds what
 * one point adds to a sum: r for the paper's sums of points (where every ‖x‖ ≤ r, so the min is ‖x‖: SPEC §3 as it
 * is printed), ρ for clipped offsets ({@code io.pais.lloyd.LloydSums}). Only public constants live here, so it is
 * safe to broadcast to map tasks.
 */
public final class LloydProfile implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double perCount;
  private final double perNorm;
  private final double sumBound;

  /**
   * @param iterations T
   * @param betaCount scale of the count noise
   * @param betaSum scale of the sum noise
   * @param sumBound b: what one point adds to a sum is at most min(‖x‖, b) (+∞: ‖x‖)
   */
  public LloydProfile(int iterations, double betaCount, double betaSum, double sumBound) {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("betaCount", betaCount);
    Checks.positive("betaSum", betaSum);
    Checks.positive("sumBound", sumBound);
    this.sumBound = sumBound;
    this.perCount = iterations / betaCount;
    this.perNorm = iterations / betaSum;
  }

  /** α(z) = ε(1, x) for a point of norm z: T(1/β_count + min(z, b)/β_sum). */
  public double alpha(double norm) {
    return perCount + perNorm * Math.min(norm, sumBound);
  }

  /** ε(w, x) for a point of norm z with weight w. */
  public double epsilon(double weight, double norm) {
    return weight * alpha(norm);
  }
}
