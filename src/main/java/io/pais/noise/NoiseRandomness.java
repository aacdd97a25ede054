package io.pais.noise;

import io.pais.privacy.CounterModeStream;
import io.pais.privacy.Seed;
import java.security.SecureRandom;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Where noise comes from. A release draws from {@link #secure()}; {@link #seeded(Seed)} exists for tests and
 * explicitly reproducible runs, and says so ({@link #isSeeded()}) so the privacy report can mark the run.
 * Randomness is always passed in, never taken from a global.
 *
 * <p>A seeded stream is AES-256 in counter mode under a key derived from the seed ({@link Seed#key}): without the
 * seed its draws cannot be regenerated, so a seeded release is as private as its seed is secret (a fast
 * non-cryptographic generator seeded with a small integer would let whoever guesses the integer subtract the noise).
 */
public final class NoiseRandomness {
  /** The purpose tag of the noise key: a new derivation gets a new tag, never the same one. */
  static final String NOISE_KEY_TAG = "pais noise v2";

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

  /** A reproducible stream: AES-256-CTR keyed by the seed. */
  public static NoiseRandomness seeded(Seed seed) {
    return new NoiseRandomness(new CounterModeStream(seed.key(NOISE_KEY_TAG)), true);
  }

  /** The same for a 64-bit seed (tests; a seed this short can be guessed). */
  public static NoiseRandomness seeded(long seed) {
    return seeded(Seed.of(seed));
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
