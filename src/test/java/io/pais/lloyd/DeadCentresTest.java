package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.LatticeNoise;
import io.pais.noise.ClusterNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.VectorNoise;
import java.util.List;
import io.pais.privacy.Geometry;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** DP-Lloyd's re-seeding of dead centres from a public pool ({@link DeadCentres}). */
class DeadCentresTest {
  /** Two groups of 50 points each, at (0, 0) and (10, 0), in the plane. */
  private static final double[][] POINTS = {{0, 0}, {10, 0}};
  private static final double GROUP = 50;

  /**
   * The pool: a heavy point next to the first group (served well by a centre there), a light point far out, and a
   * heavy point at the second group (the largest w·D² when the centres sit at the first group and far away).
   */
  private static final SampleBlock POOL = SampleBlock.ofRows(new double[] {0.5, 0, 0, 40, 10, 0.5},
      new double[] {60, 1, 45}, 2);

  private static WeightedClusterStats stats(double[] centres, int k) {
    SampleBlock.Builder b = new SampleBlock.Builder(2, POINTS.length);
    for (double[] x : POINTS) {
      b.add(x, GROUP);
    }
    return new WeightedClusterStats(k, 2, LloydSums.points()).add(b.build(), centres,
        WeightedClusterStats.squaredNorms(centres, k, 2));
  }

  /** Noise that adds {@code shift} to every count and nothing to the sums: the update's arithmetic, exactly. */
  private static LloydNoise countShift(double shift) {
    return LloydNoise.of((exact, rng) -> exact + shift, (exact, rng) -> exact.clone(), NoiseRandomness.seeded(1));
  }

  /** Centre 0 at the midpoint of the groups (it holds both), centre 1 far from every point (it holds none). */
  private static final double[] START = {5, 0, -30, -30};

  @Test
  void aDeadCentreMovesToThePoolPointTheOtherCentresServeWorst() {
    WeightedLloyd lloyd = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    double[] next = lloyd.update(stats(START, 2), START, 2, countShift(0));
    // centre 0 is the mean of both groups; centre 1 (count 0 < 5) moves to the pool point maximising w·D² against
    // centre 0's new place (5, 0): 60·4.5² = 1215, 1·(25 + 1600) = 1625, 45·(25 + 0.25) = 1136.25
    assertArrayEquals(new double[] {5, 0, 0, 40}, next, 0);

    // with centre 0 at the first group, the heavy point at the second group wins: 45·100.25 against 1·1600
    double[] atFirst = {0, 0, -30, -30};
    WeightedClusterStats firstGroupOnly = new WeightedClusterStats(2, 2, LloydSums.points()).add(
        SampleBlock.ofRows(new double[] {0, 0}, new double[] {GROUP}, 2), atFirst,
        WeightedClusterStats.squaredNorms(atFirst, 2, 2));
    assertArrayEquals(new double[] {0, 0, 10, 0.5}, lloyd.update(firstGroupOnly, atFirst, 2, countShift(0)), 0);
  }

  @Test
  void deadCentresAreMeasuredFromTheLiveCentresNewPlacesAndFromEachOther() {
    // centre 0 is dead (far away), centre 1 holds everything and moves to (5, 0): centre 0 is measured from there,
    // not from centre 1's previous place (0, 0), where the second group's point would have won (45·100.25)
    double[] start = {-30, -30, 0, 0};
    WeightedLloyd lloyd = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    assertArrayEquals(new double[] {0, 40, 5, 0}, lloyd.update(stats(start, 2), start, 2, countShift(0)), 0);

    // two dead centres: the first takes (0, 40) as above; the second is measured from it too ((0, 40) now scores 0),
    // and the heavy point by the first group wins (60·20.25 = 1215 against 45·25.25 = 1136.25)
    double[] three = {5, 0, -30, -30, -40, -40};
    WeightedLloyd lloyd3 = new WeightedLloyd(3, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    assertArrayEquals(new double[] {5, 0, 0, 40, 0.5, 0}, lloyd3.update(stats(three, 3), three, 2, countShift(0)), 0);

    // every centre dead: the first goes to the heaviest point, the next ones by w·D² from those placed
    WeightedLloyd allDead = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 500));
    // from (0.5, 0): the second group's point scores 45·90.5 = 4072.5, the far point 1·1600.25
    assertArrayEquals(new double[] {0.5, 0, 10, 0.5}, allDead.update(stats(START, 2), START, 2, countShift(0)), 0);
  }

  /**
   * Within a run, a pool point whose re-seeded centre is dead again at the next iteration is not chosen again: the
   * next best point is, and once every point has failed, all of them are candidates again.
   */
  @Test
  void aPoolPointThatCouldNotHoldACentreIsNotChosenAgainInTheRun() {
    WeightedLloyd lloyd = new WeightedLloyd(2, 3, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    DeadCentres.Memory memory = lloyd.deadCentres().memory(2);
    double[] first = lloyd.update(stats(START, 2), START, 2, countShift(0), memory, lloyd.sums());
    assertArrayEquals(new double[] {5, 0, 0, 40}, first, 0, "the far point, as without a memory");
    // at (0, 40) centre 1 holds nothing again: the far point has failed, and the next best by w·D² from (5, 0) is the
    // heavy point by the first group (60·20.25 = 1215 against 45·25.25 = 1136.25)
    double[] second = lloyd.update(stats(first, 2), first, 2, countShift(0), memory, lloyd.sums());
    assertArrayEquals(new double[] {5, 0, 0.5, 0}, second, 0);
    // a fresh run (a new memory) chooses the far point again
    assertArrayEquals(first, lloyd.update(stats(first, 2), first, 2, countShift(0)), 0);
    // dead at (0.5, 0) too (a count below the threshold): the last point left, then every point again
    WeightedClusterStats empty = new WeightedClusterStats(2, 2, LloydSums.points()).add(
        SampleBlock.ofRows(new double[] {5, 0}, new double[] {GROUP}, 2), second,
        WeightedClusterStats.squaredNorms(second, 2, 2));
    double[] third = lloyd.update(empty, second, 2, countShift(0), memory, lloyd.sums());
    assertArrayEquals(new double[] {5, 0, 10, 0.5}, third, 0);
    double[] fourth = lloyd.update(empty, third, 2, countShift(0), memory, lloyd.sums());
    assertArrayEquals(new double[] {5, 0, 0, 40}, fourth, 0, "every point failed: all are candidates again");
  }

  @Test
  void nothingMovesWithoutNoiseOrWithTheGuardsOff() {
    DeadCentres pool = new DeadCentres(POOL, 5);
    // no noise: the empty centre keeps its place under the guards, as plain weighted Lloyd would
    double[] exact = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(), pool)
        .update(stats(START, 2), START, 2, LloydNoise.none());
    assertArrayEquals(new double[] {5, 0, -30, -30}, exact, 0);
    // guards off (the reference code): a noisy count of 2 gives the empty cluster its noisy mean, 0/2
    double[] unguarded = new WeightedLloyd(2, 1, 100, Geometry.L2, false, 1, LloydSums.points(), pool)
        .update(stats(START, 2), START, 2, countShift(2));
    assertArrayEquals(new double[] {100 * 5 / 102.0, 0, 0, 0}, unguarded, 1e-12);
    // an empty pool: the guard keeps the dead centre in place
    double[] noPool = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(), DeadCentres.none())
        .update(stats(START, 2), START, 2, countShift(0));
    assertArrayEquals(new double[] {5, 0, -30, -30}, noPool, 0);
  }

  @Test
  void aCentreAtOrAboveTheThresholdIsNotReseeded() {
    WeightedLloyd lloyd = new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    // centre 1's noisy count is exactly 5: not dead, its noisy mean is 0/5 = the origin
    assertArrayEquals(new double[] {500 / 105.0, 0, 0, 0}, lloyd.update(stats(START, 2), START, 2, countShift(5)),
        1e-12);
    // a noisy count just below: dead, moved to the far pool point (and NaN counts are dead too)
    double[] below = lloyd.update(stats(START, 2), START, 2, countShift(Math.nextDown(5.0)));
    assertArrayEquals(new double[] {0, 40}, new double[] {below[2], below[3]}, 0);
    assertTrue(new DeadCentres(POOL, 5).isDead(Double.NaN, 1));
    assertTrue(!new DeadCentres(POOL, 5).isDead(5, 1) && !DeadCentres.none().isDead(-1, 1));
  }

  /**
   * Where the iterations' shares of ε differ, iteration t's count noise is φ_t times the plan's and so is its threshold:
   * a noisy count of 3 against a threshold of 5 at the plan's scales is alive at φ = 0.5 (threshold 2.5) and dead at
   * φ = 2 (threshold 10).
   */
  @Test
  void theThresholdFollowsEachIterationsNoiseScale() {
    WeightedLloyd lloyd = new WeightedLloyd(2, 2, 100, Geometry.L2, true, 1, LloydSums.points(),
        new DeadCentres(POOL, 5));
    ScalarNoise plusThree = (exact, rng) -> exact + 3;
    VectorNoise exactSum = (exact, rng) -> exact.clone();
    ClusterNoise countPlusThree = ClusterNoise.split(plusThree, exactSum);
    LloydNoise noise = LloydNoise.perIteration(List.of(countPlusThree, countPlusThree), new double[] {0.5, 2},
        NoiseRandomness.seeded(1));
    DeadCentres.Memory memory = lloyd.deadCentres().memory(2);
    // φ = 0.5: centre 1 (count 3 ≥ 2.5) takes its noisy mean 0/3, the origin
    assertArrayEquals(new double[] {500 / 103.0, 0, 0, 0},
        lloyd.update(stats(START, 2), START, 2, noise.atIteration(1), memory, lloyd.sums()), 1e-12);
    // φ = 2: the same count is dead (3 < 10) and moves to the far pool point, as at count 0 above
    assertArrayEquals(new double[] {500 / 103.0, 0, 0, 40},
        lloyd.update(stats(START, 2), START, 2, noise.atIteration(2), memory, lloyd.sums()), 1e-12);
    // the equal-share threshold (φ = 1) keeps centre 1 dead at 3: the scale, not the count, decided above
    assertTrue(new DeadCentres(POOL, 5).isDead(3, 1) && !new DeadCentres(POOL, 5).isDead(3, 0.5));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LloydNoise.perIteration(
        List.of(countPlusThree), new double[] {Double.NaN}, NoiseRandomness.seeded(1)));
    assertTrue(e.getMessage().contains("iteration 1's noise scale factor") && e.getMessage().contains("NaN"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> LloydNoise.perIteration(List.of(countPlusThree),
        new double[] {1, 1}, NoiseRandomness.seeded(1)));
    assertTrue(e.getMessage().contains("scale factors") && e.getMessage().contains("1 and 2"), e.getMessage());
  }

  @Test
  void theThresholdIsOneAndAHalfDeviationsOfTheCountNoise() {
    // the Laplace count noise of a plan at β = 4: deviation √2·4 (the lattice's discrete law, its scale raised by
    // 2^-20 for the rounding)
    LatticeNoise.Pair laplace = LatticeNoise.countAndSum(4, 1, Geometry.L2, 2);
    assertEquals(Math.sqrt(2) * 4, laplace.countDeviation(), Math.sqrt(2) * 4 * 1e-5);
    assertEquals(1.5 * laplace.countDeviation(), DeadCentres.of(POOL, laplace.countDeviation()).deadBelow(), 0);
    assertEquals(2.5, LatticeNoise.gaussian(2.5, 1, 2).countDeviation(), 2.5e-5);

    // the deviation is the noise's: 20,000 draws have a sample deviation within 4 % of it. The sample deviation of
    // Laplace noise (kurtosis 6) has relative spread sqrt(5/n)/2 ≈ 0.8 %, so 4 % is five spreads (false failure
    // below 1e-6); a deviation of β instead of √2·β (29 % off) fails
    for (LatticeNoise.CountAndSum noise : new LatticeNoise.CountAndSum[] {laplace, LatticeNoise.gaussian(2.5, 1, 2),
        LatticeNoise.joint(4, 1, 0.5, 2)}) {
      UniformRandomProvider rng = NoiseRandomness.seeded(7).provider();
      int n = 20_000;
      double sumSquares = 0;
      for (int i = 0; i < n; i++) {
        double draw = noise.release(0, new double[2], rng).count();
        sumSquares += draw * draw;
      }
      double deviation = Math.sqrt(sumSquares / n);
      assertEquals(1, deviation / noise.countDeviation(), 0.04, noise.describe(Geometry.L2));
    }
  }

  @Test
  void parametersAreValidated() {
    for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DeadCentres(POOL, bad));
      assertTrue(e.getMessage().contains("deadBelow") && e.getMessage().contains(">= 0"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> DeadCentres.of(POOL, bad));
      assertTrue(e.getMessage().contains("count noise deviation"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new WeightedLloyd(2, 1, 100, Geometry.L2, true, 1, LloydSums.points(), new DeadCentres(POOL, 5))
            .run(SampleBlocks.inMemory(List.of()), 3, new double[6], LloydNoise.none()));
    assertTrue(e.getMessage().contains("pool must have d = 3"), e.getMessage());
  }
}
