package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/** The urn's edges: empty colours are never drawn, all balls without replacement are the weights themselves. */
class UrnTest {

  @Test
  void emptyColoursAreNeverDrawnAndAllBallsAreTheWeights() {
    long[] weights = {0, 3, 0, 0, 5, 1, 0};
    long[] all = Urn.withoutReplacement(weights, 9, RandomSource.XO_RO_SHI_RO_128_PP.create(1));
    assertArrayEquals(weights, all);
    long[] many = Urn.withReplacement(weights, 100_000, RandomSource.XO_RO_SHI_RO_128_PP.create(2));
    assertEquals(100_000, Arrays.stream(many).sum());
    for (int i = 0; i < weights.length; i++) {
      assertEquals(weights[i] == 0, many[i] == 0, "colour " + i);
    }
    assertArrayEquals(new long[] {0, 0, 4, 0}, Urn.withReplacement(new long[] {0, 0, 7, 0}, 4,
        RandomSource.XO_RO_SHI_RO_128_PP.create(3)));
  }

  @Test
  void rejectsImpossibleDraws() {
    assertThrows(IllegalArgumentException.class, () -> Urn.withoutReplacement(new long[] {2, 1}, 4,
        RandomSource.XO_RO_SHI_RO_128_PP.create(1)));
    assertThrows(IllegalArgumentException.class, () -> Urn.withReplacement(new long[] {0, 0}, 1,
        RandomSource.XO_RO_SHI_RO_128_PP.create(1)));
    assertThrows(IllegalArgumentException.class, () -> Urn.withReplacement(new long[] {1, -1}, 1,
        RandomSource.XO_RO_SHI_RO_128_PP.create(1)));
  }
}
