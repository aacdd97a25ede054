package io.pais.sampling;

import io.pais.math.Rounding;
import java.io.Serializable;

/**
 * A Poisson sampling function q(x) that depends only on the point's norm and public constants (SPEC §4, §5).
 * Serializable so that Spark can broadcast it to the map tasks that compute q per point.
 */
public interface SamplingFunction extends Serializable {

  /** q(x) in (0, 1] for a point whose norm (in the sampler's geometry) is {@code norm}. */
  double probability(double norm);

  /** The importance weight 1/q(x) the point gets when kept. */
  default double weight(double norm) {
    return 1 / probability(norm);
  }

  /**
   * The weight a sampler gives a point whose exact norm is at most {@code normBound} (an upper bound of a computed
   * norm, at most r for a point of the domain): a double w ≥ 1 that the accounting covers. The accounting assumes
   * weight 1/q(a) and keep probability q(a) at the point's norm a; the sampler keeps with probability at most 1/w
   * ({@link Rounding#keeps}). The profile grows with the weight at a fixed norm and q grows with the norm, so a
   * weight at most 1/q(normBound) — the largest double below it — is covered; a weight clamped to 1 is the
   * unsampled mechanism, covered too.
   */
  default double weightAtMost(double normBound) {
    return Math.max(1, Rounding.reciprocalDown(probability(normBound)));
  }
}
