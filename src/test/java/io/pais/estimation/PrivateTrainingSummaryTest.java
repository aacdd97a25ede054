package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.accounting.BudgetAllocation.SummaryShares;
import io.pais.accounting.Composition;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.accounting.TrainingSummary;
import io.pais.noise.NoiseRandomness;
import io.pais.sampling.UniformScheme;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The private training summary's noise has the stated law and scale: KS tests with p-value threshold 1e-3
 * (false-failure rate at most 1e-3 each; seeds fixed, so runs are deterministic), each paired with a check that the
 * same test rejects half the scale. The ledger records both mechanisms within the summary's share, and the cap on a
 * point's term holds for every point within r.
 */
class PrivateTrainingSummaryTest {
  private static final int N = 20_000;
  private static final double ALPHA = 1e-3;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();

  /** The summary's shares of a release at ε with a summary share of {@code share}. */
  private static SummaryShares shares(double epsilon, double share) {
    return BudgetAllocation.strict(epsilon, 0, new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2), share,
        0.5), new BudgetAllocation.Stages(true, true, false, false, false)).summary();
  }

  @Test
  void sizesGetLaplaceOfTheRelationsSensitivityOverTheirEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(71).provider();
    SummaryShares epsilon = shares(2, 0.1); // 0.1 for the sizes
    double[] exact = new double[N];
    for (int j = 0; j < N; j++) {
      exact[j] = 1_000_000 + j; // far from 0: the clamp never acts
    }
    TrainingSummary pure = PrivateTrainingSummary.release(exact, 10, 1, epsilon, PrivacyLedger.pure(2), rng);
    double[] noise = noise(pure, exact);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon.sizes()), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 0.5 / epsilon.sizes()), noise) < ALPHA);
    assertEquals(1 / epsilon.sizes(), pure.sizeNoiseScale());

    // substitution (the fixed-size schemes): a point leaves one cluster and joins another
    PrivacyLedger substitution = new PrivacyLedger(2, 1e-6, Composition.BASIC, Relation.of(UniformScheme.WOR));
    TrainingSummary swapped = PrivateTrainingSummary.release(exact, 10, 1, epsilon, substitution, rng);
    noise = noise(swapped, exact);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 2 / epsilon.sizes()), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon.sizes()), noise) < ALPHA);
  }

  private static double[] noise(TrainingSummary summary, double[] exact) {
    double[] noise = new double[exact.length];
    for (int j = 0; j < exact.length; j++) {
      noise[j] = summary.clusterSizes().get(j) - exact[j];
    }
    return noise;
  }

  @Test
  void theCostGetsLaplaceOfTheCapOverItsEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(72).provider();
    SummaryShares epsilon = shares(1, 0.06); // 0.03 for the cost
    double cap = 7.25;
    double exact = 1e6 * cap;
    double[] noise = new double[N];
    for (int i = 0; i < N; i++) {
      noise[i] = PrivateTrainingSummary.release(new double[] {1, 2}, exact, cap, epsilon, PrivacyLedger.pure(1), rng)
          .trainingCost() - exact;
    }
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, cap / epsilon.cost()), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 0.5 * cap / epsilon.cost()), noise) < ALPHA);
  }

  @Test
  void theLedgerRecordsBothMechanismsWithinTheShareAndTheSummaryStatesItsScales() {
    UniformRandomProvider rng = NoiseRandomness.seeded(73).provider();
    SummaryShares epsilon = shares(3, 0.05);
    PrivacyLedger ledger = PrivacyLedger.pure(3);
    TrainingSummary s = PrivateTrainingSummary.release(new double[] {0, 0, 0}, 0, 4, epsilon, ledger, rng);
    LedgerEntry sizes = ledger.entries().get(0);
    LedgerEntry cost = ledger.entries().get(1);
    assertEquals("summary: sizes", sizes.stage().label());
    assertEquals("summary: cost", cost.stage().label());
    assertEquals(epsilon.sizes(), sizes.epsilon());
    assertEquals(epsilon.cost(), cost.epsilon());
    assertTrue(sizes.epsilon() + cost.epsilon() <= 3 * 0.05 + 1e-15);
    assertTrue(s.epsilon() >= sizes.epsilon() + cost.epsilon(), "the summary's epsilon is an upper bound");
    assertEquals(4 / epsilon.cost(), s.costNoiseScale(), 1e-12);
    assertEquals(Math.sqrt(2) / epsilon.sizes(), s.sizeStandardDeviation(), 1e-12);
    s.clusterSizes().forEach(size -> assertTrue(size >= 0, "clamped at 0: " + size));
    assertTrue(s.trainingCost() >= 0);
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> PrivateTrainingSummary.release(new double[] {1}, 1, 1, shares(3, 0), PrivacyLedger.pure(3), rng));
    assertTrue(none.getMessage().contains("share of epsilon"), none.getMessage());
  }

  @Test
  void theCapBoundsEveryPointWithinRToItsNearestCentre() {
    SplittableRandom random = new SplittableRandom(74);
    for (int trial = 0; trial < 2_000; trial++) {
      int d = 1 + random.nextInt(6);
      int k = 1 + random.nextInt(5);
      double r = Math.exp(random.nextDouble(-5, 5));
      double[] centres = new double[k * d];
      for (int i = 0; i < centres.length; i++) {
        centres[i] = r * random.nextDouble(-1, 1);
      }
      double cap = PrivateTrainingSummary.costCap(r, centres, k);
      double[] x = new double[d];
      double norm = 0;
      for (int t = 0; t < d; t++) {
        x[t] = random.nextGaussian();
        norm += x[t] * x[t];
      }
      norm = Math.sqrt(norm);
      double nearest = Double.POSITIVE_INFINITY;
      for (int j = 0; j < k; j++) {
        double sq = 0;
        for (int t = 0; t < d; t++) {
          double v = x[t] / norm * r - centres[j * d + t]; // a point on the sphere of radius r
          sq += v * v;
        }
        nearest = Math.min(nearest, sq);
      }
      assertTrue(nearest <= cap, "distance^2 " + nearest + " above the cap " + cap);
    }
    assertEquals(Math.nextUp(Math.nextUp(2.0 + 1.0) * Math.nextUp(2.0 + 1.0)),
        PrivateTrainingSummary.costCap(2, new double[] {3, 4, 0, 1}, 2), "(r + the least centre norm)^2");
  }
}
