package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * DP-Lloyd's first iteration over more centres than k, merged into k ({@link OverseededStart}), and the merge it
 * shares with the start in a subspace ({@link WeightedLloyd.Iterates#mergedInto}). Noise-free here: the step's noise
 * is DP-Lloyd's own, audited with the engine's wiring in {@code OverseededPathAuditTest}.
 */
class OverseededStartTest {
  private static final int D = 5;
  /** Three clusters of 100 points in 5-d: A at −10, B at +10 on the first axis, C at +20 on the second. */
  private static final double[][] MEANS = {{-10, 0, 0, 0, 0}, {10, 0, 0, 0, 0}, {0, 20, 0, 0, 0}};

  private static SampleBlocks mixture() {
    SplittableRandom random = new SplittableRandom(3);
    SampleBlock.Builder block = new SampleBlock.Builder(D, 300);
    for (int i = 0; i < 300; i++) {
      double[] x = MEANS[i % 3].clone();
      for (int t = 0; t < D; t++) {
        x[t] += (random.nextDouble() - 0.5);
      }
      block.add(x, 1);
    }
    return SampleBlocks.inMemory(List.of(block.build()));
  }

  /**
   * A coreset as the cell tree leaves one: a heavy region straddling A and B (its mean between them), a light region
   * on each of A and B, and C split in two.
   */
  private static SampleBlock straddlingCoreset() {
    return SampleBlock.ofRows(new double[] {
        0, 0, 0, 0, 0,
        -10, 0, 0, 0, 0,
        10, 0, 0, 0, 0,
        0, 19, 0, 0, 0,
        0, 21, 0, 0, 0}, new double[] {200, 10, 10, 50, 50}, D);
  }

  private static WeightedLloyd lloyd(int centres, int iterations) {
    return new WeightedLloyd(centres, iterations, 100, Geometry.L2, true, 0, LloydSums.points());
  }

  private static double distanceToNearest(double[] target, double[] centres) {
    double best = Double.POSITIVE_INFINITY;
    for (int j = 0; j < centres.length / D; j++) {
      double sq = 0;
      for (int t = 0; t < D; t++) {
        sq += Math.pow(centres[j * D + t] - target[t], 2);
      }
      best = Math.min(best, Math.sqrt(sq));
    }
    return best;
  }

  @Test
  void seedsAreTwiceKAtMostTheCoresetsRowsOfPositiveWeight() {
    assertEquals(5, OverseededStart.seeds(3, straddlingCoreset()));
    assertEquals(4, OverseededStart.seeds(2, straddlingCoreset()));
    SampleBlock someEmpty = SampleBlock.ofRows(new double[] {1, 2, 3, 4}, new double[] {1, 0, -2, 5}, 1);
    assertEquals(2, OverseededStart.seeds(3, someEmpty));
    assertEquals(0, OverseededStart.seeds(3, SampleBlock.empty(D)));
    // a fine coreset (more than 12 rows a centre) resolves the clusters itself: k, no over-seeding
    double[] ones = new double[25];
    Arrays.fill(ones, 1);
    assertEquals(4, OverseededStart.seeds(2, SampleBlock.ofRows(new double[24], Arrays.copyOf(ones, 24), 1)));
    assertEquals(2, OverseededStart.seeds(2, SampleBlock.ofRows(new double[25], ones, 1)));
  }

  /**
   * From the straddling start, plain Lloyd keeps one centre between A and B and two in C however long it runs; the
   * over-seeded first iteration finds A, B and C's halves, and their merge puts one centre on each cluster.
   */
  @Test
  void aCentreBetweenTwoClustersIsLeftByMergingTheSeeds() {
    SampleBlocks sample = mixture();
    double[] straddling = {0, 0, 0, 0, 0, 0, 19, 0, 0, 0, 0, 21, 0, 0, 0};
    double[] plain = lloyd(3, 30).run(sample, D, straddling, LloydNoise.none());
    assertTrue(distanceToNearest(MEANS[0], plain) > 5, Arrays.toString(plain));

    double[] merged = OverseededStart.centres(lloyd(5, 1), 3, sample, straddlingCoreset(), D, LloydNoise.none(), 1,
        NoiseRandomness.seeded(7).provider());
    assertEquals(3 * D, merged.length);
    for (double[] mean : MEANS) {
      assertTrue(distanceToNearest(mean, merged) < 0.2, Arrays.toString(mean) + " in " + Arrays.toString(merged));
    }
  }

  @Test
  void theMergeDropsCentresWithinNoiseOfZeroAndKeepsTheHeaviestWhenTooFewClear() {
    // 1-d: centres at 0 (count 0.5: dropped at threshold 1), 10 and 11 (counts 30 and 10), 50 (count 20)
    WeightedLloyd.Iterates iterates = new WeightedLloyd.Iterates(new double[] {0, 10, 11, 50},
        new double[] {0.5, 30, 10, 20});
    double[] two = iterates.mergedInto(2, 1, 1, NoiseRandomness.seeded(1).provider());
    Arrays.sort(two);
    assertArrayEquals(new double[] {10.25, 50}, two, 1e-12);
    // threshold 25: only one clears it, so the two heaviest (10 and 50) are merged into two
    double[] heaviest = iterates.mergedInto(2, 1, 25, NoiseRandomness.seeded(1).provider());
    Arrays.sort(heaviest);
    assertArrayEquals(new double[] {10, 50}, heaviest, 1e-12);
  }

  @Test
  void rejectsAStartThatIsNotOneIterationOverMoreThanKSeeds() {
    SampleBlocks sample = mixture();
    var rng = NoiseRandomness.seeded(1).provider();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OverseededStart.centres(
        lloyd(5, 2), 3, sample, straddlingCoreset(), D, LloydNoise.none(), 1, rng));
    assertTrue(e.getMessage().contains("one iteration"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> OverseededStart.centres(lloyd(3, 1), 3, sample,
        straddlingCoreset(), D, LloydNoise.none(), 1, rng));
    assertTrue(e.getMessage().contains("more seeds than k = 3"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> OverseededStart.centres(lloyd(5, 1), 3, sample,
        straddlingCoreset(), D, LloydNoise.none(), Double.NaN, rng));
    assertTrue(e.getMessage().contains("countDeviation"), e.getMessage());
  }
}
