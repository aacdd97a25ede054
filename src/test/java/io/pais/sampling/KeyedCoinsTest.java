package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/**
 * The AES-keyed coins: deterministic for a key (also after serialization, as a re-executed Spark task sees them),
 * different under another key, uniform (KS, false-failure rate 1e-3, fixed keys) with power against a skewed coin.
 */
class KeyedCoinsTest {

  private static CoinSource roundTrip(CoinSource coins) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(coins);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (CoinSource) in.readObject();
    }
  }

  @Test
  void deterministicPerKeyAcrossSerializationAndDifferentUnderAnotherKey() throws Exception {
    KeyedCoins a = KeyedCoins.seeded(7);
    CoinSource copy = roundTrip(a);
    KeyedCoins b = KeyedCoins.seeded(8);
    KeyedCoins secret = KeyedCoins.secret();
    int differ = 0;
    for (long key = 0; key < 1000; key++) {
      long k = SamplingKeys.fileLine((int) (key % 5), key);
      assertEquals(a.uniform(k), copy.uniform(k));
      assertEquals(a.uniform(k), KeyedCoins.seeded(7).uniform(k));
      differ += a.uniform(k) != b.uniform(k) && a.uniform(k) != secret.uniform(k) ? 1 : 0;
    }
    assertEquals(1000, differ);
    assertNotEquals(KeyedCoins.secret().uniform(1), KeyedCoins.secret().uniform(1));
  }

  @Test
  void uniformOverConsecutiveKeysOfEveryKind() {
    KeyedCoins coins = KeyedCoins.seeded(42);
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    UniformRealDistribution uniform = new UniformRealDistribution(0, 1);
    int n = 20_000;
    double[] offsets = new double[n];
    double[] rows = new double[n];
    for (int i = 0; i < n; i++) {
      offsets[i] = coins.uniform(SamplingKeys.textOffset(i));
      rows[i] = coins.uniform(SamplingKeys.fileRow(i % 3, i / 3));
    }
    assertTrue(ks.kolmogorovSmirnovTest(uniform, offsets) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(uniform, rows) > 1e-3);
    double[] skewed = offsets.clone();
    for (int i = 0; i < n; i++) {
      skewed[i] = Math.sqrt(skewed[i]);
    }
    assertTrue(ks.kolmogorovSmirnovTest(uniform, skewed) < 1e-3);
  }
}
