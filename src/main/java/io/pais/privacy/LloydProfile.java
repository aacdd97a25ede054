package io.pais.privacy;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * The personalized-DP profile of weighted DP-Lloyd (SPEC §3): ε(w, x) = T·w·(1/β_count + ‖x‖/β_sum), the
 * adaptive composition of T weighted Laplace counts and T weighted sums, linear in w by group privacy.
 * Only public constants live here, so it is safe to broadcast to map tasks.
 */
public final class LloydProfile implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double perCount;
  private final double perNorm;

  /**
   * @param iterations T
   * @param betaCount scale of the count noise
   * @param betaSum scale of the sum noise
   */
  public LloydProfile(int iterations, double betaCount, double betaSum) {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("betaCount", betaCount);
    Checks.positive("betaSum", betaSum);
    this.perCount = iterations / betaCount;
    this.perNorm = iterations / betaSum;
  }

  /** α(z) = ε(1, x) for a point of norm z: T(1/β_count + z/β_sum). */
  public double alpha(double norm) {
    return perCount + perNorm * norm;
  }

  /** ε(w, x) for a point of norm z with weight w. */
  public double epsilon(double weight, double norm) {
    return weight * alpha(norm);
  }
}
