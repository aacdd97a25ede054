package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * Exact draws of the fixed-size schemes: sizes exact, results reproducible from the seed, and the copy count of one
 * record distributed as W(k) of {@link CopyCounts} (chi-square, false-failure rate 1e-4 per scheme, fixed seeds),
 * with a check that the same test rejects the law of another scheme.
 */
class MultisetDrawTest {
  private static final long N = 40;
  private static final long N1 = 16;
  private static final int M = 12;
  private static final int DRAWS = 40_000;
  private static final long WATCHED = 7;
  private static final double ALPHA = 1e-4;

  private static UniformRandomProvider rng(long seed) {
    return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
  }

  /** Observed copy counts of the watched record, bins 0..3 and 4+. */
  private static long[] observe(UniformScheme scheme, long seed) {
    UniformRandomProvider random = rng(seed);
    long[] observed = new long[5];
    for (int r = 0; r < DRAWS; r++) {
      MultisetDraw d = MultisetDraw.draw(scheme, N, N1, M, random);
      int copies = 0;
      for (int i = 0; i < d.records().length; i++) {
        if (d.records()[i] == WATCHED) {
          copies = d.copies()[i];
        }
      }
      observed[Math.min(4, copies)]++;
    }
    return observed;
  }

  /** Whether the chi-square test rejects W(k) of {@code law} at level ALPHA (bins with expectation < 5 merged). */
  private static boolean rejects(long[] observed, CopyCounts law) {
    double statistic = 0;
    int bins = 0;
    double pendingExpected = 0;
    long pendingObserved = 0;
    for (int k = 0; k < observed.length; k++) {
      double p = k < observed.length - 1 ? law.probability(k) : Math.max(0, 1 - law.probability(0)
          - law.probability(1) - law.probability(2) - law.probability(3));
      pendingExpected += p * DRAWS;
      pendingObserved += observed[k];
      if (pendingExpected >= 5 || k == observed.length - 1) {
        if (pendingExpected > 0) {
          statistic += Math.pow(pendingObserved - pendingExpected, 2) / pendingExpected;
          bins++;
        } else {
          assertEquals(0, pendingObserved, "a count the law gives probability 0");
        }
        pendingExpected = 0;
        pendingObserved = 0;
      }
    }
    return bins > 1 && statistic > new ChiSquaredDistribution(bins - 1).inverseCumulativeProbability(1 - ALPHA);
  }

  @Test
  void copyCountsFollowTheLawOfEachScheme() {
    long seed = 11;
    for (UniformScheme scheme : UniformScheme.values()) {
      if (scheme == UniformScheme.POISSON_UNIFORM) {
        continue;
      }
      long[] observed = observe(scheme, seed++);
      assertTrue(!rejects(observed, CopyCounts.of(scheme, N, N1, M)), scheme + ": " + java.util.Arrays.toString(
          observed));
    }
  }

  @Test
  void theTestRejectsTheLawOfAnotherScheme() {
    // MUST.OW keeps the record with probability 0.4 * (1 - (15/16)^12) = 0.216, WR with 1 - (39/40)^12 = 0.262
    assertTrue(rejects(observe(UniformScheme.MUST_OW, 3), CopyCounts.of(UniformScheme.WR, N, N1, M)));
    assertTrue(rejects(observe(UniformScheme.WR, 4), CopyCounts.of(UniformScheme.MUST_WW, N, N1, M)));
  }

  @Test
  void sizesAreExactAndDrawsReproducible() {
    for (UniformScheme scheme : new UniformScheme[] {UniformScheme.WOR, UniformScheme.WR, UniformScheme.MUST_OW,
        UniformScheme.MUST_WO, UniformScheme.MUST_WW}) {
      MultisetDraw a = MultisetDraw.draw(scheme, 1_000_000_000_000L, 50_000, 20_000, rng(5));
      MultisetDraw b = MultisetDraw.draw(scheme, 1_000_000_000_000L, 50_000, 20_000, rng(5));
      assertEquals(20_000, a.size(), scheme.id());
      assertArrayEquals(a.records(), b.records(), scheme.id());
      assertArrayEquals(a.copies(), b.copies(), scheme.id());
      for (int i = 1; i < a.records().length; i++) {
        assertTrue(a.records()[i] > a.records()[i - 1], scheme.id() + ": records increasing and distinct");
      }
      if (scheme == UniformScheme.WOR) {
        assertEquals(20_000, a.records().length);
      }
    }
    // a cached stage I, stage II redrawn: every record drawn is one of stage I's
    long[] stage1 = MultisetDraw.stageOne(UniformScheme.MUST_OW, 1000, 100, 50, rng(6));
    assertEquals(100, java.util.Arrays.stream(stage1).distinct().count());
    MultisetDraw second = MultisetDraw.stageTwo(UniformScheme.MUST_OW, stage1, 50, rng(7));
    for (long r : second.records()) {
      assertTrue(java.util.Arrays.binarySearch(stage1, r) >= 0);
    }
  }

  @Test
  void rejectsImpossibleSizes() {
    assertThrows(IllegalArgumentException.class, () -> MultisetDraw.draw(UniformScheme.WOR, 10, 0, 11, rng(1)));
    assertThrows(IllegalArgumentException.class, () -> MultisetDraw.draw(UniformScheme.MUST_WO, 100, 10, 11,
        rng(1)));
    assertThrows(IllegalArgumentException.class, () -> MultisetDraw.draw(UniformScheme.MUST_OW, 10, 11, 5, rng(1)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MultisetDraw.draw(UniformScheme.POISSON_UNIFORM, 10, 0, 5, rng(1)));
    assertTrue(e.getMessage().contains("coins"), e.getMessage());
  }
}
