package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.privacy.Seed;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * Coins from a keyed pseudo-random function: AES-128 (the JDK's, hardware-accelerated where the CPU has AES
 * instructions) of the sampling key under a secret 128-bit key, the top 53 bits of the block as the coin. Without
 * the key, which records a release sampled cannot be predicted or recomputed from its inputs; with it (a seeded
 * run derives the key from the seed) the sample is reproducible, under task re-execution and any re-partitioning
 * alike. Each deserialized copy opens its own cipher, so a Spark task never shares one.
 */
public final class KeyedCoins implements CoinSource {
  private static final long serialVersionUID = 1L;
  private static final int KEY_BYTES = 16;

  private final byte[] key;
  /**
   * The second half of the AES block: 0 for the one-sample coins, the iteration for per-iteration coins, −1 for the
   * initialiser's subsample.
   */
  private final long tweak;
  private transient Cipher cipher;
  private transient byte[] block;
  private transient byte[] out;

  private KeyedCoins(byte[] key, long tweak) {
    this.key = key.clone();
    this.tweak = tweak;
  }

  /**
   * Independent coins under the same key for round {@code round} ≥ 1 (a fresh Poisson sample per DP-Lloyd
   * iteration): the round fills the half of the AES block the sampling key leaves empty, so no two rounds, and no
   * round and the one-sample coins (round 0), share an input block.
   */
  public KeyedCoins round(int round) {
    Checks.positive("round", round);
    return new KeyedCoins(key, round);
  }

  /**
   * Coins under the same key for the private coreset's subsample, independent of the one-sample coins and of every
   * round's: its tweak, −1, is no round's (rounds are ≥ 1, the one-sample coins 0). Amplification by subsampling
   * needs coins that nothing else the release publishes depends on.
   */
  public KeyedCoins initialisationSubsample() {
    return new KeyedCoins(key, -1);
  }

  /** A fresh secret key from {@link SecureRandom}: the coins of a private release. */
  public static KeyedCoins secret() {
    byte[] key = new byte[KEY_BYTES];
    new SecureRandom().nextBytes(key);
    return new KeyedCoins(key, 0);
  }

  /**
   * A key derived from a seed (SHA-256 of a domain tag and the seed's bytes): reproducible runs and tests only, as
   * secret as the seed.
   */
  public static KeyedCoins seeded(Seed seed) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update("pais Poisson coins v1".getBytes(StandardCharsets.UTF_8));
      sha.update(seed.bytes());
      byte[] key = new byte[KEY_BYTES];
      System.arraycopy(sha.digest(), 0, key, 0, KEY_BYTES);
      return new KeyedCoins(key, 0);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is not available in this JVM", e);
    }
  }

  /** The same for a 64-bit seed (tests). */
  public static KeyedCoins seeded(long seed) {
    return seeded(Seed.of(seed));
  }

  @Override
  public double uniform(long samplingKey) {
    try {
      if (cipher == null) {
        cipher = Cipher.getInstance("AES/ECB/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        block = new byte[KEY_BYTES];
        out = new byte[KEY_BYTES];
      }
      for (int i = 0; i < Long.BYTES; i++) {
        block[i] = (byte) (samplingKey >>> (56 - 8 * i));
        block[Long.BYTES + i] = (byte) (tweak >>> (56 - 8 * i));
      }
      cipher.doFinal(block, 0, KEY_BYTES, out, 0);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES is not available in this JVM", e);
    }
    long bits = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      bits = bits << 8 | (out[i] & 0xFF);
    }
    return (bits >>> 11) * 0x1.0p-53;
  }

  /** Checks the key length (a deserialized copy could carry anything). */
  private Object readResolve() {
    Checks.require(key != null && key.length == KEY_BYTES, "a coin key must have " + KEY_BYTES + " bytes");
    return this;
  }
}
