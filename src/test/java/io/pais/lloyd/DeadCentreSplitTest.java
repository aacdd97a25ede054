package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import org.junit.jupiter.api.Test;

/** Without a pool, a dead centre splits the heaviest live one ({@link DeadCentres.Split}). */
class DeadCentreSplitTest {
  /** The public shape: a box twice as wide in the first coordinate. */
  private static final double[] SHAPE = {20, 10};

  /** 60 points at (0, 0), 30 at (10, 0), none elsewhere. */
  private static WeightedClusterStats stats(double[] centres, int k) {
    SampleBlock points = SampleBlock.ofRows(new double[] {0, 0, 10, 0}, new double[] {60, 30}, 2);
    return new WeightedClusterStats(k, 2, LloydSums.points()).add(points, centres,
        WeightedClusterStats.squaredNorms(centres, k, 2));
  }

  /** Noise that adds {@code shift} to every count and nothing to the sums. */
  private static LloydNoise countShift(double shift) {
    return LloydNoise.of((exact, rng) -> exact + shift, (exact, rng) -> exact.clone(), NoiseRandomness.seeded(1));
  }

  private static WeightedLloyd splitting(int k, double deviation) {
    return new WeightedLloyd(k, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        DeadCentres.splitting(SHAPE, deviation, NoiseRandomness.seeded(3).provider()));
  }

  @Test
  void aDeadCentreMovesNextToTheHeaviestLiveCentre() {
    // centre 0 holds the 60 points, centre 1 the 30, centre 2 (far out) none: dead below 1.0 · 4 = 4
    double[] start = {0, 0, 10, 0, -40, -40};
    double[] next = splitting(3, 4).update(stats(start, 3), start, 2, countShift(0));
    assertArrayEquals(new double[] {0, 0, 10, 0}, java.util.Arrays.copyOf(next, 4), 0);
    // within a thousandth of the shape of centre 0, coordinate by coordinate, and not on it
    assertTrue(Math.abs(next[4]) <= 1e-3 * 20 && Math.abs(next[5]) <= 1e-3 * 10, next[4] + ", " + next[5]);
    assertTrue(next[4] != 0 || next[5] != 0);
    // the same run again: the same split (the run's seeded randomness)
    assertArrayEquals(next, splitting(3, 4).update(stats(start, 3), start, 2, countShift(0)), 0);
  }

  @Test
  void twoDeadCentresSplitTheHeaviestInTurn() {
    // counts 60 and 30: the first dead centre splits centre 0 (60 → 30 and 30), the second then finds 30, 30 and
    // 30 and takes the first of the heaviest, centre 0 again
    double[] start = {0, 0, 10, 0, -40, -40, 40, 40};
    double[] even = splitting(4, 4).update(stats(start, 4), start, 2, countShift(0));
    assertTrue(near(even, 2, 0, 0) && near(even, 3, 0, 0), java.util.Arrays.toString(even));
    // shift 5 and a threshold of 8: counts 65, 35, 5 and 5; centre 0 stays at (0, 0), centre 1 moves to 300/35;
    // the first dead centre splits centre 0 (65 → 32.5 and 32.5), the second then finds centre 1 heaviest
    double[] uneven = splitting(4, 8).update(stats(start, 4), start, 2, countShift(5));
    assertTrue(near(uneven, 2, 0, 0) && near(uneven, 3, 300 / 35.0, 0), java.util.Arrays.toString(uneven));
  }

  @Test
  void withNoLiveCentreTheDeadKeepTheirPlaces() {
    double[] start = {-40, -40, 40, 40};
    SampleBlock none = SampleBlock.empty(2);
    WeightedClusterStats empty = new WeightedClusterStats(2, 2, LloydSums.points()).add(none, start,
        WeightedClusterStats.squaredNorms(start, 2, 2));
    assertArrayEquals(start, splitting(2, 4).update(empty, start, 2, countShift(0)), 0);
  }

  @Test
  void aCentreAtTheThresholdIsLiveAndWithoutNoiseNothingSplits() {
    DeadCentres split = DeadCentres.splitting(SHAPE, 4, NoiseRandomness.seeded(3).provider());
    assertEquals(4, split.deadBelow(), 0);
    assertTrue(!split.isDead(4, 1) && split.isDead(Math.nextDown(4.0), 1) && split.isDead(Double.NaN, 1));
    double[] start = {0, 0, 10, 0, -40, -40};
    assertArrayEquals(start, splitting(3, 4).update(stats(start, 3), start, 2, LloydNoise.none()), 0);
  }

  @Test
  void parametersAreValidated() {
    for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> DeadCentres.splitting(new double[] {1, bad}, 4, NoiseRandomness.seeded(3).provider()));
      assertTrue(e.getMessage().contains("split shape"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DeadCentres.splitting(SHAPE, Double.NaN, NoiseRandomness.seeded(3).provider()));
    assertTrue(e.getMessage().contains("count noise deviation"), e.getMessage());
    SampleBlock pool = SampleBlock.ofRows(new double[] {0, 0}, new double[] {1}, 2);
    e = assertThrows(IllegalArgumentException.class, () -> new DeadCentres(pool, 1,
        new DeadCentres.Split(SHAPE, NoiseRandomness.seeded(3).provider())));
    assertTrue(e.getMessage().contains("either moves to the pool or splits"), e.getMessage());
  }

  @Test
  void aCoordinateTheBoxHoldsAtOneValueIsNotMoved() {
    // bounds may give a coordinate width 0 (CoordinateBounds allows it): its half-width 0 is a valid shape, and a split
    // keeps that coordinate where the split centre has it
    double[] start = {0, 0, 10, 0, -40, -40};
    WeightedLloyd lloyd = new WeightedLloyd(3, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        DeadCentres.splitting(new double[] {20, 0}, 4, NoiseRandomness.seeded(3).provider()));
    double[] next = lloyd.update(stats(start, 3), start, 2, countShift(0));
    assertTrue(next[4] != 0 && Math.abs(next[4]) <= 1e-3 * 20, "the wide coordinate moves: " + next[4]);
    assertEquals(0, next[5], 0, "the held coordinate stays");
  }

  /** Whether centre j lies within a thousandth of the shape of (x, y). */
  private static boolean near(double[] centres, int j, double x, double y) {
    return Math.abs(centres[2 * j] - x) <= 1e-3 * SHAPE[0] && Math.abs(centres[2 * j + 1] - y) <= 1e-3 * SHAPE[1];
  }
}
