package io.pais.bench;

import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedClusterStats;
import io.pais.lloyd.WeightedLloyd;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What re-seeding dead centres costs a DP-Lloyd update when many centres are dead (a large k): one update over n
 * in-memory points (25 Gaussian blobs in d dimensions) with k centres drawn from the points, once with a pool of f
 * points (drawn from the points too, weight 1) and a threshold that leaves many clusters dead, once without a pool;
 * side by side, interleaved, the median of 5 rounds each. The count "noise" adds nothing, so both runs do the same
 * arithmetic but for the re-seeding. Arguments: n (default 100,000), d (50), k (10,000), f (8,000), threshold (20).
 */
public final class DeadCentresBenchmark {
  private static final int BLOBS = 25;
  private static final int ROUNDS = 5;

  private DeadCentresBenchmark() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    int k = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
    int f = args.length > 3 ? Integer.parseInt(args[3]) : 8_000;
    double threshold = args.length > 4 ? Double.parseDouble(args[4]) : 20;
    SplittableRandom random = new SplittableRandom(1);
    List<double[]> points = GaussianBlobs.points(n, d, BLOBS, random);
    SampleBlock.Builder all = new SampleBlock.Builder(d, n);
    points.forEach(x -> all.add(x, 1));
    SampleBlocks sample = SampleBlocks.inMemory(List.of(all.build()));
    double[] centres = pick(points, d, k, random);
    double[] ones = new double[f];
    java.util.Arrays.fill(ones, 1);
    SampleBlock pool = SampleBlock.ofRows(pick(points, d, f, random), ones, d);

    WeightedClusterStats stats = sample.clusterStats(centres, k, d, LloydSums.points());
    int dead = 0;
    for (int j = 0; j < k; j++) {
      dead += stats.count(j) < threshold ? 1 : 0;
    }
    LloydNoise exact = LloydNoise.of((value, rng) -> value, (value, rng) -> value.clone(), NoiseRandomness.seeded(1));
    WeightedLloyd reseeding = new WeightedLloyd(k, 1, 1e9, Geometry.L2, true, 0, LloydSums.points(),
        new DeadCentres(pool, threshold));
    WeightedLloyd keeping = new WeightedLloyd(k, 1, 1e9, Geometry.L2, true, 0, LloydSums.points(),
        DeadCentres.none());
    double[] withPool = new double[ROUNDS];
    double[] without = new double[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      withPool[round] = seconds(() -> reseeding.run(sample, d, centres, exact));
      without[round] = seconds(() -> keeping.run(sample, d, centres, exact));
    }
    java.util.Arrays.sort(withPool);
    java.util.Arrays.sort(without);
    System.out.printf(Locale.ROOT, "n = %d, d = %d, k = %d, pool f = %d, threshold %.0f: %d dead centres%n", n, d, k, f,
        threshold, dead);
    System.out.printf(Locale.ROOT, "one update, re-seeding from the pool: %.3f s (median of %d)%n",
        withPool[ROUNDS / 2], ROUNDS);
    System.out.printf(Locale.ROOT, "one update, dead centres kept:       %.3f s (median of %d)%n",
        without[ROUNDS / 2], ROUNDS);
  }

  /** {@code count} distinct points, row-major. */
  private static double[] pick(List<double[]> points, int d, int count, SplittableRandom random) {
    double[] out = new double[count * d];
    java.util.BitSet taken = new java.util.BitSet(points.size());
    for (int j = 0; j < count; j++) {
      int row;
      do {
        row = random.nextInt(points.size());
      } while (taken.get(row));
      taken.set(row);
      System.arraycopy(points.get(row), 0, out, j * d, d);
    }
    return out;
  }

  private static double seconds(Runnable run) {
    long start = System.nanoTime();
    run.run();
    return (System.nanoTime() - start) / 1e9;
  }
}
