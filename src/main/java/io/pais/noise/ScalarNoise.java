package io.pais.noise;

import org.apache.commons.rng.UniformRandomProvider;

/** A noise mechanism for one real statistic: the value it releases for an exact (never published) value. */
@FunctionalInterface
public interface ScalarNoise {
  double release(double exact, UniformRandomProvider rng);
}
