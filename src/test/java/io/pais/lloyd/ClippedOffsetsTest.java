package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import org.junit.jupiter.api.Test;

/** Sums of clipped offsets ({@link LloydSums.ClippedOffsets}) and the centred update of {@link WeightedLloyd}. */
class ClippedOffsetsTest {

  private static WeightedClusterStats stats(double[][] rows, double[] weights, double[] centres, int k,
      LloydSums terms) {
    SampleBlock.Builder b = new SampleBlock.Builder(2, rows.length);
    for (int i = 0; i < rows.length; i++) {
      b.add(rows[i], weights[i]);
    }
    return new WeightedClusterStats(k, 2, terms).add(b.build(), centres,
        WeightedClusterStats.squaredNorms(centres, k, 2));
  }

  @Test
  void eachOffsetIsClippedToTheBound() {
    double[] centres = {0, 0, 10, 0};
    double[][] rows = {
        {1, 0}, // offset (1, 0) from centre 0: inside ρ = 2, kept
        {0, 6}, // nearest centre 0 (36 < 136), offset (0, 6): clipped to ρ = 2
        {13, 4}, // centre 1, offset (3, 4), norm 5: clipped to 2
        {9.5, 0.1}, // centre 1, offset (-0.5, 0.1), kept
    };
    double[] weights = {1, 2, 3, 1};
    WeightedClusterStats s = stats(rows, weights, centres, 2, LloydSums.clippedOffsets(2, Geometry.L2));
    assertArrayEquals(new double[] {1, 2 * 2}, s.sum(0), 1e-12);
    assertArrayEquals(new double[] {3 * 3 * 2 / 5.0 - 0.5, 3 * 4 * 2 / 5.0 + 0.1}, s.sum(1), 1e-12);
    assertEquals(3, s.count(0));
    assertEquals(4, s.count(1));
    // a point nearer the origin than ρ: its offset (-2.5, 0) is clipped to ρ, not to its own norm
    WeightedClusterStats near = stats(new double[][] {{0.5, 0}}, new double[] {1}, new double[] {3, 0}, 1,
        LloydSums.clippedOffsets(2, Geometry.L2));
    assertArrayEquals(new double[] {-2, 0}, near.sum(0), 1e-12);
  }

  /**
   * Narrowed per centre: cluster j's offset is clipped at f_j·ρ and summed at 1/f_j of its length (norm at most ρ),
   * and the update multiplies its sum by f_j back: centre 0 at f = 1/4 moves by its offsets clipped at ρ/4, centre 1 at
   * f = 1 as before.
   */
  @Test
  void narrowedOffsetsAreClippedAtTheirCentresFractionAndSummedAtRhosScale() {
    double[] centres = {0, 0, 10, 0};
    double[][] rows = {{0.25, 0}, {0, 6}, {13, 4}};
    LloydSums.ClippedOffsets narrowed = ((LloydSums.ClippedOffsets) LloydSums.clippedOffsets(2, Geometry.L2))
        .narrowing(new double[] {0.25, 1});
    WeightedClusterStats s = stats(rows, new double[] {1, 1, 1}, centres, 2, narrowed);
    // (0.25, 0) within ρ/4 = 0.5: summed as (1, 0); (0, 6) clipped to (0, 0.5): summed as (0, 2); centre 1 unchanged
    assertArrayEquals(new double[] {1, 2}, s.sum(0), 1e-12);
    assertArrayEquals(new double[] {3 * 2 / 5.0, 4 * 2 / 5.0}, s.sum(1), 1e-12);
    assertEquals(0.25, narrowed.gauge(0), 0);
    assertEquals(1, narrowed.gauge(1), 0);
    assertEquals(0.5, narrowed.reaching(2).gauge(0), 0, "a reach multiplies the gauge");
    WeightedLloyd lloyd = new WeightedLloyd(2, 2, 20, Geometry.L2, false, 0.0, narrowed);
    double[] next = lloyd.update(s, centres, 2, LloydNoise.none(), DeadCentres.none().memory(2), narrowed);
    assertArrayEquals(new double[] {0.25 / 2, 0.5 / 2, 10 + 1.2, 1.6}, next, 1e-12);
  }

  @Test
  void aNarrowingIsAPowerOfTwoInTheUnitIntervalAndNeverCappedAtTheNorm() {
    LloydSums.ClippedOffsets clipped = (LloydSums.ClippedOffsets) LloydSums.clippedOffsets(2, Geometry.L2);
    for (double bad : new double[] {0.3, 2, 0, -0.5, Double.NaN}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> clipped.narrowing(new double[] {1, bad}));
      assertTrue(e.getMessage().startsWith("a centre's narrowing must be a power of two in (0, 1], got "),
          e.getMessage());
    }
    LloydSums.ClippedOffsets capped = (LloydSums.ClippedOffsets) LloydSums.normCappedOffsets(2, Geometry.L2);
    assertThrows(IllegalArgumentException.class, () -> capped.narrowing(new double[] {0.5}));
    double[] factors = {0.5};
    LloydSums.ClippedOffsets narrowed = clipped.narrowing(factors);
    factors[0] = 1;
    assertEquals(0.5, narrowed.gauge(0), 0, "the narrowing is copied");
  }

  /** Core's and opt's offsets: clipped to min(ρ, ‖x‖), the personalized profile's term. */
  @Test
  void normCappedOffsetsAreClippedToThePointsNormToo() {
    double[][] rows = {{0.5, 0}, {0, 6}};
    WeightedClusterStats s = stats(rows, new double[] {1, 1}, new double[] {3, 0}, 1,
        LloydSums.normCappedOffsets(2, Geometry.L2));
    // (-2.5, 0) from a point of norm 0.5: clipped to 0.5; (-3, 6) of norm sqrt(45) from a point of norm 6: to ρ = 2
    assertArrayEquals(new double[] {-0.5 - 2 * 3 / Math.sqrt(45), 2 * 6 / Math.sqrt(45)}, s.sum(0), 1e-12);
  }

  /**
   * A box clamps each coordinate to ±ρ·s_j (capped: ±min(ρ, ‖x‖₂)·s_j): the box (3, 4) at κ = 2 has s = (1.2, 1.6), so
   * at ρ = 2 the bounds are (2.4, 3.2); a reach of 2 clamps at twice that and sums half.
   */
  @Test
  void aBoxClampsEachCoordinateToItsOwnBound() {
    SumShape.Box box = SumShape.Box.of(new double[] {3, 4}, 2);
    double[][] rows = {{5, -1}, {1, 9}};
    double[] weights = {1, 2};
    WeightedClusterStats s = stats(rows, weights, new double[] {0, 0}, 1, LloydSums.clippedOffsets(2, box));
    assertArrayEquals(new double[] {2.4 + 2 * 1, -1 + 2 * 3.2}, s.sum(0), 1e-12);
    WeightedClusterStats reaching = stats(rows, weights, new double[] {0, 0}, 1,
        LloydSums.clippedOffsets(2, box).reaching(2));
    assertArrayEquals(new double[] {(4.8 + 2 * 1) / 2.0, (-1 + 2 * 6.4) / 2.0}, reaching.sum(0), 1e-12);
    // capped at the point's norm: (0.3, 0.4) of norm 0.5 from the centre (3, 0) clamps at 0.5 s = (0.6, 0.8)
    WeightedClusterStats capped = stats(new double[][] {{0.3, 0.4}}, new double[] {1}, new double[] {3, 0}, 1,
        LloydSums.normCappedOffsets(2, box));
    assertArrayEquals(new double[] {-0.6, 0.4}, capped.sum(0), 1e-12);
    // every term's gauge is at most rho
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 1000; i++) {
      double[] x = {20 * random.nextGaussian(), 20 * random.nextGaussian()};
      WeightedClusterStats one = stats(new double[][] {x}, new double[] {1}, new double[] {1, -1}, 1,
          LloydSums.clippedOffsets(2, box));
      assertTrue(box.gauge(one.sum(0)) <= 2 * (1 + 1e-15), "gauge " + box.gauge(one.sum(0)));
    }
  }

  @Test
  void theL1GeometryClipsInItsOwnNorm() {
    WeightedClusterStats s = stats(new double[][] {{3, 4}}, new double[] {1}, new double[] {0, 0}, 1,
        LloydSums.clippedOffsets(1.4, Geometry.L1));
    assertArrayEquals(new double[] {3 * 0.2, 4 * 0.2}, s.sum(0), 1e-12); // ‖(3, 4)‖₁ = 7, scaled to 1.4
  }

  @Test
  void theNoiseFreeUpdateMovesEachCentreByItsMeanClippedOffset() {
    double[] centres = {0, 0, 10, 0};
    double[][] rows = {{1, 1}, {-1, 1}, {11, 0}, {30, 0}};
    double[] weights = {1, 1, 1, 1};
    LloydSums clipped = LloydSums.clippedOffsets(5, Geometry.L2);
    WeightedLloyd lloyd = new WeightedLloyd(2, 1, 100, Geometry.L2, false, 0, clipped);
    double[] next = lloyd.update(stats(rows, weights, centres, 2, clipped), centres, 2, LloydNoise.none());
    // cluster 0: offsets (1, 1) and (-1, 1); cluster 1: (1, 0) and (20, 0) clipped to (5, 0)
    assertArrayEquals(new double[] {0, 1, 13, 0}, next, 1e-12);
    // sums of points move cluster 1 to the plain mean 20.5
    WeightedLloyd plain = new WeightedLloyd(2, 1, 100, Geometry.L2, false, 0);
    double[] mean = plain.update(stats(rows, weights, centres, 2, LloydSums.points()), centres, 2,
        LloydNoise.none());
    assertArrayEquals(new double[] {0, 1, 20.5, 0}, mean, 1e-12);
  }

  @Test
  void theBoundIsValidated() {
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> LloydSums.clippedOffsets(bad, Geometry.L2));
      assertTrue(e.getMessage().contains("offset bound (rho)") && e.getMessage().contains(Double.toString(bad)),
          e.getMessage());
    }
  }

  /**
   * A reach of 2: each offset is clipped at 2ρ (capped: and at the point's norm) and summed at half its length, so no
   * term is longer than ρ.
   */
  @Test
  void aReachingOffsetGoesFurtherAndIsSummedAtAFractionOfItsLength() {
    double[] centres = {0, 0, 10, 0};
    double[][] rows = {{1, 0}, {0, 6}, {13, 4}, {9.5, 0.1}};
    double[] weights = {1, 2, 3, 1};
    LloydSums reaching = LloydSums.clippedOffsets(2, Geometry.L2).reaching(2);
    WeightedClusterStats s = stats(rows, weights, centres, 2, reaching);
    // (1, 0) kept and halved; (0, 6) clipped to 4 and halved, weight 2
    assertArrayEquals(new double[] {0.5, 2 * 2}, s.sum(0), 1e-12);
    // (3, 4) of norm 5 clipped to 4 and halved, weight 3; (-0.5, 0.1) kept and halved
    assertArrayEquals(new double[] {3 * 3 * 4 / 5.0 / 2 - 0.25, 3 * 4 * 4 / 5.0 / 2 + 0.05}, s.sum(1), 1e-12);
    WeightedClusterStats near = stats(new double[][] {{0.5, 0}}, new double[] {1}, new double[] {3, 0}, 1, reaching);
    assertArrayEquals(new double[] {-1.25, 0}, near.sum(0), 1e-12, "inside 2 rho, halved");
    WeightedClusterStats capped = stats(new double[][] {{0.5, 0}}, new double[] {1}, new double[] {3, 0}, 1,
        LloydSums.normCappedOffsets(2, Geometry.L2).reaching(2));
    assertArrayEquals(new double[] {-0.25, 0}, capped.sum(0), 1e-12, "clipped to the point's norm, then halved");
  }

  /**
   * Only the first iteration reaches further: from 0 towards two points at 3 with ρ = 1, reach 1 moves the centre to
   * 1 and then 2; a first reach of 2 moves it to 2 and then, with every offset inside ρ, onto the points.
   */
  @Test
  void onlyTheFirstIterationReachesFurther() {
    SampleBlocks sample = SampleBlocks.inMemory(java.util.List.of(SampleBlock.ofRows(new double[] {3, 0, 3, 0},
        new double[] {1, 1}, 2)));
    LloydSums clipped = LloydSums.clippedOffsets(1, Geometry.L2);
    double[] start = {0, 0};
    WeightedLloyd one = new WeightedLloyd(1, 2, 100, Geometry.L2, false, 0, clipped);
    WeightedLloyd two = new WeightedLloyd(1, 2, 100, Geometry.L2, false, 0, clipped, DeadCentres.none(), 2);
    assertArrayEquals(new double[] {2, 0}, one.run(sample, 2, start, LloydNoise.none()), 1e-12);
    assertArrayEquals(new double[] {3, 0}, two.run(sample, 2, start, LloydNoise.none()), 1e-12);
    WeightedLloyd oneStep = new WeightedLloyd(1, 1, 100, Geometry.L2, false, 0, clipped, DeadCentres.none(), 2);
    assertArrayEquals(new double[] {2, 0}, oneStep.run(sample, 2, start, LloydNoise.none()), 1e-12);
  }

  @Test
  void theReachIsAPowerOfTwoAndOnlyOffsetsHaveOne() {
    LloydSums clipped = LloydSums.clippedOffsets(1, Geometry.L2);
    for (int bad : new int[] {0, -2, 3, 6}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> clipped.reaching(bad));
      assertTrue(e.getMessage().contains("reach") && e.getMessage().contains("power of two")
          && e.getMessage().contains(Integer.toString(bad)), e.getMessage());
    }
    assertEquals(LloydSums.points(), LloydSums.points().reaching(1));
    IllegalArgumentException points = assertThrows(IllegalArgumentException.class,
        () -> new WeightedLloyd(1, 1, 100, Geometry.L2, true, 0, LloydSums.points(), DeadCentres.none(), 2));
    assertTrue(points.getMessage().contains("sums of points") && points.getMessage().contains("2"),
        points.getMessage());
  }

  /**
   * The first step's noise is the reach times the plan's: the displacement of a centre whose points all sit on it is
   * reach·ζ/ñ. 40,000 draws at reach 1 and at reach 2 of the release's lattice noise (seeded): the ratio of their
   * variances is 4, with a relative standard deviation near 0.02 here (Laplace-like tails); the test accepts 4 ± 0.4
   * (false-failure rate below 1e-9) and would reject a noisy sum not multiplied by the reach (1) or multiplied twice
   * (16).
   */
  @Test
  void theFirstStepsNoiseIsTheReachTimesThePlans() {
    double[] centre = {1, -2};
    WeightedClusterStats atTheCentre = stats(new double[][] {{1, -2}}, new double[] {1_000}, centre, 1,
        LloydSums.clippedOffsets(1, Geometry.L2));
    io.pais.noise.LatticeNoise.Pair pair = io.pais.noise.LatticeNoise.countAndSum(0.01, 5, Geometry.L2, 2);
    double[] variance = new double[2];
    for (int reach : new int[] {1, 2}) {
      WeightedLloyd lloyd = new WeightedLloyd(1, 1, 1e6, Geometry.L2, false, 0,
          LloydSums.clippedOffsets(1, Geometry.L2), DeadCentres.none(), reach);
      LloydNoise noise = LloydNoise.of(pair.count(), pair.sum(), io.pais.noise.NoiseRandomness.seeded(57 + reach));
      int draws = 40_000;
      double sum = 0;
      double squares = 0;
      for (int i = 0; i < draws; i++) {
        double moved = lloyd.update(atTheCentre, centre, 2, noise)[0] - centre[0];
        sum += moved;
        squares += moved * moved;
      }
      double mean = sum / draws;
      variance[reach - 1] = squares / draws - mean * mean;
    }
    double ratio = variance[1] / variance[0];
    assertEquals(4, ratio, 0.4, "variance at reach 2 over reach 1");
  }

  /**
   * Issue 50, item 4: one point moves its cluster's sum by at most ρ (its weight times ρ) in the computed doubles too,
   * however far the centre sits from the origin. Summing w·s·x and then subtracting c·Σ w·s rounded at the scale of
   * ‖c‖: at ‖c‖/ρ = 10⁸ one point's effect exceeded ρ by 6.4e-6·ρ, above the 2⁻²⁰ the noise lattices pay for.
   * Summing the offsets w·s·(x − c) themselves keeps the rounding at the scale of ρ. The same at a reach of 2 and 4:
   * the division by the reach is exact.
   */
  @Test
  void onePointMovesASumByAtMostRhoEvenWithTheCentreFarOutsideIt() {
    for (Geometry geometry : Geometry.values()) {
      for (double ratio : new double[] {1e2, 1e6, 1e8}) {
        double rho = 0.75;
        double[] centre = {ratio * rho * 0.6, -ratio * rho * 0.8};
        java.util.SplittableRandom random = new java.util.SplittableRandom(31);
        int n = 2_000;
        double[][] rows = new double[n + 1][];
        double[] weights = new double[n + 1];
        for (int i = 0; i < n; i++) {
          rows[i] = new double[] {centre[0] + random.nextGaussian() * rho * 2,
              centre[1] + random.nextGaussian() * rho * 2};
          weights[i] = 1 + random.nextDouble() * 9;
        }
        double worst = 0;
        for (int trial = 0; trial < 50; trial++) {
          double[][] with = rows.clone();
          double[] withWeights = weights.clone();
          // the neighbour's point, far out in a random direction, placed at a random row
          double angle = random.nextDouble() * 2 * Math.PI;
          double w = 1 + random.nextDouble() * 9;
          int at = random.nextInt(n + 1);
          System.arraycopy(rows, at, with, at + 1, n - at);
          System.arraycopy(weights, at, withWeights, at + 1, n - at);
          with[at] = new double[] {centre[0] + 50 * rho * Math.cos(angle), centre[1] + 50 * rho * Math.sin(angle)};
          withWeights[at] = w;
          LloydSums terms = LloydSums.clippedOffsets(rho, geometry).reaching(1 << (trial % 3)); // reach 1, 2, 4
          double[] a = stats(java.util.Arrays.copyOf(rows, n), java.util.Arrays.copyOf(weights, n), centre, 1, terms)
              .sum(0);
          double[] b = stats(with, withWeights, centre, 1, terms).sum(0);
          double dx = b[0] - a[0];
          double dy = b[1] - a[1];
          double moved = geometry == Geometry.L1 ? Math.abs(dx) + Math.abs(dy) : Math.hypot(dx, dy);
          worst = Math.max(worst, moved / (w * rho) - 1);
        }
        assertTrue(worst <= 0x1p-30, geometry + " at ||c||/rho = " + ratio + ": one point moved the sum by (1 + "
            + worst + ") rho");
      }
    }
  }
}
