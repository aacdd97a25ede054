package io.pais.noise;

import org.apache.commons.rng.UniformRandomProvider;

/** A noise mechanism for one cluster's weighted count and weighted sum, released together. */
@FunctionalInterface
public interface ClusterNoise {
  /** The released count and sum for the exact (never published) ones. */
  Released release(double count, double[] sum, UniformRandomProvider rng);

  /** A cluster's released count and sum. */
  record Released(double count, double[] sum) {}

  /** The count released by {@code count}, then the sum by {@code sum}: two mechanisms, each with its share of ε. */
  static ClusterNoise split(ScalarNoise count, VectorNoise sum) {
    return (c, s, rng) -> new Released(count.release(c, rng), sum.release(s, rng));
  }
}
