package io.pais.noise;

import org.apache.commons.rng.UniformRandomProvider;

/** A noise mechanism for a vector statistic: the vector it releases for an exact (never published) one. */
@FunctionalInterface
public interface VectorNoise {
  double[] release(double[] exact, UniformRandomProvider rng);
}
