package io.pais.sampling;

import io.pais.math.Checks;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * One exact draw of a fixed-size uniform scheme over records numbered 0..N−1 (SPEC §14), made on the driver from
 * the randomness passed in, so a task retry or another partitioning cannot change it. The result is a multiset:
 * the distinct record numbers in increasing order and each one's copy count, which enters DP-Lloyd as its weight.
 * Memory is O(n₁ + m), never O(N).
 *
 * <p>WOR uses Floyd's algorithm (a uniform m-subset in m steps); with-replacement stages are i.i.d. uniform draws.
 * Two-stage schemes draw stage I as a list of n₁ slots (distinct records for OW, records with repetition for WO
 * and WW) and stage II over the slots. Poisson-uniform is not drawn here: it is the keyed per-record coin.
 *
 * @param records the distinct record numbers, increasing
 * @param copies each record's copy count (≥ 1), aligned with {@code records}
 */
public record MultisetDraw(long[] records, int[] copies) implements java.io.Serializable {

  public MultisetDraw {
    Checks.require(records.length == copies.length, "records and copies must have the same length");
  }

  /** The number of draws, Σ copies (m). */
  public long size() {
    long m = 0;
    for (int c : copies) {
      m += c;
    }
    return m;
  }

  /** One draw of {@code scheme} (not poisson-uniform). */
  public static MultisetDraw draw(UniformScheme scheme, long population, long stage1, int sampleSize,
      UniformRandomProvider random) {
    long[] slots = stageOne(scheme, population, stage1, sampleSize, random);
    if (slots != null) {
      return stageTwo(scheme, slots, sampleSize, random);
    }
    if (scheme == UniformScheme.WOR) {
      return tally(withoutReplacement(population, sampleSize, random));
    }
    long[] drawn = new long[sampleSize];
    for (int i = 0; i < sampleSize; i++) {
      drawn[i] = random.nextLong(population);
    }
    return tally(drawn);
  }

  /**
   * Stage I of a two-stage scheme as n₁ slots (record numbers; repeated for WO and WW); null for a one-stage scheme.
   * Kept and passed to {@link #stageTwo} every iteration, it is the cached stage I of SPEC §14's rigorous variant.
   */
  public static long[] stageOne(UniformScheme scheme, long population, long stage1, int sampleSize,
      UniformRandomProvider random) {
    Checks.notNull("scheme", scheme);
    Checks.require(scheme != UniformScheme.POISSON_UNIFORM, "poisson-uniform is sampled by per-record coins, not "
        + "drawn");
    scheme.requireValidSizes(population, stage1, sampleSize);
    Checks.notNull("random", random);
    if (!scheme.isTwoStage()) {
      return null;
    }
    Checks.require(stage1 <= Integer.MAX_VALUE - 8, "stage-1 size (n1) must fit in memory, got " + stage1);
    if (scheme == UniformScheme.MUST_OW) {
      return withoutReplacement(population, (int) stage1, random);
    }
    long[] slots = new long[(int) stage1];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = random.nextLong(population);
    }
    return slots;
  }

  /** Stage II of a two-stage scheme over the slots of {@link #stageOne}. */
  public static MultisetDraw stageTwo(UniformScheme scheme, long[] slots, int sampleSize,
      UniformRandomProvider random) {
    Checks.require(slots != null && slots.length > 0, "stage II needs stage I's slots");
    Checks.require(scheme.isTwoStage(), "stage II belongs to a two-stage scheme, got " + scheme.id());
    long[] drawn = new long[sampleSize];
    if (scheme == UniformScheme.MUST_WO) {
      long[] positions = withoutReplacement(slots.length, sampleSize, random);
      for (int i = 0; i < sampleSize; i++) {
        drawn[i] = slots[(int) positions[i]];
      }
    } else {
      for (int i = 0; i < sampleSize; i++) {
        drawn[i] = slots[random.nextInt(slots.length)];
      }
    }
    return tally(drawn);
  }

  /** A uniform m-subset of 0..n−1, increasing (Floyd's algorithm). */
  static long[] withoutReplacement(long n, int m, UniformRandomProvider random) {
    Set<Long> chosen = new HashSet<>(Math.max(16, 2 * m));
    for (long j = n - m; j < n; j++) {
      long t = random.nextLong(j + 1);
      chosen.add(chosen.contains(t) ? j : t);
    }
    long[] out = new long[m];
    int i = 0;
    for (long v : chosen) {
      out[i++] = v;
    }
    Arrays.sort(out);
    return out;
  }

  private static MultisetDraw tally(long[] drawn) {
    Arrays.sort(drawn);
    long[] records = new long[drawn.length];
    int[] copies = new int[drawn.length];
    int distinct = -1;
    for (int i = 0; i < drawn.length; i++) {
      if (i == 0 || drawn[i] != drawn[i - 1]) {
        records[++distinct] = drawn[i];
      }
      copies[distinct]++;
    }
    return new MultisetDraw(Arrays.copyOf(records, distinct + 1), Arrays.copyOf(copies, distinct + 1));
  }
}
