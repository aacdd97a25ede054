package io.pais.accounting;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** ε is split in one place, and its rest is exactly what the ledger has left (issue 27, item 3). */
class BudgetAllocationTest {

  @Test
  void eachRunningStageGetsItsShareAndDpLloydTheExactRest() {
    BudgetAllocation all = BudgetAllocation.strict(3, 0, new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2),
        0.05, 0.5), new BudgetAllocation.Stages(true, true, true, true, false));
    assertEquals(0.15000000000000002, all.centre()); // 3 * 0.05 in doubles, as the stage spends it
    assertEquals(3 * 0.05, all.histogram());
    assertEquals(3 * 0.2 * 0.10, all.initialisation().spreads());
    assertEquals(3 * 0.2 * 0.45, all.initialisation().tree(), "before d is known, as a full-depth tree");
    assertEquals(3 * 0.2 * (1 - 0.10 - 0.45), all.initialisation().sums());
    assertEquals(20, all.initialisation().treeLevels());
    assertEquals(3 * 0.04, all.initialisation().tailCounts(), "the tail axes' counts: 4 % of epsilon, outside the init "
        + "share");
    assertEquals(3 * 0.01, all.initialisation().tailPositions(), "their positions: 1 % of epsilon");
    assertEquals(3 * 0.05 * 0.5, all.summary().sizes());
    assertEquals(3 * 0.05 * 0.5, all.summary().cost());
    assertTrue(all.lloyd() > 1.79 && all.lloyd() < 1.81, "the rest: " + all.lloyd());

    assertEquals(0, all.selection(), "no k candidates: the selection's share is not spent");

    BudgetAllocation publicCentre = BudgetAllocation.strict(3, 0,
        new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2), 0, 0.5),
        new BudgetAllocation.Stages(false, true, false, false, false));
    assertEquals(0, publicCentre.centre());
    assertFalse(publicCentre.initialisation().runs());
    assertFalse(publicCentre.summary().runs(), "a summary share of 0: no summary");
    assertEquals(3 - 3 * 0.05, publicCentre.lloyd(), 1e-15, "a stage that does not run spends nothing");
    BudgetAllocation paper = BudgetAllocation.paper(2, 1e-6);
    assertEquals(2, paper.lloyd());
    assertEquals(1e-6, paper.lloydDelta());
    assertFalse(paper.summary().runs(), "paper mode makes no private summary");

    BudgetAllocation selecting = BudgetAllocation.strict(3, 0, new BudgetAllocation.Shares(0.05, 0.05,
        InitShare.fixed(0.2), 0.05, 0.4), new BudgetAllocation.Stages(true, true, false, false, true));
    assertEquals(3 * 0.4, selecting.selection());
    assertTrue(selecting.lloyd() > 3 - 0.15 * 3 - 1.2 - 1e-12 && selecting.lloyd() < 3 - 0.15 * 3 - 1.2 + 1e-12);
    for (int candidates = 2; candidates <= 12; candidates++) {
      double each = selecting.perCandidate(candidates);
      assertTrue(new java.math.BigDecimal(each).multiply(java.math.BigDecimal.valueOf(candidates))
          .compareTo(new java.math.BigDecimal(selecting.selection())) <= 0, "together within the share");
      assertTrue(each > selecting.selection() / candidates * (1 - 1e-15), "and not less than needed");
    }
  }

  @Test
  void theRestIsWhatTheLedgerHasLeftAndSpendingItNeverOverspends() {
    SplittableRandom random = new SplittableRandom(41);
    for (int i = 0; i < 2_000; i++) {
      double epsilon = Math.exp(random.nextDouble(Math.log(1e-4), Math.log(1e6)));
      boolean initialisation = random.nextBoolean();
      BudgetAllocation.Stages stages = new BudgetAllocation.Stages(random.nextBoolean(), random.nextBoolean(),
          initialisation, initialisation && random.nextBoolean(), random.nextBoolean());
      double summary = random.nextBoolean() ? 0 : 0.1 * random.nextDouble() + 1e-3;
      InitShare init = random.nextBoolean() ? InitShare.auto() : InitShare.fixed(0.15 * random.nextDouble() + 1e-3);
      BudgetAllocation.Shares shares = new BudgetAllocation.Shares(0.2 * random.nextDouble() + 1e-3,
          0.2 * random.nextDouble() + 1e-3, init, summary, 0.15 * random.nextDouble() + 1e-3);
      BudgetAllocation a = random.nextBoolean() ? BudgetAllocation.strict(epsilon, 0, shares, stages)
          : BudgetAllocation.strict(epsilon, 0, shares, stages, new BudgetAllocation.Scale(
              Math.exp(random.nextDouble(0, 20)), 5, 7));
      PrivacyLedger ledger = PrivacyLedger.pure(epsilon);
      for (double spent : new double[] {a.centre(), a.histogram(), a.initialisation().spreads(),
          a.initialisation().tree(), a.initialisation().sums(), a.initialisation().tailCounts(),
          a.initialisation().tailPositions(), a.summary().sizes(), a.summary().cost(), a.selection()}) {
        if (spent > 0) {
          ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, spent));
        }
      }
      assertEquals(ledger.remainingEpsilon(), a.lloyd(), "the allocation's rest is the ledger's, to the bit");
      ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, a.lloyd()));
      assertTrue(ledger.totalEpsilon() <= epsilon);
    }
  }

  @Test
  void theSharesAreCheckedOnceWithMessagesThatNameThem() {
    IllegalArgumentException centre = assertThrows(IllegalArgumentException.class,
        () -> new BudgetAllocation.Shares(0, 0.05, InitShare.fixed(0.2), 0.05, 0.5));
    assertTrue(centre.getMessage().startsWith("budget-centre must be in (0, 1), got 0.0"), centre.getMessage());
    for (double bad : new double[] {-0.01, 1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException summary = assertThrows(IllegalArgumentException.class,
          () -> new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2), bad, 0.5));
      assertTrue(summary.getMessage().startsWith("budget-summary must be in [0, 1) (0: no summary), got " + bad),
          summary.getMessage());
    }
    IllegalArgumentException rest = assertThrows(IllegalArgumentException.class,
        () -> new BudgetAllocation.Shares(0.5, 0.3, InitShare.fixed(0.1), 0.2, 0.5));
    assertTrue(rest.getMessage().contains("budget-centre + budget-histogram + budget-summary must be < 1"),
        rest.getMessage());
    BudgetAllocation.Shares shares = new BudgetAllocation.Shares(0.5, 0.2, InitShare.fixed(0.3), 0.05, 0.5);
    IllegalArgumentException sum = assertThrows(IllegalArgumentException.class, () -> shares.require(true, false, false));
    assertTrue(sum.getMessage().contains("budget-centre + budget-histogram + budget-init + budget-summary must be < 1"
        + " with init private-coreset"), sum.getMessage());
    shares.require(false, false, false); // the coreset does not run: its share is not spent
    BudgetAllocation.Shares fits = new BudgetAllocation.Shares(0.5, 0.2, InitShare.fixed(0.2), 0.07, 0.5);
    fits.require(true, false, false);
    IllegalArgumentException tail = assertThrows(IllegalArgumentException.class, () -> fits.require(true, true, false));
    assertTrue(tail.getMessage().contains("budget-centre + budget-histogram + budget-init + 0.05 (the coreset's tail "
        + "axes) + budget-summary must be < 1 with init private-coreset"), tail.getMessage());
    IllegalArgumentException selection = assertThrows(IllegalArgumentException.class,
        () -> shares.require(false, false, true));
    assertTrue(selection.getMessage().contains("budget-centre + budget-histogram + budget-summary + budget-k-selection "
        + "must be < 1 with k candidates"), selection.getMessage());
  }

  @Test
  void theCellTreeTakesSixSplitsACoordinateAndAShallowTreeSharesWithTheSumsAsItsLevelsToD() {
    assertEquals(3, BudgetAllocation.CoresetShares.treeLevels(1));
    assertEquals(6, BudgetAllocation.CoresetShares.treeLevels(2));
    assertEquals(9, BudgetAllocation.CoresetShares.treeLevels(3));
    assertEquals(18, BudgetAllocation.CoresetShares.treeLevels(6));
    assertEquals(20, BudgetAllocation.CoresetShares.treeLevels(7), "21 levels would be deeper than the keys hold");
    assertEquals(20, BudgetAllocation.CoresetShares.treeLevels(Integer.MAX_VALUE));
    BudgetAllocation.Shares shares = new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.3), 0.05, 0.5);
    BudgetAllocation.Stages coreset = new BudgetAllocation.Stages(true, true, true, false, false);
    for (int d : new int[] {1, 2, 3}) {
      BudgetAllocation.CoresetShares at = BudgetAllocation.strict(1, 0, shares, coreset,
          new BudgetAllocation.Scale(10_000, 10, d)).initialisation();
      assertTrue(at.grid(), "d = " + d + ": a grid");
      assertEquals(3 * d, at.treeLevels(), "the grid's most levels, as a tree's");
      assertEquals(0.3 * (1 - 0.10), at.tree(), 1e-15, "the grid takes the tree's and the sums' 90 %");
      assertEquals(0, at.sums());
    }
    for (int d : new int[] {4, 5, 6}) { // n̂·ε/(k·d) = 1,000/d, 150 or more: below it the grid (the next test)
      BudgetAllocation.CoresetShares at = BudgetAllocation.strict(1, 0, shares, coreset,
          new BudgetAllocation.Scale(10_000, 10, d)).initialisation();
      int levels = at.treeLevels();
      assertEquals(3 * d, levels);
      // the count noise L/ε_tree equals the sums' d/ε_sums: τ, three times the larger, is as low as it can be
      assertEquals(levels / at.tree(), d / at.sums(), 1e-9 * d / at.sums(), "d = " + d);
      assertEquals(0.3 * (1 - 0.10), at.tree() + at.sums(), 1e-15);
      assertFalse(at.grid(), "d = " + d);
    }
    for (int d : new int[] {9, 20, 128}) {
      BudgetAllocation.CoresetShares at = BudgetAllocation.strict(1, 0, shares, coreset,
          new BudgetAllocation.Scale(10_000, 10, d)).initialisation();
      assertEquals(20, at.treeLevels());
      assertEquals(0.3 * 0.45, at.tree(), "a full-depth tree: 45 %, as the sums");
      assertEquals(0.3 * (1 - 0.10 - 0.45), at.sums());
    }
  }

  @Test
  void upToEightDimensionsTheCoresetCountsAGridWhereTheBudgetPerCentreIsLittle() {
    BudgetAllocation.Shares shares = new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.3), 0.05, 0.5);
    BudgetAllocation.Stages coreset = new BudgetAllocation.Stages(true, true, true, false, false);
    // n̂·ε/(k·d) = 1,000/d at ε = 1 (no k selection): 125 at d = 8, 143 at d = 7, 250 at d = 4
    for (int d : new int[] {4, 7, 8, 9}) {
      for (double epsilon : new double[] {1, 0.5}) {
        BudgetAllocation.CoresetShares at = BudgetAllocation.strict(epsilon, 0, shares, coreset,
            new BudgetAllocation.Scale(10_000, 10, d)).initialisation();
        double perCentre = 10_000 * epsilon / (10.0 * d);
        boolean grid = d <= 8 && perCentre < InitShare.Auto.SPARSE_BELOW;
        assertEquals(grid, at.grid(), "d = " + d + " at n̂·ε/(k·d) = " + perCentre);
        if (grid) {
          assertEquals(0.3 * epsilon * (1 - 0.10), at.tree(), 1e-15, "the grid takes the tree's and the sums' 90 %");
          assertEquals(0, at.sums());
        } else {
          assertEquals(Math.min(20, 3 * d), at.treeLevels(), "a tree, shallow in d <= 6");
          assertTrue(at.sums() > 0, "a tree's region sums");
        }
      }
    }
    assertTrue(BudgetAllocation.CoresetShares.countsAGrid(3, OptionalDouble.of(1e6)), "d <= 3 at any budget");
    assertTrue(BudgetAllocation.CoresetShares.countsAGrid(8, OptionalDouble.of(149.99)));
    assertFalse(BudgetAllocation.CoresetShares.countsAGrid(8, OptionalDouble.of(150)));
    assertFalse(BudgetAllocation.CoresetShares.countsAGrid(5, OptionalDouble.empty()), "no n̂: the tree");
    assertFalse(BudgetAllocation.CoresetShares.countsAGrid(9, OptionalDouble.of(1)));
    assertEquals(3, BudgetAllocation.CoresetShares.GRID_MAX_DIMENSION);
    assertEquals(8, BudgetAllocation.CoresetShares.SPARSE_GRID_MAX_DIMENSION);
  }

  @Test
  void aCoresetSharesRecordChecksItsLevels() {
    IllegalArgumentException deep = assertThrows(IllegalArgumentException.class,
        () -> new BudgetAllocation.CoresetShares(0.1, 0.1, 21, 0.1, 0, 0));
    assertTrue(deep.getMessage().contains("treeLevels must be in [0, 20], got 21"), deep.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> new BudgetAllocation.CoresetShares(0.1, 0.1, 0, 0.1, 0, 0));
    assertTrue(none.getMessage().contains("needs both its epsilon and its levels"), none.getMessage());
  }

  /** The cell tree's ε from an init ε at d = 10: a full-depth tree, 45 %. */
  private static double treeAtD10(double initEpsilon) {
    return initEpsilon * 0.45;
  }

  @Test
  void autoChoosesTheInitShareFromPointsPerClusterCoordinateAndChecksTheLargest() {
    BudgetAllocation.Shares auto = new BudgetAllocation.Shares(0.05, 0.05, InitShare.auto(), 0.05, 0.5);
    BudgetAllocation.Stages coreset = new BudgetAllocation.Stages(true, true, true, false, false);
    // n·ε/(k·d) = 29,000 · 0.5 / (10 · 10) = 145: sparse; 31,000: 155, dense
    assertEquals(treeAtD10(0.5 * 0.3), at(auto, coreset, 0.5, 29_000).initialisation().tree());
    assertEquals(treeAtD10(0.5 * 0.2), at(auto, coreset, 0.5, 31_000).initialisation().tree());
    assertEquals(0.5 * 0.2 * 0.45, BudgetAllocation.strict(0.5, 0, auto, coreset)
        .initialisation().tree(), "without n̂, the dense share");
    BudgetAllocation sparse = at(auto, coreset, 0.5, 29_000);
    BudgetAllocation dense = at(auto, coreset, 0.5, 31_000);
    assertEquals(sparse.centre(), dense.centre(), "the centre's ε does not depend on n̂");
    assertEquals(sparse.histogram(), dense.histogram(), "nor the histogram's");
    assertTrue(sparse.lloyd() < dense.lloyd(), "DP-Lloyd gets the rest");
    // a k selection's share is not the release's own: 0.5 of ε = 1 leaves 0.5, so 29,000 is sparse again
    BudgetAllocation.Stages selecting = new BudgetAllocation.Stages(true, true, true, false, true);
    assertEquals(treeAtD10(0.3), at(auto, selecting, 1, 29_000).initialisation().tree());
    assertEquals(treeAtD10(0.2), at(auto, coreset, 1, 29_000).initialisation().tree());
    assertEquals(treeAtD10(0.5 * 0.4), at(new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.4), 0.05, 0.5), coreset,
        0.5, 29_000).initialisation().tree(), "a given share is kept");

    // below 25 (n̂·ε/(k·d) = 4,900 · 0.5 / 100 = 24.5) the coreset does not run, nor its tail axes: DP-Lloyd gets it
    BudgetAllocation.Stages withTails = new BudgetAllocation.Stages(true, true, true, true, false);
    BudgetAllocation little = at(auto, withTails, 0.5, 4_900);
    assertEquals(BudgetAllocation.CoresetShares.NONE, little.initialisation());
    assertEquals(false, little.initialisation().runs());
    assertEquals(treeAtD10(0.5 * 0.3), at(auto, withTails, 0.5, 5_100).initialisation().tree(), "25.5: the coreset runs");
    assertTrue(at(auto, withTails, 0.5, 5_100).initialisation().tailAxes());
    assertTrue(little.lloyd() > at(auto, withTails, 0.5, 5_100).lloyd(), "DP-Lloyd takes the coreset's share");
    assertEquals(treeAtD10(0.5 * 0.4), at(new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.4), 0.05, 0.5),
        coreset, 0.5, 4_900).initialisation().tree(), "a given share runs the coreset at any budget");

    // the sum check runs before n̂ is known, with the largest share auto may choose
    BudgetAllocation.Shares tight = new BudgetAllocation.Shares(0.3, 0.3, InitShare.auto(), 0.15, 0.5);
    IllegalArgumentException sum = assertThrows(IllegalArgumentException.class, () -> tight.require(true, false, false));
    assertTrue(sum.getMessage().contains("budget-init (auto: up to 0.3) + budget-summary must be < 1 with init "
        + "private-coreset (DP-Lloyd needs the rest), got 1.05"), sum.getMessage());
    new BudgetAllocation.Shares(0.3, 0.3, InitShare.fixed(0.2), 0.15, 0.5).require(true, false, false);
  }

  @Test
  void budgetInitParsesAShareOrAutoAndNamesWhatItRefuses() {
    assertEquals(InitShare.auto(), InitShare.parse(" auto"));
    assertEquals(InitShare.fixed(0.25), InitShare.parse("0.25"));
    for (String bad : new String[] {"0", "1", "-0.1", "NaN", "Infinity", "quarter", ""}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InitShare.parse(bad));
      assertEquals("budget-init must be a share in (0, 1) or auto, got '" + bad + "'", e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InitShare.fixed(Double.NaN));
    assertEquals("budget-init must be in (0, 1) or auto, got NaN", e.getMessage());
  }

  private static BudgetAllocation at(BudgetAllocation.Shares shares, BudgetAllocation.Stages stages, double epsilon,
      double pointCount) {
    return BudgetAllocation.strict(epsilon, 0, shares, stages, new BudgetAllocation.Scale(pointCount, 10, 10));
  }

  /**
   * Where budget-init auto runs no coreset, a release on every point in d > 4 with n̂·ε/(4k) ≥ 100 and n̂·ε/(k·d) ≥ 5
   * gives a start in a random subspace its share, never beside a coreset, and DP-Lloyd the rest; a given init share, a
   * sampled release, or a budget outside that window gives it nothing.
   */
  @Test
  void aStartInASubspaceTakesItsShareOnlyWhereNoCoresetRuns() {
    BudgetAllocation.Shares auto = new BudgetAllocation.Shares(0.05, 0.05, InitShare.auto(), 0, 0.5);
    BudgetAllocation.Stages everyPoint = new BudgetAllocation.Stages(true, true, true, false, false, true);
    // n̂ = 10,000, k = 5, d = 128: n̂·ε/(k·d) = 15.6, n̂·ε/(4k) = 500
    BudgetAllocation in = BudgetAllocation.strict(1, 0, auto, everyPoint, new BudgetAllocation.Scale(10_000, 5, 128));
    assertEquals(InitShare.Auto.SUBSPACE_SHARE, in.subspace(), 0);
    assertEquals(0, in.initialisation().tree());
    assertEquals(1 - 0.05 - 0.05 - InitShare.Auto.SUBSPACE_SHARE, in.lloyd(), 1e-15);
    // a coreset (n̂·ε/(k·d) = 31), too little budget (3.9), too few dimensions, a sample, a given share: none
    for (BudgetAllocation out : new BudgetAllocation[] {
        BudgetAllocation.strict(1, 0, auto, everyPoint, new BudgetAllocation.Scale(20_000, 5, 128)),
        BudgetAllocation.strict(1, 0, auto, everyPoint, new BudgetAllocation.Scale(2_500, 5, 128)),
        BudgetAllocation.strict(1, 0, auto, everyPoint, new BudgetAllocation.Scale(500, 5, 4)),
        BudgetAllocation.strict(1, 0, auto, new BudgetAllocation.Stages(true, true, true, false, false),
            new BudgetAllocation.Scale(10_000, 5, 128)),
        BudgetAllocation.strict(1, 0, new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2), 0, 0.5),
            everyPoint, new BudgetAllocation.Scale(10_000, 5, 128))}) {
      assertEquals(0, out.subspace(), out.toString());
    }
  }
}
