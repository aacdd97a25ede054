package io.pais.lloyd;

import io.pais.math.Checks;

/**
 * DP-Lloyd's guard for dead centres: a centre whose noisy count is below {@code deadBelow} holds too few points for
 * its noisy mean to mean anything, and instead of keeping its place (where it random-walks or stays empty) it moves
 * to the point of a public weighted {@code pool} that the other centres serve worst — the one with the largest
 * w·D², D the Euclidean distance to the nearest other centre, as k-means++ would seed it. The pool is the private
 * coreset, a DP output the ledger has paid for, and the decision reads only the noisy count, so re-seeding is
 * post-processing and costs no ε.
 *
 * <p>The threshold is {@value #COUNT_DEVIATIONS} standard deviations σ of the count noise ({@link #of}). Under Laplace
 * noise a cluster with no points is re-seeded with probability 1 − e^(−1.5·√2)/2 ≈ 0.94 an iteration, and one that
 * holds 3σ (twice the threshold) with probability e^(−1.5·√2)/2 ≈ 0.06. With 3σ the threshold re-seeded kddcup99's
 * real clusters of about 4σ in many of their iterations and its releases with the clip radius got worse at ε ≤ 1;
 * with 1σ and 1.5σ the eight shared sets gave the same medians (docs/RESULTS.md, "Dead centres re-seeded from the
 * coreset").
 *
 * @param pool the public points a dead centre may move to (no rows: nothing is re-seeded)
 * @param deadBelow the noisy count below which a centre is dead, at least 0
 */
public record DeadCentres(SampleBlock pool, double deadBelow) {
  /** The threshold in standard deviations of the count noise. */
  public static final double COUNT_DEVIATIONS = 1.5;

  public DeadCentres {
    Checks.notNull("pool", pool);
    Checks.nonNegative("deadBelow", deadBelow);
  }

  /** Re-seeding from {@code pool} below {@value #COUNT_DEVIATIONS} deviations of the count noise. */
  public static DeadCentres of(SampleBlock pool, double countDeviation) {
    Checks.nonNegative("count noise deviation", countDeviation);
    return new DeadCentres(pool, COUNT_DEVIATIONS * countDeviation);
  }

  /** No re-seeding (an empty pool): runs without a coreset. */
  public static DeadCentres none() {
    return new DeadCentres(SampleBlock.over(0, 0, new double[0], new double[0]), 0);
  }

  /** Whether a centre with this noisy count moves (false when the pool is empty). */
  boolean isDead(double noisyCount) {
    return pool.rows() > 0 && !(noisyCount >= deadBelow);
  }

  /**
   * Moves centre {@code j} of {@code next} (k × d row-major) to the pool's point with the largest w·D², D the
   * distance to the other centres: {@code next}'s for the centres before j (already updated), {@code previous}'s for
   * those after it. Ties go to the first such point.
   */
  void reseed(int j, double[] next, double[] previous, int k) {
    int d = pool.dimension();
    int best = 0;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int row = 0; row < pool.rows(); row++) {
      double nearest = Double.POSITIVE_INFINITY;
      for (int i = 0; i < k; i++) {
        if (i != j) {
          nearest = Math.min(nearest, squaredDistance(row, i < j ? next : previous, i * d));
        }
      }
      double score = pool.weights()[row] * nearest;
      if (score > bestScore) {
        bestScore = score;
        best = row;
      }
    }
    pool.copyRow(best, next, j * d);
  }

  private double squaredDistance(int row, double[] centres, int offset) {
    double sum = 0;
    for (int t = 0; t < pool.dimension(); t++) {
      double difference = pool.value(row, t) - centres[offset + t];
      sum += difference * difference;
    }
    return sum;
  }
}
