package io.pais.privacy;

import io.pais.math.Checks;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The secret behind a reproducible run. Every generator of a seeded run (the noise stream, the Poisson coins) is
 * keyed by SHA-256 of a purpose tag and the seed's bytes, so the draws are as hard to replay as the seed is to guess:
 * a seeded release is private only while the seed is a secret of at least {@link #SECRET_BITS} bits. A decimal
 * {@code --seed} (a Java long, what tests and MLlib's {@code seed} param use) has at most 64 bits; a long one is
 * given in hex or read from a file.
 */
public final class Seed implements Serializable {
  private static final long serialVersionUID = 1L;
  /** The size of a seed that makes a seeded release as hard to replay as one drawn from a secure generator. */
  public static final int SECRET_BITS = 128;
  /** The most seed bytes read from a file (a key file, not a data set). */
  private static final int MAX_FILE_BYTES = 4096;

  private final byte[] material;
  private final int bits;
  private final String form;

  private Seed(byte[] material, int bits, String form) {
    this.material = material.clone();
    this.bits = bits;
    this.form = form;
  }

  /** A 64-bit seed: its eight bytes, big-endian. */
  public static Seed of(long seed) {
    return new Seed(ByteBuffer.allocate(Long.BYTES).putLong(seed).array(), Long.SIZE, "a 64-bit integer");
  }

  /**
   * A seed as the job's {@code --seed} takes it: a decimal long, {@code 0x} and hex digits (any length), or
   * {@code file:PATH} (the file's bytes, at most 4 KB: for example 32 bytes from {@code /dev/urandom}).
   */
  public static Seed parse(String text) {
    Checks.notNull("seed", text);
    String t = text.strip();
    if (t.regionMatches(true, 0, "0x", 0, 2)) {
      String hex = t.substring(2);
      Checks.require(!hex.isEmpty() && hex.chars().allMatch(c -> Character.digit(c, 16) >= 0),
          "seed in hex must be 0x followed by hex digits, got a value of " + t.length() + " characters");
      // an odd count gets a leading zero; the form keeps the digit count, the entropy's upper bound
      byte[] bytes = HexFormat.of().parseHex(hex.length() % 2 == 0 ? hex : "0" + hex);
      return new Seed(bytes, hex.length() * 4, hex.length() * 4 + "-bit hex");
    }
    if (t.startsWith("file:")) {
      return fromFile(Path.of(t.substring("file:".length())));
    }
    try {
      return of(Long.parseLong(t));
    } catch (NumberFormatException e) {
      // the value may be a secret: never echoed
      throw new IllegalArgumentException("seed must be a decimal integer (64 bits), 0x and hex digits, or file:PATH");
    }
  }

  private static Seed fromFile(Path file) {
    byte[] bytes;
    try {
      Checks.require(Files.isRegularFile(file), "seed file:" + file + " is not a readable file");
      Checks.require(Files.size(file) <= MAX_FILE_BYTES, "seed file:" + file + " must hold at most " + MAX_FILE_BYTES
          + " bytes (a key, not a data set)");
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("seed file:" + file + " cannot be read (" + e.getClass().getSimpleName()
          + ")");
    }
    Checks.require(bytes.length > 0, "seed file:" + file + " is empty");
    return new Seed(bytes, Byte.SIZE * bytes.length, Byte.SIZE * bytes.length + "-bit file");
  }

  /** At most this many bits of secret: the seed's length (its entropy can only be lower). */
  public int bits() {
    return bits;
  }

  /** Whether the seed is long enough to be a secret that cannot be guessed ({@link #SECRET_BITS}). */
  public boolean isLongEnough() {
    return bits() >= SECRET_BITS;
  }

  /** How it was given, in words ("a 64-bit integer", "256-bit hex", "256-bit file"), never its value. */
  public String describe() {
    return form;
  }

  /**
   * A 256-bit key for {@code purpose}: SHA-256 of the purpose tag (UTF-8), a zero byte and the seed's bytes. Distinct
   * tags give independent keys.
   */
  public byte[] key(String purpose) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(purpose.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update(material);
      return sha.digest();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is not available in this JVM", e);
    }
  }

  /**
   * A seed for a run within a run (a k-selection candidate): its bytes are {@link #key(String)} of {@code purpose},
   * so distinct purposes give independent generators; its secret is still at most this seed's bits.
   */
  public Seed derive(String purpose) {
    return new Seed(key(purpose), bits, form + ", derived for " + purpose);
  }

  /** The seed's bytes, for keys derived the way earlier releases derived them. */
  public byte[] bytes() {
    return material.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Seed other && Arrays.equals(material, other.material);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(material);
  }

  @Override
  public String toString() {
    return "Seed(" + form + ")"; // never the value
  }
}
