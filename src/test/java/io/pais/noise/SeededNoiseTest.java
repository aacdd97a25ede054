package io.pais.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Seed;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded noise cannot be replayed from a small seed by a fast generator (issue 25, item 4): it is AES-256 in
 * counter mode under SHA-256 of a tag and the seed, checked here against an independent construction from AES
 * blocks, and a seed may be as long as a secret needs to be.
 */
class SeededNoiseTest {

  private static long[] draws(UniformRandomProvider rng, int count) {
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      out[i] = rng.nextLong();
    }
    return out;
  }

  /** The keystream built by hand: AES-256 of the big-endian block counter 0, 1, 2, … under the derived key. */
  private static long[] expectedStream(byte[] seedBytes, int count) throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update("pais noise v2".getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
    sha.update(seedBytes);
    Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
    aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(sha.digest(), "AES"));
    long[] out = new long[count];
    for (int block = 0; block * 2 < count; block++) {
      byte[] counter = ByteBuffer.allocate(16).putLong(8, block).array();
      ByteBuffer keystream = ByteBuffer.wrap(aes.doFinal(counter));
      out[2 * block] = keystream.getLong();
      if (2 * block + 1 < count) {
        out[2 * block + 1] = keystream.getLong();
      }
    }
    return out;
  }

  @Test
  void theSeededStreamIsAesCounterModeUnderTheSeedsKey() throws Exception {
    // 1200 draws cross the stream's 4 KB buffer refill (512 longs) twice
    long[] ours = draws(NoiseRandomness.seeded(Seed.of(5)).provider(), 1200);
    assertArrayEquals(expectedStream(ByteBuffer.allocate(8).putLong(5).array(), 1200), ours);
    byte[] longSeed = new byte[32];
    for (int i = 0; i < longSeed.length; i++) {
      longSeed[i] = (byte) (i * 37 + 1);
    }
    String hex = "0x" + java.util.HexFormat.of().formatHex(longSeed);
    assertArrayEquals(expectedStream(longSeed, 700), draws(NoiseRandomness.seeded(Seed.parse(hex)).provider(), 700));
  }

  @Test
  void sameSeedSameNoiseAndNothingInCommonWithThePreviousGenerator() {
    long[] a = draws(NoiseRandomness.seeded(Seed.of(5)).provider(), 1000);
    assertArrayEquals(a, draws(NoiseRandomness.seeded(5).provider(), 1000), "reproducible");
    assertFalse(java.util.Arrays.equals(a, draws(NoiseRandomness.seeded(6).provider(), 1000)), "another seed");
    // the generator seeded runs used before: xoroshiro128++ from the 64-bit seed, which anyone can re-run
    Set<Long> previous = new HashSet<>();
    for (long v : draws(RandomSource.XO_RO_SHI_RO_128_PP.create(5L), 100_000)) {
      previous.add(v);
    }
    for (long v : a) {
      assertFalse(previous.contains(v), "a draw of the old generator reappears");
    }
    assertTrue(NoiseRandomness.seeded(5).isSeeded());
    assertFalse(NoiseRandomness.secure().isSeeded());
  }

  @Test
  void seedsAreDecimalHexOrAFileAndTheirLengthIsKnown(@TempDir Path tmp) throws Exception {
    assertEquals(64, Seed.parse("42").bits());
    assertEquals(Seed.of(42), Seed.parse(" 42 "));
    assertFalse(Seed.parse("-7").isLongEnough());
    Seed hex = Seed.parse("0x" + "ab".repeat(16));
    assertEquals(128, hex.bits());
    assertTrue(hex.isLongEnough());
    assertEquals(124, Seed.parse("0x" + "f".repeat(31)).bits(), "an odd digit count keeps its length");
    Path key = Files.write(tmp.resolve("seed.key"), new byte[32]);
    Seed file = Seed.parse("file:" + key);
    assertEquals(256, file.bits());
    assertEquals("256-bit file", file.describe());
    assertNotEquals(file, Seed.parse("0x" + "00".repeat(31) + "01"));
    assertEquals(file, Seed.parse("0x" + "00".repeat(32)), "the same bytes are the same seed");

    for (String bad : new String[] {"secret-word", "0x", "0xZZ", "12.5", ""}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Seed.parse(bad));
      assertTrue(e.getMessage().startsWith("seed"), e.getMessage());
      assertFalse(bad.length() >= 4 && e.getMessage().contains(bad), "a seed is a secret, never echoed: "
          + e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> Seed.parse("file:" + tmp.resolve("missing")));
    Path empty = Files.write(tmp.resolve("empty"), new byte[0]);
    assertThrows(IllegalArgumentException.class, () -> Seed.parse("file:" + empty));
    Path large = Files.write(tmp.resolve("large"), new byte[5000]);
    assertThrows(IllegalArgumentException.class, () -> Seed.parse("file:" + large));
    assertFalse(Seed.of(123456789).toString().contains("123456789"));
  }

  @Test
  void noiseAndCoinKeysAreIndependentFunctionsOfTheSeed() {
    Seed seed = Seed.of(9);
    assertFalse(java.util.Arrays.equals(seed.key("pais noise v2"), seed.key("pais noise v3")));
    assertArrayEquals(seed.key("pais noise v2"), Seed.of(9).key("pais noise v2"));
  }
}
