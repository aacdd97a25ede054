package io.pais.noise;

import java.security.SecureRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Where noise comes from. A release draws from {@link #secure()}; {@link #seeded(long)} exists for tests and
 * explicitly reproducible runs, and says so ({@link #isSeeded()}) so the privacy report can mark the run.
 * Randomness is always passed in, never taken from a global.
 */
public final class NoiseRandomness {
  private final UniformRandomProvider provider;
  private final boolean seeded;

  private NoiseRandomness(UniformRandomProvider provider, boolean seeded) {
    this.provider = provider;
    this.seeded = seeded;
  }

  /** Noise from the platform's cryptographically secure generator. */
  public static NoiseRandomness secure() {
    SecureRandom secureRandom = new SecureRandom();
    UniformRandomProvider provider = secureRandom::nextLong;
    return new NoiseRandomness(provider, false);
  }

  /** A reproducible, non-secure stream (xoroshiro128++) for tests and seeded runs. */
  public static NoiseRandomness seeded(long seed) {
    return new NoiseRandomness(RandomSource.XO_RO_SHI_RO_128_PP.create(seed), true);
  }

  /** The generator. */
  public UniformRandomProvider provider() {
    return provider;
  }

  /** Whether the stream is reproducible from a seed (and so not a private release's noise). */
  public boolean isSeeded() {
    return seeded;
  }
}
