package io.pais.noise;

import org.apache.commons.rng.UniformRandomProvider;

/** A continuous noise for a d-dimensional sum, which a release rounds to a lattice ({@link LatticeSumNoise}). */
public interface ContinuousSumNoise extends VectorNoise {
  /** d. */
  int dimension();

  /** β, the scale of its density ∝ exp(−‖ζ‖/β). */
  double scale();

  /** The variance of a coordinate (averaged over the coordinates where they differ); NaN where no closed form. */
  double coordinateVariance();

  /** One noise vector. */
  double[] sample(UniformRandomProvider rng);
}
