package io.pais.noise;

import io.pais.math.Checks;
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

  /** {@code exact} plus one noise vector, in floating point (releases round it to a {@link Lattice}). */
  @Override
  default double[] release(double[] exact, UniformRandomProvider rng) {
    Checks.require(exact.length == dimension(), "the sum must have " + dimension() + " coordinates, got "
        + exact.length);
    double[] z = sample(rng);
    for (int i = 0; i < z.length; i++) {
      z[i] += exact[i];
    }
    return z;
  }
}
