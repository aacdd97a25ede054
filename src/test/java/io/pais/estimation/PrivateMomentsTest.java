package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.audit.PrivacyAuditor;
import io.pais.noise.NoiseRandomness;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The private scaler's mechanism ({@link PrivateMoments}, issue 50): its shares and ledger, its noise scales (KS
 * against the Laplace laws it claims, with half the scale rejected), its post-processing, and an audit of the
 * three mechanisms together that half the noise fails.
 */
class PrivateMomentsTest {
  private static final double[] LOWER = {-2, 10, 5};
  private static final double[] UPPER = {2, 30, 5};

  @Test
  void theThreeEntriesComposeToTheScalersEpsilonAtMostAndTheSharesFollowTheSensitivities() {
    for (int d : new int[] {1, 3, 50}) {
      double[] shares = PrivateMoments.shares(d, true);
      assertEquals(1, shares[0] + shares[1] + shares[2], 1e-12);
      assertEquals(Math.cbrt(d * (double) d), shares[1] / shares[0], 1e-9);
      assertEquals(Math.cbrt(d * (double) d / 4), shares[2] / shares[0], 1e-9);
    }
    for (double epsilon : new double[] {0.1, 1.0 / 3, 0.7, 5}) {
      PrivacyLedger ledger = PrivacyLedger.pure(epsilon);
      BoxMoments m = new BoxMoments(LOWER, UPPER).add(new double[] {1, 20, 5}).add(new double[] {-3, 12, 5});
      PrivateMoments.release(m, true, ledger, NoiseRandomness.seeded(3).provider());
      List<LedgerEntry> entries = ledger.entries();
      assertEquals(List.of(LedgerStage.SCALER_COUNT, LedgerStage.SCALER_SUMS, LedgerStage.SCALER_SQUARES),
          entries.stream().map(LedgerEntry::stage).toList());
      BigDecimal total = BigDecimal.ZERO;
      for (LedgerEntry e : entries) {
        total = total.add(new BigDecimal(e.epsilon()));
      }
      assertTrue(total.compareTo(new BigDecimal(epsilon)) <= 0, "the exact sum " + total + " is at most " + epsilon);
      assertEquals(epsilon, ledger.totalEpsilon(), epsilon * 1e-15);
    }
    // without deviations the count and the sums take it all
    PrivacyLedger means = PrivacyLedger.pure(1);
    PrivateMoments.Estimate e = PrivateMoments.release(new BoxMoments(LOWER, UPPER).add(new double[] {0, 20, 5}),
        false, means, NoiseRandomness.seeded(4).provider());
    assertEquals(2, means.entries().size());
    assertEquals(0, e.deviation().length);
  }

  @Test
  void pointsAreClampedIntoTheBoxAndMappedToItsUnits() {
    BoxMoments m = new BoxMoments(LOWER, UPPER);
    assertEquals(1, m.unit(7, 0)); // beyond the box: its face
    assertEquals(-1, m.unit(-9, 0));
    assertEquals(0.5, m.unit(25, 1), 1e-15);
    assertEquals(0, m.unit(123, 2)); // a coordinate of width 0
    m.add(new double[] {7, 25, 123});
    assertArrayEquals(new double[] {1, 0.5, 0}, m.sums(), 1e-15);
    assertArrayEquals(new double[] {0.5, -0.25, -0.5}, m.centredSquares(), 1e-15);
    IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> m.add(new double[] {1, 2}));
    assertTrue(wrong.getMessage().contains("dimension 2 where the box has 3"), wrong.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BoxMoments(new double[] {1}, new double[] {0}));
    assertThrows(IllegalArgumentException.class, () -> new BoxMoments(new double[] {Double.NaN}, new double[] {0}));
  }

  @Test
  void withAlmostNoNoiseTheMomentsAreTheClampedDatas() {
    BoxMoments m = new BoxMoments(LOWER, UPPER);
    double[][] points = {{1, 12, 5}, {-1, 14, 5}, {0.5, 22, 5}, {1.5, 28, 5}};
    for (double[] x : points) {
      m.add(x);
    }
    PrivateMoments.Estimate e = PrivateMoments.release(m, true, PrivacyLedger.pure(1e6),
        NoiseRandomness.seeded(5).provider());
    assertArrayEquals(new double[] {0.5, 19, 5}, e.mean(), 1e-3);
    double sd0 = Math.sqrt((0.25 + 2.25 + 0 + 1) / 4);
    double sd1 = Math.sqrt((49 + 25 + 9 + 81) / 4.0);
    assertArrayEquals(new double[] {sd0, sd1, 0}, e.deviation(), 1e-3);
    assertEquals(4, e.count(), 1e-3);
  }

  /** The raw noisy statistics, recovered from a release at a count so large that no clamp binds. */
  private record Raw(double count, double sum, double square) {}

  private static Raw raw(BoxMoments m, double epsilon, UniformRandomProvider rng) {
    PrivateMoments.Estimate e = PrivateMoments.release(m, true, PrivacyLedger.pure(epsilon), rng);
    double n = e.count();
    double meanUnits = (e.mean()[0] - m.midpoint(0)) / m.halfWidth(0);
    double varianceUnits = Math.pow(e.deviation()[0] / m.halfWidth(0), 2);
    return new Raw(n, meanUnits * n, (varianceUnits + meanUnits * meanUnits) * n - n / 2);
  }

  /**
   * The noise of each of the three statistics is Laplace at Δ/ε_i (KS at α = 1e-3 each, so a correct mechanism
   * fails one of the three checks with probability below 0.3 %); the same draws reject half the scale.
   */
  @Test
  void eachStatisticsNoiseIsLaplaceAtItsSensitivityOverItsShare() {
    int d = 1;
    double epsilon = 0.5;
    long n = 1_000_000_000L;
    BoxMoments m = BoxMoments.ofTotals(new double[] {-1}, new double[] {1}, n, new double[] {0},
        new double[] {-0.25 * n});
    double[] shares = PrivateMoments.shares(d, true);
    int draws = 4_000;
    double[] counts = new double[draws];
    double[] sums = new double[draws];
    double[] squares = new double[draws];
    UniformRandomProvider rng = NoiseRandomness.seeded(17).provider();
    for (int i = 0; i < draws; i++) {
      Raw r = raw(m, epsilon, rng);
      counts[i] = r.count() - n;
      sums[i] = r.sum();
      squares[i] = r.square() + 0.25 * n;
    }
    double[] scales = {1 / (epsilon * shares[0]), d / (epsilon * shares[1]), d / 2.0 / (epsilon * shares[2])};
    double[][] noise = {counts, sums, squares};
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    for (int s = 0; s < 3; s++) {
      double p = ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, scales[s]), noise[s]);
      assertTrue(p > 1e-3, "statistic " + s + " at scale " + scales[s] + ": p = " + p);
      double half = ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, scales[s] / 2), noise[s]);
      assertTrue(half < 1e-6, "statistic " + s + " at half the scale: p = " + half);
    }
  }

  /** D: 60 points at ±0.5 (units); D′: the same and one point at the box's upper corner. */
  private static BoxMoments neighbour(boolean withExtra) {
    BoxMoments m = new BoxMoments(new double[] {-1}, new double[] {1});
    for (int i = 0; i < 60; i++) {
      m.add(new double[] {i % 2 == 0 ? 0.5 : -0.5});
    }
    return withExtra ? m.add(new double[] {1}) : m;
  }

  /**
   * The privacy loss of a release under the claimed scales, from the raw statistics recovered from it: the most
   * powerful statistic for telling D from D′ (any statistic is post-processing, so a correct mechanism passes).
   */
  private static DoubleSupplier losses(boolean onNeighbour, double claimed, double runAt, long seed) {
    BoxMoments d = neighbour(false);
    BoxMoments dPrime = neighbour(true);
    double[] shares = PrivateMoments.shares(1, true);
    double bc = 1 / (claimed * shares[0]);
    double bs = 1 / (claimed * shares[1]);
    double bq = 0.5 / (claimed * shares[2]);
    UniformRandomProvider rng = NoiseRandomness.seeded(seed).provider();
    BoxMoments source = onNeighbour ? dPrime : d;
    return () -> {
      Raw r = raw(source, runAt, rng);
      return (Math.abs(r.count() - 61) - Math.abs(r.count() - 60)) / bc
          + (Math.abs(r.sum() - 1) - Math.abs(r.sum())) / bs
          + (Math.abs(r.square() + 15 - 0.5) - Math.abs(r.square() + 15)) / bq;
    };
  }

  /**
   * The scaler meets its ε (α = 1e-3: a correct mechanism fails with probability at most 0.1 %), and a scaler that
   * draws half the noise while claiming the same ε is caught.
   */
  @Test
  void theScalerMeetsItsEpsilonAndHalfTheNoiseIsCaught() {
    double epsilon = 1;
    PrivacyAuditor.Result r = PrivacyAuditor.audit(losses(false, epsilon, epsilon, 101),
        losses(true, epsilon, epsilon, 103), 100_000, 1e-3);
    assertTrue(r.epsilonLowerBound() <= epsilon, "the scaler leaks more than it claims: " + r);
    assertTrue(r.epsilonLowerBound() > 0.6 * epsilon, "the audit has power: " + r);
    PrivacyAuditor.Result half = PrivacyAuditor.audit(losses(false, epsilon, 2 * epsilon, 107),
        losses(true, epsilon, 2 * epsilon, 109), 100_000, 1e-3);
    assertTrue(half.epsilonLowerBound() > epsilon, "half the noise claiming epsilon " + epsilon + " is caught: "
        + half);
  }
}
