package io.pais.sampling;

/**
 * The Poisson coin of one record, derived from (seed, partition, position in partition) by a counter-based
 * mix (SplitMix64's finaliser applied twice), so a partition that Spark recomputes after an executor loss gets
 * exactly the same sample (SPEC §11). Spark-free so it is testable on its own.
 */
public final class RecordCoin {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private RecordCoin() {}

  /** A uniform double in [0, 1) for the record at {@code position} of {@code partition}. */
  public static double uniform(long seed, int partition, long position) {
    long h = mix(seed ^ mix(partition * GOLDEN + 0x632BE59BD9B4E019L));
    h = mix(h + position * GOLDEN);
    return (h >>> 11) * 0x1.0p-53;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
