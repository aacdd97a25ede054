package io.pais.sampling;

/**
 * The Poisson coin of one record, derived from (seed, the record's sampling key) by a counter-based mix
 * (SplitMix64's finaliser), so a partition that Spark recomputes after an executor loss gets exactly the same
 * sample (SPEC §11), and, since the key names the record's place in the input ({@link SamplingKeys}), so does
 * the same input split another way. Spark-free so it is testable on its own.
 *
 * <p>Not a cryptographic function: whoever knows the seed can recompute the sample, and the mix is invertible.
 * Releases draw their coins from {@link KeyedCoins} (AES under a secret key); this fast mix serves the experiment
 * runner's in-memory sweeps, where the seed is public by design.
 */
public final class RecordCoin {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  /** The seed's first mix constant (kept from the per-partition scheme, so in-memory samples are unchanged). */
  private static final long SEED_SALT = mix(0x632BE59BD9B4E019L);

  private RecordCoin() {}

  /** The coins of a seed, as a {@link CoinSource}. */
  public static CoinSource seeded(long seed) {
    return key -> uniform(seed, key);
  }

  /** A uniform double in [0, 1) for the record with sampling key {@code key}. */
  public static double uniform(long seed, long key) {
    long h = mix(mix(seed ^ SEED_SALT) + key * GOLDEN);
    return (h >>> 11) * 0x1.0p-53;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
