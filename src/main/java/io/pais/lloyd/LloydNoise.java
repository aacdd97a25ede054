package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.VectorNoise;
import java.util.List;

/**
 * The noise DP-Lloyd adds on the driver each iteration: Laplace(β_count) per weighted count and the sum noise
 * of the geometry per weighted sum, drawn for every cluster, empty ones included (releases put both on lattices,
 * see {@link io.pais.noise.LatticeNoise}). The same noise every iteration ({@link #of}), or one per iteration
 * ({@link #perIteration}: the iterations' unequal shares of ε). {@link #none()} is the non-private reference (ε = ∞)
 * for experiments and tests.
 */
public final class LloydNoise {
  private final List<ScalarNoise> counts;
  private final List<VectorNoise> sums;
  private final NoiseRandomness randomness;

  private LloydNoise(List<ScalarNoise> counts, List<VectorNoise> sums, NoiseRandomness randomness) {
    this.counts = counts;
    this.sums = sums;
    this.randomness = randomness;
  }

  /** The same count and sum noise every iteration. */
  public static LloydNoise of(ScalarNoise count, VectorNoise sum, NoiseRandomness randomness) {
    return new LloydNoise(List.of(Checks.notNull("count noise", count)), List.of(Checks.notNull("sum noise", sum)),
        Checks.notNull("randomness", randomness));
  }

  /** Iteration t's count and sum noise at index t − 1 of each list (as many as the run's T). */
  public static LloydNoise perIteration(List<ScalarNoise> counts, List<VectorNoise> sums,
      NoiseRandomness randomness) {
    Checks.require(!counts.isEmpty() && counts.size() == sums.size(), "per-iteration noise needs as many count "
        + "noises as sum noises, at least one, got " + counts.size() + " and " + sums.size());
    return new LloydNoise(List.copyOf(counts), List.copyOf(sums), Checks.notNull("randomness", randomness));
  }

  /** No noise at all: weighted Lloyd, not private. */
  public static LloydNoise none() {
    return new LloydNoise(List.of(), List.of(), null);
  }

  boolean isNone() {
    return counts.isEmpty();
  }

  /** The noise iteration t (1-based) releases with: this one when every iteration's is the same. */
  public LloydNoise atIteration(int t) {
    if (counts.size() <= 1) {
      return this;
    }
    Checks.require(t >= 1 && t <= counts.size(), "iteration must be in [1, " + counts.size() + "] (the noise's "
        + "iterations), got " + t);
    return new LloydNoise(List.of(counts.get(t - 1)), List.of(sums.get(t - 1)), randomness);
  }

  /** The released weighted count of a cluster. */
  public double noisyCount(double exact) {
    return isNone() ? exact : only(counts).release(exact, randomness.provider());
  }

  /** The released weighted sum of a cluster. */
  public double[] noisySum(double[] exact) {
    return isNone() ? exact : only(sums).release(exact, randomness.provider());
  }

  private static <T> T only(List<T> noises) {
    Checks.require(noises.size() == 1, "a per-iteration noise releases through atIteration(t)");
    return noises.get(0);
  }
}
