package io.pais.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The pooled estimate of a mean's squared offset from the middle behind the DP centre's shrink. */
class MeanSpreadTest {

  private static double[] filled(int d, double value) {
    double[] out = new double[d];
    Arrays.fill(out, value);
    return out;
  }

  @Test
  void inEqualCoordinatesTheShrinkIsPositivePartJamesStein() {
    double s = 0.5;
    double[] y = {1.0, -0.5, 0.25, 0.8, -1.2, 0.4, 0.9, -0.1};
    double squares = 0;
    for (double v : y) {
      squares += v * v;
    }
    double spread = MeanSpread.of(y, filled(y.length, s));
    double jamesStein = Math.max(0, 1 - (y.length - 2) * s / squares);
    assertTrue(spread > 0 && spread < 1, "between the clamps: " + spread);
    assertEquals(jamesStein, spread / (spread + s), 1e-12);
  }

  @Test
  void fewerThanFiveEffectiveCoordinatesGiveTheWorstCase() {
    assertEquals(1, MeanSpread.of(new double[4], filled(4, 1)), 0, "four coordinates");
    assertEquals(0, MeanSpread.of(new double[5], filled(5, 1)), 0, "five: a zero offset is the middle");
    // five equal weights whose sums round: (Σw)²/Σw² a hair from 5 still counts as five
    assertEquals(0, MeanSpread.of(new double[5], filled(5, 0.7)), 0, "five at s = 0.7: 4.999999999999999");
    assertEquals(0, MeanSpread.of(new double[5], filled(5, 0.01)), 0, "five at s = 0.01: 4.999999999999998");
    // thirty coordinates, of which two carry almost all the weight: about two effective coordinates
    double[] noise = filled(30, 1e6);
    noise[0] = 0.01;
    noise[1] = 0.01;
    assertEquals(1, MeanSpread.of(new double[30], noise), 0, "two effective coordinates of thirty");
  }

  @Test
  void coordinatesWithoutNoiseOrReachAreLeftOutAndTheResultIsClamped() {
    double[] noise = filled(5, 1);
    assertEquals(0, MeanSpread.of(new double[5], noise), 0, "five coordinates with noise");
    noise[4] = 0;
    assertEquals(1, MeanSpread.of(new double[5], noise), 0, "one without noise: four are left");
    noise[4] = Double.POSITIVE_INFINITY;
    assertEquals(1, MeanSpread.of(new double[5], noise), 0, "a coordinate of no reach carries nothing either");
    assertEquals(1, MeanSpread.of(new double[6], new double[6]), 0, "no noise at all: the worst case");
    assertEquals(1, MeanSpread.of(filled(8, 100), filled(8, 1)), 0, "clamped to the region");
    assertEquals(0, MeanSpread.of(filled(8, 0.1), filled(8, 1)), 0, "offsets within the noise: the middle");
  }

  @Test
  void mismatchedLengthsAreRefused() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> MeanSpread.of(new double[3], new double[2]))
        .getMessage().contains("same length, got 3 and 2"));
  }
}
