package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.PrivacyLedger;
import io.pais.audit.PrivacyAuditor;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The strict-mode estimators audited as released (lattice noise, their own ledger entries): the DP centre on ten
 * points at the origin against the same plus one at the clip radius, and the DP norm histogram with one bin one
 * higher. Each claimed ε survives {@link PrivacyAuditor}'s lower bound (false-failure rate 1e-3 per audit, fixed
 * seeds), and the lower bound is a real fraction of it, so the audit is not vacuous.
 */
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
}
