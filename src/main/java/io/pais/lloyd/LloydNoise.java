package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.VectorNoise;

/**
 * The noise DP-Lloyd adds on the driver each iteration: Laplace(β_count) per weighted count and the sum noise
 * of the geometry per weighted sum, drawn for every cluster, empty ones included (releases put both on lattices,
 * see {@link io.pais.noise.LatticeNoise}). {@link #none()} is the non-private reference (ε = ∞) for experiments
 * and tests.
 */
public final class LloydNoise {
  private final ScalarNoise count;
  private final VectorNoise sum;
  private final NoiseRandomness randomness;

  private LloydNoise(ScalarNoise count, VectorNoise sum, NoiseRandomness randomness) {
    this.count = count;
    this.sum = sum;
    this.randomness = randomness;
  }

  public static LloydNoise of(ScalarNoise count, VectorNoise sum, NoiseRandomness randomness) {
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

  /** The released weighted count of a cluster. */
  public double noisyCount(double exact) {
    return count == null ? exact : count.release(exact, randomness.provider());
  }

  /** The released weighted sum of a cluster. */
  public double[] noisySum(double[] exact) {
    return sum == null ? exact : sum.release(exact, randomness.provider());
  }
}
