package io.pais.clustering;

import io.pais.math.Checks;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.SumNoise;

/**
 * The noise DP-Lloyd adds on the driver each iteration: Laplace(β_count) per weighted count and the sum noise
 * of the geometry per weighted sum, drawn for every cluster, empty ones included. {@link #none()} is the
 * non-private reference (ε = ∞) for experiments and tests.
 */
public final class LloydNoise {
  private final LaplaceNoise count;
  private final SumNoise sum;
  private final NoiseRandomness randomness;

  private LloydNoise(LaplaceNoise count, SumNoise sum, NoiseRandomness randomness) {
    this.count = count;
    this.sum = sum;
    this.randomness = randomness;
  }

  public static LloydNoise of(LaplaceNoise count, SumNoise sum, NoiseRandomness randomness) {
    return new LloydNoise(Checks.notNull("count noise", count), Checks.notNull("sum noise", sum),
        Checks.notNull("randomness", randomness));
  }

  /** No noise at all: weighted Lloyd, not private. */
  public static LloydNoise none() {
    return new LloydNoise(null, null, null);
  }

  boolean isNone() {
    return count == null;
  }

  double countNoise() {
    return count == null ? 0 : count.sample(randomness.provider());
  }

  double[] sumNoise(int dimension) {
    return sum == null ? new double[dimension] : sum.sample(randomness.provider());
  }
}
