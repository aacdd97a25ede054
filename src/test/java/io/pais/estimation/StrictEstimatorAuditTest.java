package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.accounting.Composition;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.accounting.TrainingSummary;
import io.pais.sampling.UniformScheme;
import io.pais.audit.PrivacyAuditor;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The strict-mode estimators audited as released (lattice noise, their own ledger entries): the DP centre on ten
 * points at the origin against the same plus one at the clip radius, the DP norm histogram with one bin one
 * higher, and the private training summary's sizes (one point more; one point moved between clusters under
 * substitution) and cost (one point more at the cap). Each claimed ε survives {@link PrivacyAuditor}'s lower bound (false-failure rate 1e-3 per audit, fixed
 * seeds), and the lower bound is a real fraction of it, so the audit is not vacuous.
 */
@Tag("audit")
class StrictEstimatorAuditTest {
  private static final double ALPHA = 1e-3;
  private static final int SAMPLES = 200_000;
  private static final double EPSILON = 1;

  @Test
  void dpCentre() {
    double clipRadius = 2;
    UniformRandomProvider rng = NoiseRandomness.seeded(61).provider();
    double[] origin = {0, 0};
    DoubleSupplier onD = () -> PrivateCentre.release(new double[] {0, 0}, 10, origin, clipRadius, Geometry.L2,
        EPSILON, PrivacyLedger.pure(EPSILON), rng).centre()[0];
    DoubleSupplier onNeighbour = () -> PrivateCentre.release(new double[] {clipRadius, 0}, 11, origin, clipRadius,
        Geometry.L2, EPSILON, PrivacyLedger.pure(EPSILON), rng).centre()[0];
    PrivacyAuditor.Result r = PrivacyAuditor.audit(onD, onNeighbour, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= EPSILON, "claimed " + EPSILON + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.3 * EPSILON, "claimed " + EPSILON + ", " + r);
  }

  @Test
  void dpNormHistogram() {
    UniformRandomProvider rng = NoiseRandomness.seeded(62).provider();
    long[] counts = {5, 3, 0, 1};
    long[] plusOne = {5, 4, 0, 1};
    DoubleSupplier onD = () -> PrivateNormHistogram.release(counts, 3, EPSILON, PrivacyLedger.pure(EPSILON), rng)
        .noisyCounts()[1];
    DoubleSupplier onNeighbour = () -> PrivateNormHistogram.release(plusOne, 3, EPSILON,
        PrivacyLedger.pure(EPSILON), rng).noisyCounts()[1];
    PrivacyAuditor.Result r = PrivacyAuditor.audit(onD, onNeighbour, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= EPSILON, "claimed " + EPSILON + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.7 * EPSILON, "claimed " + EPSILON + ", " + r);
  }

  @Test
  void trainingSummarySizes() {
    UniformRandomProvider rng = NoiseRandomness.seeded(63).provider();
    BudgetAllocation.SummaryShares shares = summaryShares();
    DoubleSupplier onD = () -> PrivateTrainingSummary.release(new double[] {5, 3}, 4, 1, shares,
        PrivacyLedger.pure(EPSILON), rng).clusterSizes().get(1);
    DoubleSupplier onNeighbour = () -> PrivateTrainingSummary.release(new double[] {5, 4}, 4, 1, shares,
        PrivacyLedger.pure(EPSILON), rng).clusterSizes().get(1);
    PrivacyAuditor.Result r = PrivacyAuditor.audit(onD, onNeighbour, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= shares.sizes(), "claimed " + shares.sizes() + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.7 * shares.sizes(), "claimed " + shares.sizes() + ", " + r);

    // substitution: one point leaves cluster 0 and joins cluster 1; the difference of the two sizes sees both
    DoubleSupplier swapD = () -> difference(PrivateTrainingSummary.release(new double[] {5, 3}, 4, 1, shares,
        substitution(), rng));
    DoubleSupplier swapNeighbour = () -> difference(PrivateTrainingSummary.release(new double[] {4, 4}, 4, 1, shares,
        substitution(), rng));
    r = PrivacyAuditor.audit(swapD, swapNeighbour, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= shares.sizes(), "claimed " + shares.sizes() + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.5 * shares.sizes(), "claimed " + shares.sizes() + ", " + r);
  }

  @Test
  void trainingSummaryCost() {
    UniformRandomProvider rng = NoiseRandomness.seeded(64).provider();
    BudgetAllocation.SummaryShares shares = summaryShares();
    double cap = 2.5;
    DoubleSupplier onD = () -> PrivateTrainingSummary.release(new double[] {5, 3}, 10, cap, shares,
        PrivacyLedger.pure(EPSILON), rng).trainingCost();
    DoubleSupplier onNeighbour = () -> PrivateTrainingSummary.release(new double[] {5, 4}, 10 + cap, cap, shares,
        PrivacyLedger.pure(EPSILON), rng).trainingCost();
    PrivacyAuditor.Result r = PrivacyAuditor.audit(onD, onNeighbour, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= shares.cost(), "claimed " + shares.cost() + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.7 * shares.cost(), "claimed " + shares.cost() + ", " + r);
  }

  /** The summary's shares of a release at ε = 1 with the whole of it for the summary but for the other stages. */
  private static BudgetAllocation.SummaryShares summaryShares() {
    return BudgetAllocation.strict(EPSILON, 0, new BudgetAllocation.Shares(0.01, 0.01, InitShare.fixed(0.01), 0.9, 0.5),
        new BudgetAllocation.Stages(false, false, false, false, false)).summary();
  }

  private static PrivacyLedger substitution() {
    return new PrivacyLedger(EPSILON, 1e-6, Composition.BASIC, Relation.of(UniformScheme.WOR));
  }

  private static double difference(TrainingSummary summary) {
    return summary.clusterSizes().get(1) - summary.clusterSizes().get(0);
  }
}
