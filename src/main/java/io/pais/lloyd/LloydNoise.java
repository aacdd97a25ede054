package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.VectorNoise;
import java.util.Arrays;
import java.util.List;

/**
 * The noise DP-Lloyd adds on the driver each iteration: Laplace(β_count) per weighted count and the sum noise
 * of the geometry per weighted sum, drawn for every cluster, empty ones included (releases put both on lattices,
 * see {@link io.pais.noise.LatticeNoise}). The same noise every iteration ({@link #of}), or one per iteration
 * ({@link #perIteration}: the iterations' unequal shares of ε, iteration t's noise at the plan's scales times φ_t).
 * {@link #none()} is the non-private reference (ε = ∞) for experiments and tests.
 */
public final class LloydNoise {
  private final List<ScalarNoise> counts;
  private final List<VectorNoise> sums;
  private final double[] scales;
  private final NoiseRandomness randomness;

  private LloydNoise(List<ScalarNoise> counts, List<VectorNoise> sums, double[] scales,
      NoiseRandomness randomness) {
    this.counts = counts;
    this.sums = sums;
    this.scales = scales;
    this.randomness = randomness;
  }

  /** The same count and sum noise every iteration. */
  public static LloydNoise of(ScalarNoise count, VectorNoise sum, NoiseRandomness randomness) {
    return new LloydNoise(List.of(Checks.notNull("count noise", count)), List.of(Checks.notNull("sum noise", sum)),
        new double[] {1.0}, Checks.notNull("randomness", randomness));
  }

  /**
   * Iteration t's count and sum noise at index t − 1 of each list (as many as the run's T), drawn at the plan's
   * scales times {@code scales[t − 1]} (φ_t, {@link io.pais.accounting.IterationShares}).
   */
  public static LloydNoise perIteration(List<ScalarNoise> counts, List<VectorNoise> sums, double[] scales,
      NoiseRandomness randomness) {
    Checks.require(!counts.isEmpty() && counts.size() == sums.size() && counts.size() == scales.length,
        "per-iteration noise needs as many count noises, sum noises and scale factors, at least one, got "
            + counts.size() + ", " + sums.size() + " and " + scales.length);
    for (int t = 0; t < scales.length; t++) {
      Checks.positive("iteration " + (t + 1) + "'s noise scale factor", scales[t]);
    }
    return new LloydNoise(List.copyOf(counts), List.copyOf(sums), scales.clone(),
        Checks.notNull("randomness", randomness));
  }

  /** No noise at all: weighted Lloyd, not private. */
  public static LloydNoise none() {
    return new LloydNoise(List.of(), List.of(), new double[0], null);
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
    return new LloydNoise(List.of(counts.get(t - 1)), List.of(sums.get(t - 1)), new double[] {scales[t - 1]},
        randomness);
  }

  /**
   * The noise of iterations {@code first}, {@code first} + 1, … as iterations 1, 2, …: for a run whose first
   * iterations were released apart ({@link OverseededStart}). This one when every iteration's noise is the same.
   */
  public LloydNoise from(int first) {
    if (counts.size() <= 1) {
      return this;
    }
    Checks.require(first >= 1 && first <= counts.size(), "the first iteration must be in [1, " + counts.size()
        + "] (the noise's iterations), got " + first);
    return new LloydNoise(counts.subList(first - 1, counts.size()), sums.subList(first - 1, sums.size()),
        Arrays.copyOfRange(scales, first - 1, scales.length), randomness);
  }

  /**
   * φ_t: this iteration's noise scales over the plan's (1 when every iteration's noise is the same). The dead-centre
   * guard's threshold, set in deviations of the plan's count noise, follows it ({@link DeadCentres#isDead}).
   */
  double scale() {
    requireOneIteration(scales.length);
    return scales[0];
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
    requireOneIteration(noises.size());
    return noises.get(0);
  }

  private static void requireOneIteration(int noises) {
    Checks.require(noises == 1, "a per-iteration noise releases through atIteration(t)");
  }
}
