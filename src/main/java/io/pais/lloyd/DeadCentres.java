package io.pais.lloyd;

import io.pais.math.Checks;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * DP-Lloyd's guard for dead centres: a centre whose noisy count is below {@code deadBelow} holds too few points for
 * its noisy mean to mean anything, and instead of keeping its place (where it random-walks or stays empty) it moves
 * to the point of a public weighted {@code pool} that the other centres serve worst — the one with the largest
 * w·D², D the Euclidean distance to the nearest centre that holds points (at its new place) or was re-seeded before
 * it, as k-means++ would seed it. The pool is the private
 * coreset, a DP output the ledger has paid for, and the decision reads only the noisy count, so re-seeding is
 * post-processing and costs no ε.
 *
 * <p>The threshold is {@value #COUNT_DEVIATIONS} standard deviations σ of the count noise ({@link #of}), of the noise
 * each iteration draws its counts with: where the iterations' shares of ε differ, iteration t's threshold is the plan's
 * times φ_t ({@link #isDead}). Under Laplace
 * noise a cluster with no points is re-seeded with probability 1 − e^(−1.5·√2)/2 ≈ 0.94 an iteration, and one that
 * holds 3σ (twice the threshold) with probability e^(−1.5·√2)/2 ≈ 0.06. With 3σ the threshold re-seeded kddcup99's real
 * clusters of about 4σ in many of their iterations and its releases with the clip radius got worse at ε ≤ 1; with 1σ
 * and 1.5σ the eight shared sets gave the same medians (docs/results/history.md, "Dead centres re-seeded from the
 * coreset").
 *
 * <p>Without a pool (a strict release that started from no coreset: little budget per centre, or a start that reads
 * no data) a dead centre is not left where it is, empty, for the rest of the run: it {@link Split splits} the live
 * centre with the largest noisy count, as bisecting k-means splits its largest cluster.
 *
 * @param pool the public points a dead centre may move to (no rows: nothing is re-seeded, unless {@code split})
 * @param deadBelow the noisy count below which a centre is dead, at least 0
 * @param split how a dead centre moves without a pool (null: it stays)
 */
public record DeadCentres(SampleBlock pool, double deadBelow, Split split) {
  /** The threshold in standard deviations of the count noise. */
  public static final double COUNT_DEVIATIONS = 1.5;

  /**
   * The threshold of {@link #splitting} in standard deviations of the count noise (a utility constant of a guard, which
   * spends no ε): on the twelve generalisation cells without a coreset (21 seeds), 1 gave a geometric mean of the
   * medians of 3.77 against 3.85 at 0.5 and 4.01 at 1.5 (4.11 without splitting); docs/results/history.md, "A start in
   * the box's shape and dead centres that split".
   */
  public static final double SPLIT_COUNT_DEVIATIONS = 1.0;

  public DeadCentres {
    Checks.notNull("pool", pool);
    Checks.nonNegative("deadBelow", deadBelow);
    Checks.require(split == null || pool.rows() == 0, "a dead centre either moves to the pool or splits, not both");
  }

  /** Re-seeding from {@code pool} below {@code deadBelow}. */
  public DeadCentres(SampleBlock pool, double deadBelow) {
    this(pool, deadBelow, null);
  }

  /** Re-seeding from {@code pool} below {@value #COUNT_DEVIATIONS} deviations of the count noise. */
  public static DeadCentres of(SampleBlock pool, double countDeviation) {
    Checks.nonNegative("count noise deviation", countDeviation);
    return new DeadCentres(pool, COUNT_DEVIATIONS * countDeviation);
  }

  /** No re-seeding (an empty pool): runs without a coreset. */
  public static DeadCentres none() {
    return new DeadCentres(SampleBlock.empty(0), 0);
  }

  /**
   * Splitting below {@value #SPLIT_COUNT_DEVIATIONS} deviations of the count noise, each split a step in the public
   * {@code shape} drawn from {@code rng} ({@link Split}).
   */
  public static DeadCentres splitting(double[] shape, double countDeviation, UniformRandomProvider rng) {
    Checks.nonNegative("count noise deviation", countDeviation);
    return new DeadCentres(SampleBlock.empty(shape.length), SPLIT_COUNT_DEVIATIONS * countDeviation,
        new Split(shape, rng));
  }

  /**
   * Whether a centre with this noisy count moves (false when there is neither a pool nor a split): below
   * {@code deadBelow} times {@code scale}, the factor φ_t of the iteration's noise scales over the plan's
   * ({@link LloydNoise#scale}), so that the threshold stays the same number of deviations of the noise the count was
   * drawn with when the iterations' shares of ε differ.
   */
  boolean isDead(double noisyCount, double scale) {
    return (pool.rows() > 0 || split != null) && !(noisyCount >= deadBelow * scale);
  }

  /**
   * Moves the dead centres: to the pool ({@link #reseed}) or by splitting ({@link Split#apply}).
   *
   * @param noisyCounts every centre's noisy count this iteration
   * @param previous the centres before this iteration
   */
  void move(boolean[] dead, double[] centres, double[] noisyCounts, double[] previous, int k, Memory memory) {
    if (split != null) {
      split.apply(dead, centres, noisyCounts, previous, k);
    } else {
      reseed(dead, centres, k, memory);
    }
  }

  /**
   * Where a dead centre goes without a pool: next to the live centre with the largest noisy count, a step of
   * {@value #SPLIT_STEP} of the public {@code shape} away in a random direction of that shape (s_t·u_t, u uniform in
   * [−1, 1]^d). The next iteration's cells then cut that cluster in two by a hyperplane through it, as bisecting
   * k-means does, instead of leaving the dead centre empty where a start that read no data put it. One split halves
   * the split centre's count, so several dead centres go to the heaviest clusters in turn. It reads noisy counts, the
   * noisy centres, a public shape and randomness independent of the data: post-processing, no ε. With no live centre
   * the dead keep their places.
   *
   * @param shape per coordinate, the public scale of the space (the box's half-widths, or the ball's r/√d); 0 where
   *     the box holds the coordinate at one value, which a split then keeps
   * @param rng the run's randomness
   */
  public record Split(double[] shape, UniformRandomProvider rng) {
    /** The step as a share of the shape: small against any cluster a release can find, so the cut goes through it. */
    public static final double SPLIT_STEP = 1e-3;

    public Split {
      Checks.notNull("shape", shape);
      for (double s : shape) {
        Checks.nonNegative("split shape", s);
      }
      Checks.notNull("rng", rng);
      shape = shape.clone();
    }

    void apply(boolean[] dead, double[] centres, double[] noisyCounts, double[] previous, int k) {
      int d = shape.length;
      double[] weight = new double[k];
      boolean anyLive = false;
      for (int j = 0; j < k; j++) {
        weight[j] = dead[j] ? Double.NEGATIVE_INFINITY : noisyCounts[j];
        anyLive |= !dead[j];
      }
      for (int j = 0; j < k; j++) {
        if (!dead[j]) {
          continue;
        }
        if (!anyLive) {
          System.arraycopy(previous, j * d, centres, j * d, d);
          continue;
        }
        int heaviest = 0;
        for (int i = 1; i < k; i++) {
          if (weight[i] > weight[heaviest]) {
            heaviest = i;
          }
        }
        for (int t = 0; t < d; t++) {
          centres[j * d + t] = centres[heaviest * d + t] + SPLIT_STEP * shape[t] * (2 * rng.nextDouble() - 1);
        }
        weight[heaviest] /= 2;
        weight[j] = weight[heaviest];
      }
    }
  }

  /** A memory for one run of k centres over this pool: nothing re-seeded yet. */
  Memory memory(int k) {
    return new Memory(k, pool.rows());
  }

  /**
   * What re-seeding remembers from one iteration to the next within a run: the pool point each centre was last moved
   * to (−1: none, or the centre has held points since), and the points that could not hold a centre — a centre moved
   * there was dead again at the next iteration. Such a point is not chosen again: on a sample (unif, core) a band of
   * the tail axes that the full data makes heavy can hold too few sampled points to pass the threshold, and every
   * iteration moved the same dead centre back to it (shuttle at ε = 3: 1.06 → 1.32 the floor; docs/results/history.md,
   * "A pool point that cannot hold a centre"). Decided from noisy counts and the public pool only: post-processing.
   */
  static final class Memory {
    private final int[] movedTo;
    private final boolean[] exhausted;

    private Memory(int k, int rows) {
      movedTo = new int[k];
      Arrays.fill(movedTo, -1);
      exhausted = new boolean[rows];
    }

    /**
     * Takes an iteration's dead centres (every iteration's, before any re-seeding): one moved at the last iteration
     * and dead again exhausts its point.
     */
    void observe(boolean[] dead) {
      for (int j = 0; j < movedTo.length; j++) {
        if (dead[j] && movedTo[j] >= 0) {
          exhausted[movedTo[j]] = true;
        }
        movedTo[j] = -1;
      }
    }

    private boolean anyLeft() {
      for (boolean e : exhausted) {
        if (!e) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * Moves the centres flagged in {@code dead} (k × d row-major {@code centres}, the live ones already at their new
   * places) one after another, in index order, to the pool's point with the largest w·D², D the distance to the nearest
   * live or already re-seeded centre, among the points {@code memory} has not seen fail (all of them when every one
   * has; it has observed {@code dead}); ties go to the first such point. One pass of the distance kernel over the pool
   * finds the distances to the live centres, and each placement updates them with one more centre, so the cost is that
   * of one Lloyd assignment of the pool, whatever the number of dead centres. With no live centre the first goes to the
   * heaviest point.
   */
  private void reseed(boolean[] dead, double[] centres, int k, Memory memory) {
    int d = pool.dimension();
    int rows = pool.rows();
    boolean skipExhausted = memory.anyLeft();
    double[] nearest = distancesToLive(dead, centres, k);
    double[] distance = new double[rows];
    for (int j = 0; j < k; j++) {
      if (!dead[j]) {
        continue;
      }
      int best = -1;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int row = 0; row < rows; row++) {
        if (skipExhausted && memory.exhausted[row]) {
          continue;
        }
        double score = score(row, nearest);
        if (best < 0 || score > bestScore) {
          best = row;
          bestScore = score;
        }
      }
      memory.movedTo[j] = best;
      pool.copyRow(best, centres, j * d);
      // coordinate by coordinate over the pool's coordinate-major matrix: consecutive reads
      Arrays.fill(distance, 0);
      double[] columns = pool.columns();
      for (int t = 0; t < d; t++) {
        double coordinate = centres[j * d + t];
        for (int row = 0, at = t * rows; row < rows; row++, at++) {
          double difference = columns[at] - coordinate;
          distance[row] += difference * difference;
        }
      }
      for (int row = 0; row < rows; row++) {
        nearest[row] = Math.min(nearest[row], distance[row]);
      }
    }
  }

  /** w·D², or w alone while no centre is placed (D = ∞ for every point). */
  private double score(int row, double[] nearest) {
    double weight = pool.weights()[row];
    return nearest[row] == Double.POSITIVE_INFINITY ? weight : weight * nearest[row];
  }

  /** Each pool point's squared distance to its nearest live centre (∞ with none): ‖x‖² + min_j (‖c_j‖² − 2 x·c_j). */
  private double[] distancesToLive(boolean[] dead, double[] centres, int k) {
    int d = pool.dimension();
    int live = 0;
    double[] liveCentres = new double[k * d];
    for (int j = 0; j < k; j++) {
      if (!dead[j]) {
        System.arraycopy(centres, j * d, liveCentres, live++ * d, d);
      }
    }
    double[] nearest = new double[pool.rows()];
    if (live == 0) {
      Arrays.fill(nearest, Double.POSITIVE_INFINITY);
      return nearest;
    }
    NearestCentre.Assignment assignment = NearestCentre.assign(pool, liveCentres,
        WeightedClusterStats.squaredNorms(liveCentres, live, d), live, NearestCentre.Assignment.reuse(null,
            pool.rows()));
    int rows = pool.rows();
    double[] columns = pool.columns();
    for (int t = 0; t < d; t++) {
      for (int row = 0, at = t * rows; row < rows; row++, at++) {
        nearest[row] += columns[at] * columns[at];
      }
    }
    for (int row = 0; row < rows; row++) {
      // ‖x‖² + (‖c‖² − 2 x·c): the expanded form can come out a little below 0 for a point on a centre
      nearest[row] = Math.max(0, nearest[row] + assignment.partial[row]);
    }
    return nearest;
  }
}
