package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.ChunkedDraw.Chunks;
import io.pais.sampling.ChunkedDraw.StageOne;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * Two-level draws of the fixed-size schemes against the one-level draw they replace, on small chunks so that every
 * draw spans several: the whole sample (every record's copies) has the one-level draw's distribution (a two-sample
 * chi-square test), one record's copy count has the law W(k) of {@link CopyCounts} (chi-square); false-failure rate
 * 1e-4 per test and scheme, fixed seeds; and the same tests reject the law of another scheme. Sizes are exact, draws
 * reproducible, and the driver's part does not grow with m.
 */
class ChunkedDrawTest {
  private static final double ALPHA = 1e-4;
  private static final List<UniformScheme> FIXED_SIZE = List.of(UniformScheme.WOR, UniformScheme.WR,
      UniformScheme.MUST_OW, UniformScheme.MUST_WO, UniformScheme.MUST_WW);

  private static UniformRandomProvider rng(long seed) {
    return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
  }

  /** Every record's copies, over the chunks of a two-level draw. */
  private static long[] twoLevel(UniformScheme scheme, Chunks chunks, long stage1, int m,
      UniformRandomProvider random) {
    StageOne stageOne = scheme.isTwoStage() ? ChunkedDraw.stageOne(scheme, chunks, stage1, random) : null;
    ChunkedDraw draw = ChunkedDraw.draw(scheme, chunks, stageOne, m, random);
    long[] copies = new long[(int) chunks.population()];
    for (int j = 0; j < chunks.count(); j++) {
      long[] inChunk = draw.copies(j);
      System.arraycopy(inChunk, 0, copies, (int) chunks.first(j), inChunk.length);
    }
    return copies;
  }

  /** Every record's copies, drawn in one level as SPEC §14 states the schemes. */
  private static long[] oneLevel(UniformScheme scheme, int n, int stage1, int m, UniformRandomProvider random) {
    long[] copies = new long[n];
    switch (scheme) {
      case WOR -> {
        for (int r : firstOfShuffle(n, m, random)) {
          copies[r]++;
        }
      }
      case WR -> {
        for (int i = 0; i < m; i++) {
          copies[random.nextInt(n)]++;
        }
      }
      case MUST_OW -> {
        int[] slots = firstOfShuffle(n, stage1, random);
        for (int i = 0; i < m; i++) {
          copies[slots[random.nextInt(stage1)]]++;
        }
      }
      case MUST_WO, MUST_WW -> {
        int[] slots = new int[stage1];
        for (int i = 0; i < stage1; i++) {
          slots[i] = random.nextInt(n);
        }
        if (scheme == UniformScheme.MUST_WO) {
          for (int p : firstOfShuffle(stage1, m, random)) {
            copies[slots[p]]++;
          }
        } else {
          for (int i = 0; i < m; i++) {
            copies[slots[random.nextInt(stage1)]]++;
          }
        }
      }
      case POISSON_UNIFORM -> throw new IllegalArgumentException("not a fixed-size scheme");
    }
    return copies;
  }

  /** The first {@code m} of a uniformly shuffled 0..n−1 (Fisher–Yates). */
  private static int[] firstOfShuffle(int n, int m, UniformRandomProvider random) {
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    for (int i = 0; i < m; i++) {
      int j = i + random.nextInt(n - i);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    return Arrays.copyOf(all, m);
  }

  // N = 5 in chunks of 2, 2 and 1; n₁ = 3, m = 3: every draw crosses chunks, and stage I's slots are split among them
  private static final Chunks SMALL = new Chunks(5, 2);
  private static final int SMALL_STAGE1 = 3;
  private static final int SMALL_M = 3;
  private static final int SAMPLES = 40_000;

  private static Map<String, Integer> outcomes(boolean chunked, UniformScheme scheme, long seed) {
    UniformRandomProvider random = rng(seed);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < SAMPLES; i++) {
      long[] copies = chunked ? twoLevel(scheme, SMALL, SMALL_STAGE1, SMALL_M, random)
          : oneLevel(scheme, (int) SMALL.population(), SMALL_STAGE1, SMALL_M, random);
      assertEquals(SMALL_M, Arrays.stream(copies).sum(), scheme.id() + ": m draws");
      counts.merge(Arrays.toString(copies), 1, Integer::sum);
    }
    return counts;
  }

  /**
   * Whether the two-sample chi-square test of homogeneity (equal sample sizes) rejects at level ALPHA; outcomes
   * seen fewer than 10 times in both samples together are pooled into one bin.
   */
  private static boolean differ(Map<String, Integer> a, Map<String, Integer> b) {
    List<String> keys = new ArrayList<>(a.keySet());
    b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(keys::add);
    double statistic = 0;
    int bins = 0;
    long pooledA = 0;
    long pooledB = 0;
    for (String k : keys) {
      long x = a.getOrDefault(k, 0);
      long y = b.getOrDefault(k, 0);
      if (x + y < 10) {
        pooledA += x;
        pooledB += y;
        continue;
      }
      statistic += (double) (x - y) * (x - y) / (x + y);
      bins++;
    }
    if (pooledA + pooledB > 0) {
      statistic += (double) (pooledA - pooledB) * (pooledA - pooledB) / (pooledA + pooledB);
      bins++;
    }
    return bins > 1 && statistic > new ChiSquaredDistribution(bins - 1).inverseCumulativeProbability(1 - ALPHA);
  }

  @Test
  void theWholeSampleHasTheOneLevelDrawsDistribution() {
    long seed = 100;
    for (UniformScheme scheme : FIXED_SIZE) {
      Map<String, Integer> chunked = outcomes(true, scheme, seed++);
      Map<String, Integer> direct = outcomes(false, scheme, seed++);
      assertFalse(differ(chunked, direct), scheme.id() + ": " + chunked + " vs " + direct);
    }
  }

  @Test
  void theWholeSampleTestRejectsAnotherSchemesDraw() {
    // WR and MUST.WO are equal in law (SPEC §14), so each is paired with a scheme that differs
    assertTrue(differ(outcomes(true, UniformScheme.WR, 7), outcomes(false, UniformScheme.MUST_WW, 8)));
    assertTrue(differ(outcomes(true, UniformScheme.MUST_OW, 9), outcomes(false, UniformScheme.WR, 10)));
    assertTrue(differ(outcomes(true, UniformScheme.WOR, 11), outcomes(false, UniformScheme.MUST_OW, 12)));
  }

  // one record's copy count: N = 40 in chunks of 16, 16 and 8; the watched records sit in the first and the last
  private static final Chunks WATCH = new Chunks(40, 16);
  private static final long N1 = 16;
  private static final int M = 12;
  private static final int DRAWS = 40_000;

  /** Observed copy counts of record {@code watched}, bins 0..3 and 4+. */
  private static long[] observe(UniformScheme scheme, int watched, long seed) {
    UniformRandomProvider random = rng(seed);
    long[] observed = new long[5];
    for (int r = 0; r < DRAWS; r++) {
      long copies = twoLevel(scheme, WATCH, N1, M, random)[watched];
      observed[(int) Math.min(4, copies)]++;
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
    for (UniformScheme scheme : FIXED_SIZE) {
      CopyCounts law = CopyCounts.of(scheme, WATCH.population(), N1, M);
      for (int watched : new int[] {7, 37}) {
        long[] observed = observe(scheme, watched, seed++);
        assertFalse(rejects(observed, law), scheme + " record " + watched + ": " + Arrays.toString(observed));
      }
    }
  }

  @Test
  void theCopyCountTestRejectsTheLawOfAnotherScheme() {
    // MUST.OW keeps the record with probability 0.4 * (1 - (15/16)^12) = 0.216, WR with 1 - (39/40)^12 = 0.262
    assertTrue(rejects(observe(UniformScheme.MUST_OW, 7, 3), CopyCounts.of(UniformScheme.WR, 40, N1, M)));
    assertTrue(rejects(observe(UniformScheme.WR, 37, 4), CopyCounts.of(UniformScheme.MUST_WW, 40, N1, M)));
  }

  @Test
  void sizesAreExactAndDrawsReproducible() {
    Chunks chunks = Chunks.of(1_000_000_000L);
    assertEquals(1 << 16, chunks.size());
    for (UniformScheme scheme : FIXED_SIZE) {
      ChunkedDraw a = draw(scheme, chunks, 50_000, 20_000, 5);
      ChunkedDraw b = draw(scheme, chunks, 50_000, 20_000, 5);
      assertEquals(20_000, a.size(), scheme.id());
      int checked = 0;
      for (int j = 0; j < chunks.count() && checked < 20; j++) {
        assertEquals(a.drawsIn(j), b.drawsIn(j), scheme.id());
        if (a.drawsIn(j) > 0) {
          long[] copies = a.copies(j);
          assertArrayEquals(copies, b.copies(j), scheme.id() + ": the same key draws the same chunk");
          assertEquals(a.drawsIn(j), Arrays.stream(copies).sum(), scheme.id() + ": a chunk's draws are its count");
          if (!scheme.isMultiset()) {
            assertTrue(Arrays.stream(copies).allMatch(c -> c <= 1), "wor draws distinct records");
          }
          checked++;
        }
      }
      assertEquals(20, checked);
    }
    // stage I without replacement keeps n₁ distinct records
    StageOne stageOne = ChunkedDraw.stageOne(UniformScheme.MUST_OW, new Chunks(1000, 64), 100, rng(6));
    long kept = 0;
    for (int j = 0; j < stageOne.chunks().count(); j++) {
      long[] slots = stageOne.slots(j);
      assertTrue(Arrays.stream(slots).allMatch(s -> s <= 1));
      assertEquals(kept, stageOne.slotsBefore(j));
      kept += Arrays.stream(slots).sum();
    }
    assertEquals(100, kept);
    assertEquals(100, stageOne.size());
  }

  private static ChunkedDraw draw(UniformScheme scheme, Chunks chunks, long stage1, long m, long seed) {
    UniformRandomProvider random = rng(seed);
    StageOne stageOne = scheme.isTwoStage() ? ChunkedDraw.stageOne(scheme, chunks, stage1, random) : null;
    return ChunkedDraw.draw(scheme, chunks, stageOne, m, random);
  }

  /** What the driver holds and broadcasts: its serialized size is the same for m = 10³ and m = 10⁶. */
  @Test
  void theDriversPartDoesNotGrowWithTheSampleSize() throws IOException {
    Chunks chunks = Chunks.of(1_000_000_000L);
    for (UniformScheme scheme : List.of(UniformScheme.WOR, UniformScheme.MUST_WW)) {
      int small = serializedBytes(draw(scheme, chunks, 2_000_000, 1_000, 1));
      int large = serializedBytes(draw(scheme, chunks, 2_000_000, 1_000_000, 1));
      assertEquals(small, large, scheme.id());
      assertTrue(large < 64 * chunks.count(), scheme.id() + ": " + large + " bytes");
    }
    assertEquals(15_259, chunks.count());
    assertEquals(1 << 20, Chunks.of(1L << 40).count(), "beyond 2^36 records the chunks grow, not their number");
  }

  private static int serializedBytes(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.size();
  }

  @Test
  void rejectsImpossibleSizes() {
    Chunks ten = new Chunks(10, 4);
    assertThrows(IllegalArgumentException.class, () -> draw(UniformScheme.WOR, ten, 0, 11, 1));
    assertThrows(IllegalArgumentException.class, () -> draw(UniformScheme.MUST_WO, new Chunks(100, 4), 10, 11, 1));
    assertThrows(IllegalArgumentException.class, () -> draw(UniformScheme.MUST_OW, ten, 11, 5, 1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ChunkedDraw.draw(UniformScheme.POISSON_UNIFORM, ten, null, 5, rng(1)));
    assertTrue(e.getMessage().contains("coins"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ChunkedDraw.draw(UniformScheme.MUST_WW, ten, null, 5,
        rng(1)));
    assertTrue(e.getMessage().contains("stage I is missing"), e.getMessage());
  }
}
