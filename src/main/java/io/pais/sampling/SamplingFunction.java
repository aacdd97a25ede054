package io.pais.sampling;

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
}
