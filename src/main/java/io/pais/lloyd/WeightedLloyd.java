package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.noise.ClusterNoise;
import io.pais.privacy.Geometry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Weighted DP-Lloyd (SPEC §2) over a sample of dense blocks ({@link SampleBlocks}: cached in Spark or held in
 * memory, one algorithm for both). Each iteration computes the k × (d + 1) weighted sums and counts in one pass
 * over the blocks, and on the driver adds noise and applies the post-processing guards: a centre whose noisy count
 * is at most {@code minNoisyCount} keeps its previous position, and every centre is projected onto the ball of
 * radius r. Guards only touch noisy outputs, so they cost no privacy; they can be switched off to reproduce
 * the reference code. With {@link LloydSums.ClippedOffsets} the noisy sum is of offsets, and the new centre is the
 * previous one moved by (Σ offsets + ζ)/ñ_j. With noise and guards on, a centre whose noisy count is below the
 * threshold of {@code deadCentres} is re-seeded from its public pool, or splits the heaviest live centre, instead
 * ({@link DeadCentres}); without noise nothing is re-seeded. The first iteration may sum its offsets with a longer
 * reach ({@code firstReach}, {@link LloydSums.ClippedOffsets}): a start that is off by more than ρ then moves that far
 * in one step, at the same ε. From the second iteration on, clipped offsets are narrowed per centre as
 * {@code centreClips} says from the centres of the iteration before ({@link LloydSums.ClippedOffsets#narrowing}), at
 * the same ε.
 *
 * @param k clusters
 * @param iterations T
 * @param radius r
 * @param geometry the ball that guards project onto
 * @param guards whether the guards are on
 * @param minNoisyCount the guard threshold on ñ_j
 * @param sums what a cluster's sum adds up: the points, or their clipped offsets from the centres
 * @param deadCentres where a centre whose noisy count is within noise of zero moves (a guard)
 * @param firstReach the reach of the first iteration's sums ({@link LloydSums#reaching}); 1 for sums of points
 * @param centreClips how the later iterations narrow each centre's clip ({@link CentreClips#none()}: not at all)
 */
public record WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
    double minNoisyCount, LloydSums sums, DeadCentres deadCentres, int firstReach, CentreClips centreClips) {

  public WeightedLloyd {
    Checks.positive("k", k);
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.notNull("geometry", geometry);
    Checks.finite("minNoisyCount", minNoisyCount);
    Checks.notNull("sums", sums);
    Checks.notNull("deadCentres", deadCentres);
    Checks.notNull("centreClips", centreClips);
    sums.reaching(firstReach); // validates the reach for these sums
  }

  /** DP-Lloyd whose first iteration sums with {@code firstReach} and whose clips are not narrowed per centre. */
  public WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
      double minNoisyCount, LloydSums sums, DeadCentres deadCentres, int firstReach) {
    this(k, iterations, radius, geometry, guards, minNoisyCount, sums, deadCentres, firstReach, CentreClips.none());
  }

  /** DP-Lloyd whose every iteration sums as {@code sums} does. */
  public WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
      double minNoisyCount, LloydSums sums, DeadCentres deadCentres) {
    this(k, iterations, radius, geometry, guards, minNoisyCount, sums, deadCentres, 1);
  }

  /** DP-Lloyd that keeps a dead centre in place (the guard's threshold still applies). */
  public WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
      double minNoisyCount, LloydSums sums) {
    this(k, iterations, radius, geometry, guards, minNoisyCount, sums, DeadCentres.none());
  }

  /** The paper's DP-Lloyd: sums of the points. */
  public WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
      double minNoisyCount) {
    this(k, iterations, radius, geometry, guards, minNoisyCount, LloydSums.points());
  }

  /**
   * Runs T iterations from {@code initial} (k × d row-major) over one sample (cached in Spark, or in memory) and
   * returns the final centres.
   */
  public double[] run(SampleBlocks sample, int dimension, double[] initial, LloydNoise noise) {
    return run(t -> sample, dimension, initial, noise, t -> { });
  }

  /**
   * Runs T iterations, iteration t over {@code sampleOfIteration.apply(t)} (a fresh sample per iteration for the
   * uniform schemes) with iteration t's noise, and returns the final centres.
   *
   * @param progress called with the iteration number after each iteration (for logs; gets no data)
   */
  public double[] run(IntFunction<SampleBlocks> sampleOfIteration, int dimension, double[] initial,
      LloydNoise noise, IntConsumer progress) {
    return iterate(sampleOfIteration, dimension, initial, noise, progress, null);
  }

  /** The centres after T iterations, with the noisy counts the last iteration moved them by (DP outputs). */
  public record Iterates(double[] centres, double[] noisyCounts) {
    private static final int MERGE_STARTS = 20;
    private static final int MERGE_ITERATIONS = 100;

    /**
     * The centres (d coordinates each) whose noisy count exceeds {@code threshold}, merged into k by weighted k-means
     * on their noisy counts (with fewer than k of them, the k heaviest): post-processing of DP outputs.
     */
    public double[] mergedInto(int k, int dimension, double threshold, UniformRandomProvider rng) {
      Checks.positive("k", k);
      Checks.finite("threshold", threshold);
      List<Integer> kept = new ArrayList<>();
      for (int a = 0; a < noisyCounts.length; a++) {
        if (noisyCounts[a] > threshold) {
          kept.add(a);
        }
      }
      if (kept.size() < k) {
        kept = heaviest(k);
      }
      double[] values = new double[kept.size() * dimension];
      double[] weights = new double[kept.size()];
      for (int b = 0; b < kept.size(); b++) {
        System.arraycopy(centres, kept.get(b) * dimension, values, b * dimension, dimension);
        weights[b] = Math.max(noisyCounts[kept.get(b)], Double.MIN_NORMAL);
      }
      return new WeightedKMeans(k, MERGE_STARTS, MERGE_ITERATIONS).fit(
          List.of(SampleBlock.ofRows(values, weights, dimension)), dimension, rng);
    }

    private List<Integer> heaviest(int k) {
      List<Integer> order = new ArrayList<>();
      for (int a = 0; a < noisyCounts.length; a++) {
        order.add(a);
      }
      order.sort((u, v) -> Double.compare(noisyCounts[v], noisyCounts[u]));
      return new ArrayList<>(order.subList(0, Math.min(k, order.size())));
    }
  }

  /**
   * Runs T iterations over one sample and returns the final centres with the last iteration's noisy counts: what a
   * start that merges many centres into k weighs them by (post-processing of the counts).
   */
  public Iterates runWithCounts(SampleBlocks sample, int dimension, double[] initial, LloydNoise noise) {
    double[] noisyCounts = new double[k];
    double[] centres = iterate(t -> sample, dimension, initial, noise, t -> { }, noisyCounts);
    return new Iterates(centres, noisyCounts);
  }

  private double[] iterate(IntFunction<SampleBlocks> sampleOfIteration, int dimension, double[] initial,
      LloydNoise noise, IntConsumer progress, double[] lastNoisyCounts) {
    Checks.require(initial.length == k * dimension, "initial centres must be k x d = " + k * dimension
        + " values, got " + initial.length);
    Checks.require(deadCentres.pool().rows() == 0 || deadCentres.pool().dimension() == dimension, "the dead "
        + "centres' pool must have d = " + dimension + " coordinates, got " + deadCentres.pool().dimension());
    double[] centres = initial.clone();
    DeadCentres.Memory memory = deadCentres.memory(k);
    for (int t = 1; t <= iterations; t++) {
      LloydSums terms = t == 1 ? sums.reaching(firstReach) : narrowedAt(centres);
      WeightedClusterStats stats = sampleOfIteration.apply(t).clusterStats(centres, k, dimension, terms);
      centres = update(stats, centres, dimension, noise.atIteration(t), memory, terms,
          t == iterations ? lastNoisyCounts : null);
      progress.accept(t);
    }
    return centres;
  }

  /** The sums of an iteration after the first from {@code centres}: clipped offsets narrowed per centre. */
  private LloydSums narrowedAt(double[] centres) {
    if (sums instanceof LloydSums.ClippedOffsets offsets && !offsets.cappedAtNorm()) {
      double[] factors = centreClips.factors(centres, k, offsets.bound());
      return factors == null ? sums : offsets.narrowing(factors);
    }
    return sums;
  }

  /** One driver-side update, the first of a run (nothing re-seeded before it, its sums at the first reach). */
  double[] update(WeightedClusterStats stats, double[] previous, int dimension, LloydNoise noise) {
    return update(stats, previous, dimension, noise.atIteration(1), deadCentres.memory(k), sums.reaching(firstReach),
        null);
  }

  /** The same, the noisy counts not kept. */
  double[] update(WeightedClusterStats stats, double[] previous, int dimension, LloydNoise noise,
      DeadCentres.Memory memory, LloydSums terms) {
    return update(stats, previous, dimension, noise, memory, terms, null);
  }

  /**
   * One driver-side update of an iteration that summed {@code terms}: noise for every cluster, then the guards (dead
   * centres last, from the live ones, with what re-seeding remembers of the run's earlier iterations); the noisy
   * counts are also written to {@code noisyCountsOut} when it is not null.
   */
  double[] update(WeightedClusterStats stats, double[] previous, int dimension, LloydNoise noise,
      DeadCentres.Memory memory, LloydSums terms, double[] noisyCountsOut) {
    double[] next = new double[k * dimension];
    boolean offsets = terms instanceof LloydSums.ClippedOffsets;
    // the terms were summed at 1/gauge of their length (the reach times the centre's narrowing): the noisy sum times
    // the gauge (exact, a power of two)
    LloydSums.ClippedOffsets clipped = terms instanceof LloydSums.ClippedOffsets c ? c : null;
    boolean[] dead = new boolean[k];
    double[] noisyCounts = new double[k];
    boolean anyDead = false;
    for (int j = 0; j < k; j++) {
      ClusterNoise.Released released = noise.release(stats.count(j), stats.sum(j));
      double noisyCount = released.count();
      noisyCounts[j] = noisyCount;
      double[] c = released.sum();
      double gauge = clipped != null ? clipped.gauge(j) : 1;
      for (int t = 0; t < dimension; t++) {
        c[t] = c[t] * gauge / noisyCount;
        if (offsets) {
          c[t] += previous[j * dimension + t];
        }
      }
      if (guards && !noise.isNone() && deadCentres.isDead(noisyCount, noise.scale())) {
        dead[j] = true;
        anyDead = true;
        continue;
      }
      boolean keep = guards && (noisyCount <= minNoisyCount || !(noisyCount > 0));
      if (!guards && noise.isNone() && stats.count(j) == 0) {
        keep = true; // plain weighted Lloyd: an empty cluster keeps its centre
      }
      if (keep) {
        System.arraycopy(previous, j * dimension, next, j * dimension, dimension);
        continue;
      }
      if (guards) {
        double norm = geometry.norm(c);
        if (norm > radius) {
          for (int t = 0; t < dimension; t++) {
            c[t] *= radius / norm;
          }
        }
      }
      System.arraycopy(c, 0, next, j * dimension, dimension);
    }
    if (noisyCountsOut != null) {
      System.arraycopy(noisyCounts, 0, noisyCountsOut, 0, k);
    }
    memory.observe(dead);
    if (anyDead) {
      deadCentres.move(dead, next, noisyCounts, previous, k, memory);
    }
    return next;
  }
}
