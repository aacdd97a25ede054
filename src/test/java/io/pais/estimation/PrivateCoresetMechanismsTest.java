package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.Composition;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.accounting.SubsampleAmplification;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The three mechanisms of the private coreset: their noise has the stated law and scale (KS tests with p-value
 * threshold 1e-3, so a false failure at most 1e-3 each; seeds fixed), the same tests reject the scale a wrong
 * sensitivity would give, substitution doubles every scale, and each release records its share in the ledger. The
 * public parts (the cell schedule, the regions) are checked by hand.
 */
class PrivateCoresetMechanismsTest {
  private static final double ALPHA = 1e-3;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();

  private static PrivacyLedger ledger(Relation relation) {
    return new PrivacyLedger(Double.POSITIVE_INFINITY, 0, Composition.BASIC, relation);
  }

  @Test
  void spreadsGetLaplaceOfScaleOneOverEpsilonPerCoordinateInUnitsOfR() {
    UniformRandomProvider rng = NoiseRandomness.seeded(31).provider();
    double epsilon = 0.4;
    double n = 1e6;
    double exact = 1e7; // far above the noise: no clamping at zero
    int d = 4;
    double[] noise = new double[20_000];
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    for (int i = 0; i < noise.length / d; i++) {
      double[] spreads = PrivateSpreads.release(new double[] {exact, exact, exact, exact}, n, epsilon,
          SubsampleAmplification.NONE, ledger, rng);
      for (int j = 0; j < d; j++) {
        noise[i * d + j] = spreads[j] * spreads[j] * n - exact;
      }
    }
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 0.5 / epsilon), noise) < ALPHA);
    LedgerEntry entry = ledger.entries().get(0);
    assertEquals("init: spreads", entry.stage().label());
    assertEquals(epsilon, entry.epsilon());
    assertTrue(entry.noiseScale().startsWith("2.50000 per"), entry.noiseScale());
    PrivacyLedger substitution = ledger(Relation.SUBSTITUTION);
    PrivateSpreads.release(new double[] {exact}, n, epsilon, SubsampleAmplification.NONE, substitution, rng);
    assertTrue(substitution.entries().get(0).noiseScale().startsWith("5.00000 per"), substitution.entries().get(0).noiseScale());
  }

  /**
   * Level 1 holds four cells of a million points each and nothing below; with τ = 20 scales no empty cell is heavy
   * (probability e^-20/2 each), so each region's count is its cell's noisy count.
   */
  private static double[] treeNoise(int levels, double epsilon, int releases, UniformRandomProvider rng,
      PrivacyLedger ledger) {
    double scale = PrivateCellTree.countScale(levels, epsilon, SubsampleAmplification.NONE, ledger);
    double[] out = new double[4 * releases];
    for (int i = 0; i < releases; i++) {
      PrivateCellTree.Regions regions = PrivateCellTree.release((live, from, to) -> {
        Map<Long, Long> counts = new HashMap<>();
        if (from == 0) {
          for (long b = 0; b < 4; b++) {
            counts.put((PrivateCellTree.ROOT << 2) | b, 1_000_000L);
          }
        }
        return key -> counts.getOrDefault(key, 0L);
      }, levels, 4_000_000, 20 * scale, epsilon, SubsampleAmplification.NONE, ledger, rng);
      assertEquals(4, regions.size(), "the root keeps no remainder of weight; the four cells are kept");
      for (int b = 0; b < 4; b++) {
        out[4 * i + b] = regions.counts()[b] - 1_000_000;
      }
    }
    return out;
  }

  @Test
  void cellTreeCountsGetLaplaceOfScaleLevelsOverEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(32).provider();
    double epsilon = 2;
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    double[] noise = treeNoise(PrivateCellTree.LEVELS, epsilon, 5000, rng, ledger);
    double scale = PrivateCellTree.LEVELS / epsilon;
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, scale), noise) > ALPHA);
    // a sensitivity of one level (1/epsilon) is rejected
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), noise) < ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, scale / 2), noise) < ALPHA);
    LedgerEntry entry = ledger.entries().get(0);
    assertEquals("init: cell tree", entry.stage().label());
    assertTrue(entry.sensitivity().startsWith("l1 20"), entry.sensitivity());
  }

  @Test
  void aShallowTreesCountsGetLaplaceOfItsLevelsOverEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(35).provider();
    double epsilon = 2;
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    double[] noise = treeNoise(3, epsilon, 5000, rng, ledger);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 3 / epsilon), noise) > ALPHA);
    // the deepest tree's scale, and half the shallow one's, are rejected
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, PrivateCellTree.LEVELS / epsilon), noise) < ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1.5 / epsilon), noise) < ALPHA);
    LedgerEntry entry = ledger.entries().get(0);
    assertTrue(entry.sensitivity().startsWith("l1 3 "), entry.sensitivity());
    assertTrue(entry.mechanism().contains("3-level tree"), entry.mechanism());
  }

  @Test
  void substitutionDoublesTheTreeScale() {
    UniformRandomProvider rng = NoiseRandomness.seeded(33).provider();
    PrivacyLedger ledger = ledger(Relation.SUBSTITUTION);
    double[] noise = treeNoise(PrivateCellTree.LEVELS, 2, 5000, rng, ledger);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 2 * PrivateCellTree.LEVELS / 2.0), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, PrivateCellTree.LEVELS / 2.0), noise) < ALPHA);
    assertTrue(ledger.entries().get(0).sensitivity().startsWith("l1 40"), ledger.entries().get(0).sensitivity());
  }

  @Test
  void coresetSumsGetGammaDRadiusOfScaleOneOverEpsilonInUnitsOfR() {
    UniformRandomProvider rng = NoiseRandomness.seeded(34).provider();
    int d = 3;
    double epsilon = 0.7;
    double count = 1e6; // the mean's noise is then far inside the ball: no projection
    double[] radii = new double[20_000];
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    for (int i = 0; i < radii.length / 2; i++) {
      double[] points = PrivateCoresetPoints.release(new double[2 * d], new double[] {count, count}, d, Geometry.L2,
          epsilon, SubsampleAmplification.NONE, ledger, rng);
      radii[2 * i] = Geometry.L2.norm(new double[] {points[0], points[1], points[2]}) * count;
      radii[2 * i + 1] = Geometry.L2.norm(new double[] {points[3], points[4], points[5]}) * count;
    }
    assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d, 1 / epsilon), radii) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d, 0.5 / epsilon), radii) < ALPHA);
    PrivacyLedger substitution = ledger(Relation.SUBSTITUTION);
    PrivateCoresetPoints.release(new double[d], new double[] {1}, d, Geometry.L2, epsilon, SubsampleAmplification.NONE, substitution, rng);
    assertTrue(substitution.entries().get(0).noiseScale().startsWith("2.85714"),
        substitution.entries().get(0).noiseScale());
  }

  @Test
  void coresetPointsAreProjectedOntoTheUnitBall() {
    double[] points = PrivateCoresetPoints.release(new double[] {30, 40}, new double[] {10}, 2, Geometry.L2,
        1e6, SubsampleAmplification.NONE, ledger(Relation.ADD_REMOVE), NoiseRandomness.seeded(35).provider());
    assertEquals(1, Geometry.L2.norm(points), 1e-9);
  }

  @Test
  void scheduleHalvesTheWidestSideAndReadsTheBits() {
    CellSchedule schedule = CellSchedule.widestFirst(new double[] {4, 1.5}, 4);
    // half-widths 4, 1.5 -> x0 (2 left), x0 again (1), then x1 (1.5 > 1; 0.75 left), then x0 (1 > 0.75)
    assertArrayEquals(new int[] {0, 0, 1, 0}, schedule.coordinate());
    assertArrayEquals(new int[] {0, 1, 0, 2}, schedule.splitIndex());
    // x0 = 1: t = 5/8 = 0.101b -> bits 1, 0; x1 = -0.75: t = 0.25 = 0.01b -> 0; then x0's third bit, 1
    assertEquals(0b1001, schedule.cell(new double[] {1, -0.75}));
    // ties go to the lowest coordinate
    assertArrayEquals(new int[] {0, 1}, CellSchedule.widestFirst(new double[] {1, 1}, 2).coordinate());
    // outside the box: the boundary cells
    assertEquals(0b1111, schedule.cell(new double[] {100, 100}));
    assertEquals(0, schedule.cell(new double[] {-100, -100}));
    // the cells' sides: 8 x 3 halved by the splits so far (x0 at splits 1, 2 and 4, x1 at 3)
    assertArrayEquals(new double[] {8, 3}, schedule.cellWidths(0));
    assertArrayEquals(new double[] {2, 3}, schedule.cellWidths(2));
    assertArrayEquals(new double[] {1, 1.5}, schedule.cellWidths(4));
    CellBox inner = schedule.box(0b0110, 4);
    assertEquals(1, inner.upper()[0] - inner.lower()[0], 0, "an inner side of a cell");
    assertThrows(IllegalArgumentException.class, () -> schedule.cellWidths(5));
  }

  @Test
  void regionsAreDeepestHeavyCellsLessTheirHeavyChildren() {
    Map<Long, Double> heavy = new HashMap<>();
    heavy.put(PrivateCellTree.ROOT, 1000.0);
    long a = (PrivateCellTree.ROOT << 2) | 1;
    long b = (PrivateCellTree.ROOT << 2) | 2;
    heavy.put(a, 600.0);
    heavy.put(b, 350.0);
    long aChild = (a << 2) | 3;
    heavy.put(aChild, 580.0);
    PrivateCellTree.Regions regions = PrivateCellTree.regions(heavy, 40);
    // root: 1000 - 950 = 50 (kept); a: 600 - 580 = 20 (dropped); b: 350; a's child: 580
    assertEquals(3, regions.size());
    assertArrayEquals(new double[] {50, 350, 580}, regions.counts(), 1e-12);
    long depth = PrivateCellTree.DEPTH;
    long inAChild = 0b0111L << (depth - 4);
    long inAOnly = 0b0100L << (depth - 4);
    long inB = 0b10L << (depth - 2);
    long inRootOnly = 0b11L << (depth - 2);
    assertEquals(2, regions.indexOf(inAChild));
    assertEquals(-1, regions.indexOf(inAOnly));
    assertEquals(1, regions.indexOf(inB));
    assertEquals(0, regions.indexOf(inRootOnly));

    // each kept region's box is its deepest heavy cell's: on the box [-8, 8] x [-6, 6] (splits x0, x1, x0, x1, ...)
    // the root, b (bits 10: x0's upper half, then x1's lower) and a's child (bits 01 11: x0's lower half, x1's upper,
    // then the upper quarters)
    CellSchedule schedule = CellSchedule.widestFirst(new double[] {8, 6}, PrivateCellTree.DEPTH);
    CellBox[] boxes = regions.boxes(schedule);
    double inf = Double.POSITIVE_INFINITY;
    assertArrayEquals(new double[] {-inf, -inf}, boxes[0].lower());
    assertArrayEquals(new double[] {inf, inf}, boxes[0].upper());
    assertArrayEquals(new double[] {0, -inf}, boxes[1].lower());
    assertArrayEquals(new double[] {inf, 0}, boxes[1].upper());
    assertArrayEquals(new double[] {-4, 3}, boxes[2].lower());
    assertArrayEquals(new double[] {0, inf}, boxes[2].upper());
  }

  @Test
  void everyPointLiesInTheBoxOfEachOfItsCells() {
    CellSchedule schedule = CellSchedule.widestFirst(new double[] {4, 1.5, 0.3}, 30);
    UniformRandomProvider rng = NoiseRandomness.seeded(36).provider();
    for (int i = 0; i < 2000; i++) {
      // a third of the points beyond the box: they belong to the boundary cells, whose outer sides are open
      double[] x = {12 * rng.nextDouble() - 6, 5 * rng.nextDouble() - 2.5, rng.nextDouble() - 0.5};
      long cell = schedule.cell(x);
      for (int splits = 0; splits <= schedule.depth(); splits++) {
        CellBox box = schedule.box(cell >>> (schedule.depth() - splits), splits);
        for (int j = 0; j < x.length; j++) {
          assertTrue(box.lower()[j] <= x[j] && x[j] <= box.upper()[j], "coordinate " + j + " of point " + i
              + " outside its cell at " + splits + " splits");
        }
      }
    }
    // a cell deep enough is narrower than the box: 30 splits leave x0 (half-width 4) 2^-12 of its width or less
    CellBox deep = schedule.box(schedule.cell(new double[] {1, 0.2, 0.1}), 30);
    assertTrue(deep.upper()[0] - deep.lower()[0] <= 8 * 0x1p-12, deep.upper()[0] - deep.lower()[0] + "");
  }

  @Test
  void clampingOntoTheCellAndTheBallNeverMovesANoisyMeanAwayFromATrueOne() {
    UniformRandomProvider rng = NoiseRandomness.seeded(37).provider();
    CellBox box = new CellBox(new double[] {0.2, Double.NEGATIVE_INFINITY, -0.1},
        new double[] {0.5, 0.1, Double.POSITIVE_INFINITY});
    int moved = 0;
    for (int i = 0; i < 5000; i++) {
      // a true mean in the box and the unit ball, an estimate around it with noise of norm up to 3
      double[] mean = {0.2 + 0.3 * rng.nextDouble(), 0.1 - 0.6 * rng.nextDouble(), -0.1 + 0.4 * rng.nextDouble()};
      if (Geometry.L2.norm(mean) > 1) {
        continue;
      }
      double[] estimate = new double[3];
      for (int j = 0; j < 3; j++) {
        estimate[j] = mean[j] + 2 * rng.nextDouble() - 1;
      }
      double before = distance(estimate, mean);
      double[] clamped = estimate.clone();
      box.clampOnto(clamped, 1, Geometry.L2);
      assertTrue(distance(clamped, mean) <= before + 1e-12, "moved away at draw " + i);
      assertTrue(Geometry.L2.norm(clamped) <= 1 + 1e-12);
      moved += distance(clamped, mean) < before - 1e-9 ? 1 : 0;
    }
    assertTrue(moved > 1000, "the clamp should act on many draws, got " + moved);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new CellBox(new double[] {0, Double.NaN}, new double[] {1, 1}));
    assertTrue(e.getMessage().contains("lower < upper") && e.getMessage().contains("NaN"), e.getMessage());
  }

  private static double distance(double[] a, double[] b) {
    double sum = 0;
    for (int j = 0; j < a.length; j++) {
      sum += (a[j] - b[j]) * (a[j] - b[j]);
    }
    return Math.sqrt(sum);
  }

  /**
   * The noise of a grid of {@code levels} levels whose every cell holds a million points (so every cell is kept), as
   * noisy count − exact count.
   */
  private static double[] gridNoise(int levels, double epsilon, int releases, UniformRandomProvider rng,
      PrivacyLedger ledger) {
    int cells = 1 << (PrivateCellTree.BITS_PER_LEVEL * levels);
    double[] out = new double[cells * releases];
    for (int i = 0; i < releases; i++) {
      PrivateGrid.Cells kept = PrivateGrid.release(key -> 1_000_000L, levels, epsilon, SubsampleAmplification.NONE,
          ledger, rng);
      assertEquals(cells, kept.size());
      for (int c = 0; c < cells; c++) {
        assertEquals(c, kept.paths()[c], "paths ascending");
        out[i * cells + c] = kept.counts()[c] - 1_000_000;
      }
    }
    return out;
  }

  @Test
  void gridCountsGetLaplaceOfScaleOneOverEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(36).provider();
    double epsilon = 0.5;
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    double[] noise = gridNoise(2, epsilon, 1250, rng, ledger); // 16 cells a release
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), noise) > ALPHA);
    // a tree's sensitivity of 2 levels, and half the scale, are rejected
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 2 / epsilon), noise) < ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 0.5 / epsilon), noise) < ALPHA);
    LedgerEntry entry = ledger.entries().get(0);
    assertEquals("init: grid", entry.stage().label());
    assertEquals(epsilon, entry.epsilon());
    assertTrue(entry.sensitivity().startsWith("l1 1 "), entry.sensitivity());
    assertTrue(entry.noiseScale().startsWith("2.00000 per cell"), entry.noiseScale());
    assertTrue(entry.mechanism().contains("16 cells of a grid (4 splits)"), entry.mechanism());
    assertEquals(1250, ledger.entries().size(), "one entry a release");

    PrivacyLedger substitution = ledger(Relation.SUBSTITUTION);
    double[] doubled = gridNoise(2, epsilon, 1250, NoiseRandomness.seeded(37).provider(), substitution);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 2 / epsilon), doubled) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), doubled) < ALPHA);
    assertTrue(substitution.entries().get(0).sensitivity().startsWith("l1 2 "),
        substitution.entries().get(0).sensitivity());
  }

  /**
   * τ = scale·max(3, ln 4^ℓ) keeps about half an empty cell a release in expectation (each with probability
   * e^(−τ/scale)/2): 200 releases of an empty 4,096-cell grid keep about 100 (the lattice noise's tail is close to
   * the continuous one's); fewer than 40 or more than 160 has probability below 1e-6 under Poisson(100).
   */
  @Test
  void gridThresholdKeepsAboutHalfAnEmptyCellARelease() {
    assertEquals(3, PrivateGrid.threshold(1, 1), "the least threshold: three scales");
    assertEquals(2 * 12 * Math.log(2), PrivateGrid.threshold(6, 2), 1e-12);
    UniformRandomProvider rng = NoiseRandomness.seeded(38).provider();
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    int kept = 0;
    for (int i = 0; i < 200; i++) {
      kept += PrivateGrid.release(key -> 0L, 6, 1, SubsampleAmplification.NONE, ledger, rng).size();
    }
    assertTrue(kept > 40 && kept < 160, kept + " empty cells kept in 200 releases");
  }

  /**
   * The level is the finest at which the average cell holds at least ρ = 0.2 of τ: at scale 1 a 6-level grid (4,096
   * cells, τ = 12·ln 2) needs 4,096·0.2·8.318 ≈ 6,815 points; a point fewer gives 5 levels.
   */
  @Test
  void gridLevelIsTheFinestWhoseCellsHoldAFifthOfTheThreshold() {
    double atSix = 4096 * PrivateGrid.DENSITY * PrivateGrid.threshold(6, 1);
    assertEquals(6, PrivateGrid.levels(atSix, 6, 1));
    assertEquals(5, PrivateGrid.levels(Math.nextDown(atSix), 6, 1));
    assertEquals(4, PrivateGrid.levels(atSix, 4, 1), "at most the shares' levels");
    assertEquals(5, PrivateGrid.levels(atSix, 6, 4), "four times the noise: one level coarser");
    assertEquals(1, PrivateGrid.levels(1, 6, 1), "at least one level");
  }

  /** A cell's middle lies in its cell (the point reads the same path) and in the schedule's box. */
  @Test
  void aCellsMiddleLiesInItsCell() {
    CellSchedule schedule = CellSchedule.widestFirst(new double[] {4, 2}, PrivateCellTree.DEPTH);
    assertArrayEquals(new double[] {3, 0}, schedule.middle(0b11, 2), 0, "x halved twice (ties: the lower index)");
    assertArrayEquals(new double[] {-3, -1}, schedule.middle(0b000, 3), 0);
    for (long path = 0; path < 64; path++) {
      double[] middle = schedule.middle(path, 6);
      assertEquals(path, schedule.cell(middle) >>> (PrivateCellTree.DEPTH - 6), "path " + path);
      assertTrue(Math.abs(middle[0]) < 4 && Math.abs(middle[1]) < 2);
    }
  }

  @Test
  void rejectsBadParametersNamingThem() {
    PrivacyLedger ledger = ledger(Relation.ADD_REMOVE);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PrivateSpreads.release(new double[2], Double.NaN, 1, SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("count (n)") && e.getMessage().contains("NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateCellTree.release((l, f, t) -> key -> 0, 3, 10,
        Double.POSITIVE_INFINITY, 1, SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("threshold") && e.getMessage().contains("Infinity"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateCellTree.release((l, f, t) -> key -> 0, 21, 10, 5,
        1, SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("levels of the cell tree") && e.getMessage().contains("21"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CellSchedule.widestFirst(new double[] {1, 0}, 3));
    assertTrue(e.getMessage().contains("half-width"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateCoresetPoints.release(new double[3], new double[1],
        2, Geometry.L2, 1, SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("sums must hold 1 x 2"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateGrid.release(key -> 0, 10, 1,
        SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("levels of the grid") && e.getMessage().contains("10"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateGrid.release(key -> 0, 2, Double.NaN,
        SubsampleAmplification.NONE, ledger, NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("epsilon of the grid") && e.getMessage().contains("NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PrivateGrid.levels(Double.POSITIVE_INFINITY, 6, 1));
    assertTrue(e.getMessage().contains("count (n)") && e.getMessage().contains("Infinity"), e.getMessage());
    assertTrue(ledger.entries().isEmpty(), "a rejected request spends nothing");
  }
}
