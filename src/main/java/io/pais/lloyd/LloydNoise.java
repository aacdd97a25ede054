package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.noise.ClusterNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.VectorNoise;
import java.util.Arrays;
import java.util.List;

/**
 * The noise DP-Lloyd adds on the driver each iteration, drawn for every cluster, empty ones included: Laplace(β_count)
 * per weighted count and the sum noise of the geometry per weighted sum, or one noise for both (releases put them on
 * lattices, see {@link io.pais.noise.LatticeNoise}). The same noise every iteration ({@link #of}), or one per
 * iteration ({@link #perIteration}: the iterations' unequal shares of ε). {@link #none()} is the non-private
 * reference (ε = ∞) for experiments and tests.
 */
public final class LloydNoise {
  private final List<ClusterNoise> clusters;
  private final double[] scales;
  private final NoiseRandomness randomness;

  private LloydNoise(List<ClusterNoise> clusters, double[] scales, NoiseRandomness randomness) {
    this.clusters = clusters;
    this.scales = scales;
    this.randomness = randomness;
  }

  /** The same count and sum noise every iteration. */
  public static LloydNoise of(ScalarNoise count, VectorNoise sum, NoiseRandomness randomness) {
    return new LloydNoise(List.of(ClusterNoise.split(Checks.notNull("count noise", count),
        Checks.notNull("sum noise", sum))), new double[] {1.0}, Checks.notNull("randomness", randomness));
  }

  /**
   * Iteration t's noise at index t − 1 (as many as the run's T), and at index t − 1 of {@code scales} its count
   * noise's deviation over the plan's, which the dead-centre guard's threshold follows: φ_t
   * ({@link io.pais.accounting.IterationShares}) where the iteration's noise is the plan's at scales times φ_t.
   */
  public static LloydNoise perIteration(List<? extends ClusterNoise> noises, double[] scales,
      NoiseRandomness randomness) {
    Checks.require(!noises.isEmpty() && noises.size() == scales.length, "per-iteration noise needs as many noises "
        + "and scale factors, at least one, got " + noises.size() + " and " + scales.length);
    for (int t = 0; t < scales.length; t++) {
      Checks.positive("iteration " + (t + 1) + "'s noise scale factor", scales[t]);
    }
    return new LloydNoise(List.copyOf(noises), scales.clone(), Checks.notNull("randomness", randomness));
  }

  /** No noise at all: weighted Lloyd, not private. */
  public static LloydNoise none() {
    return new LloydNoise(List.of(), new double[0], null);
  }

  boolean isNone() {
    return clusters.isEmpty();
  }

  /** The noise iteration t (1-based) releases with: this one when every iteration's is the same. */
  public LloydNoise atIteration(int t) {
    if (clusters.size() <= 1) {
      return this;
    }
    Checks.require(t >= 1 && t <= clusters.size(), "iteration must be in [1, " + clusters.size() + "] (the noise's "
        + "iterations), got " + t);
    return new LloydNoise(List.of(clusters.get(t - 1)), new double[] {scales[t - 1]}, randomness);
  }

  /**
   * The noise of iterations {@code first}, {@code first} + 1, … as iterations 1, 2, …: for a run whose first
   * iterations were released apart ({@link OverseededStart}). This one when every iteration's noise is the same.
   */
  public LloydNoise from(int first) {
    if (clusters.size() <= 1) {
      return this;
    }
    Checks.require(first >= 1 && first <= clusters.size(), "the first iteration must be in [1, " + clusters.size()
        + "] (the noise's iterations), got " + first);
    return new LloydNoise(clusters.subList(first - 1, clusters.size()),
        Arrays.copyOfRange(scales, first - 1, scales.length), randomness);
  }

  /**
   * This iteration's count noise deviation over the plan's (φ_t, or 1 when every iteration's noise is the same): the
   * dead-centre guard's threshold, set in deviations of the plan's count noise, follows it ({@link DeadCentres#isDead}).
   */
  double scale() {
    Checks.require(scales.length == 1, "a per-iteration noise releases through atIteration(t)");
    return scales[0];
  }

  /** A cluster's released weighted count and sum (the exact ones where there is no noise). */
  public ClusterNoise.Released release(double count, double[] sum) {
    if (isNone()) {
      return new ClusterNoise.Released(count, sum);
    }
    Checks.require(clusters.size() == 1, "a per-iteration noise releases through atIteration(t)");
    return clusters.get(0).release(count, sum, randomness.provider());
  }
}
