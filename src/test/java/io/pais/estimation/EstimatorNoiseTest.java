package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.util.function.DoubleSupplier;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The noise of the strict-mode estimators has the stated law and scale: KS tests with p-value threshold 1e-3
 * (false-failure rate at most 1e-3 each; seeds fixed, so runs are deterministic), each paired with a check that
 * the same test rejects half the scale. Each release records its share and scales in the ledger.
 */
class EstimatorNoiseTest {
  private static final int N = 20_000;
  private static final double ALPHA = 1e-3;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();

  private static double[] draw(DoubleSupplier sample) {
    double[] out = new double[N];
    for (int i = 0; i < N; i++) {
      out[i] = sample.getAsDouble();
    }
    return out;
  }

  private static PrivacyLedger ledger() {
    return PrivacyLedger.pure(Double.POSITIVE_INFINITY);
  }

  @Test
  void centreSumNoiseIsGammaDRadiusWithScaleR0OverHalfEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(21).provider();
    int d = 3;
    double r0 = 4;
    double epsilon = 0.5;
    double beta = r0 / (epsilon / 2);
    long count = 1_000_000_000_000L; // the count noise changes the divisor by ~1e-12: negligible here
    double[] origin = {1, -2, 0.5};
    double[] radii = draw(() -> {
      double[] c = PrivateCentre.release(new double[d], count, origin, r0, Geometry.L2, epsilon, ledger(), rng).centre();
      double[] offset = {c[0] - origin[0], c[1] - origin[1], c[2] - origin[2]};
      return Geometry.L2.norm(offset) * count;
    });
    assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d, beta), radii) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d, beta / 2), radii) < ALPHA);
  }

  @Test
  void centreCountNoiseIsLaplaceTwoOverEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(22).provider();
    double epsilon = 0.8;
    long count = 1_000_000;
    double sum = 1000;
    double r0 = 1e-12; // the sum noise (scale R0/(eps/2)) is then far below the resolution of the divisor
    double[] xi = draw(() -> {
      double[] c = PrivateCentre.release(new double[] {sum}, count, new double[1], r0, Geometry.L1, epsilon, ledger(),
          rng).centre();
      return sum / c[0] - count;
    });
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 2 / epsilon), xi) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), xi) < ALPHA);
  }

  @Test
  void histogramCountsGetLaplaceOneOverEpsilon() {
    UniformRandomProvider rng = NoiseRandomness.seeded(23).provider();
    double epsilon = 0.3;
    long[] counts = new long[N];
    for (int i = 0; i < N; i++) {
      counts[i] = i % 17;
    }
    double[] noisy = PrivateNormHistogram.release(counts, 5, epsilon, ledger(), rng).noisyCounts();
    double[] noise = new double[N];
    for (int i = 0; i < N; i++) {
      noise[i] = noisy[i] - counts[i];
    }
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 1 / epsilon), noise) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(new LaplaceDistribution(0, 0.5 / epsilon), noise) < ALPHA);
  }

  /**
   * n̂ from the centre's count and the histogram combined: over 2,000 seeded releases of each at ε = 0.5 per stage,
   * the stated variances match the empirical ones (within 20 %: the sample variance of 2,000 Laplace draws has a
   * relative standard deviation of about 5 %, so a false failure needs four of them, false-failure rate below 1e-4
   * for each of the three checks) and the combination's mean squared error is the stated v₁v₂/(v₁ + v₂), far below
   * the histogram's own. Half the noise scale (a quarter of the variance) fails these checks, and so does a
   * combination weighted the wrong way round (it has the histogram's error).
   */
  @Test
  void theCombinedCountHasTheStatedVarianceAndBeatsTheHistogram() {
    UniformRandomProvider rng = NoiseRandomness.seeded(26).provider();
    double epsilon = 0.5;
    long n = 10_000;
    long[] counts = new long[130];
    counts[3] = n;
    int runs = 2_000;
    double centreError = 0;
    double histogramError = 0;
    double combinedError = 0;
    NoisyCount last = null;
    NoisyCount lastTotal = null;
    NoisyCount lastCombined = null;
    for (int i = 0; i < runs; i++) {
      NoisyCount centre = PrivateCentre.release(new double[1], n, new double[1], 1, Geometry.L2, epsilon, ledger(),
          rng).count();
      NoisyCount total = PrivateNormHistogram.release(counts, 5, epsilon, ledger(), rng).total();
      NoisyCount combined = total.combinedWith(centre);
      centreError += square(centre.value() - n);
      histogramError += square(total.value() - n);
      combinedError += square(combined.value() - n);
      last = centre;
      lastTotal = total;
      lastCombined = combined;
    }
    assertEquals(8 / (epsilon * epsilon), last.variance(), 1e-3 * last.variance());
    assertEquals(130 * 2 / (epsilon * epsilon), lastTotal.variance(), 1e-3 * lastTotal.variance());
    assertEquals(1, centreError / runs / last.variance(), 0.2);
    assertEquals(1, histogramError / runs / lastTotal.variance(), 0.2);
    assertEquals(1, combinedError / runs / lastCombined.variance(), 0.2);
    assertTrue(combinedError < histogramError / 20, combinedError + " against " + histogramError);
  }

  private static double square(double x) {
    return x * x;
  }

  @Test
  void aNoisyCountIsValidated() {
    var e = assertThrows(IllegalArgumentException.class,
        () -> new NoisyCount(5, Double.NaN));
    assertTrue(e.getMessage().contains("variance of a noisy count"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new NoisyCount(Double.POSITIVE_INFINITY, 1));
    assertThrows(IllegalArgumentException.class, () -> new NoisyCount(5, 0));
  }

  /**
   * The tail radius moves r up only for a tail whose projection would move the points by more than the weighted
   * noise of the larger radius: 100 bins on [0, 100], 10,000 points below 50 and 300 far out at 95. With a small
   * noise (e = 0.001) r rises to clear the tail; with e = 0.1 the noise outweighs it and r stays; without a tail r
   * never leaves the occupied bins (from the quantile's edge 49 at most to their top, 50). Noise scale 1e-3: the counts are exact for the test's purposes.
   */
  @Test
  void theTailRadiusRisesOnlyWhereTheTailOutweighsTheNoise() {
    UniformRandomProvider rng = NoiseRandomness.seeded(27).provider();
    long[] tail = new long[101];
    long[] noTail = new long[101];
    for (int i = 0; i < 50; i++) {
      tail[i] = 200;
      noTail[i] = 206;
    }
    tail[95] = 300;
    PrivateNormHistogram withTail = PrivateNormHistogram.release(tail, 100, 1000, ledger(), rng);
    PrivateNormHistogram without = PrivateNormHistogram.release(noTail, 100, 1000, ledger(), rng);
    double from = withTail.quantile(0.97);
    assertEquals(50.0, from); // the 300 far-out points are about 2.9 % of n
    assertEquals(96.0, withTail.tailAwareRadius(from, 10_300, 0.001));
    assertEquals(50.0, withTail.tailAwareRadius(from, 10_300, 0.1));
    assertEquals(49.0, without.quantile(0.97));
    assertEquals(50.0, without.tailAwareRadius(without.quantile(0.97), 10_300, 0.001));
    assertEquals(49.0, without.tailAwareRadius(without.quantile(0.97), 10_300, 0.1));
    assertThrows(IllegalArgumentException.class, () -> withTail.tailAwareRadius(from, 10_300, Double.NaN));
  }

  /**
   * At small ε the empty bins beyond the bulk hold noise only, and a noise term that is small (e = 0.001) would let
   * their positive noise pull r far up; a bin counts toward the tail only when its noisy count clears b·ln(20·bins),
   * which all 50 empty bins together do with probability at most 1/40 — so r stays at the bulk's edge, while a real tail
   * of 2,000 points (about 14 noise scales above the threshold) still raises it.
   */
  @Test
  void noiseInEmptyFarOutBinsDoesNotRaiseTheTailRadius() {
    UniformRandomProvider rng = NoiseRandomness.seeded(31).provider();
    long[] bulk = new long[101];
    long[] withTail = new long[101];
    for (int i = 0; i < 50; i++) {
      bulk[i] = 2000;
      withTail[i] = 2000;
    }
    withTail[95] = 2000;
    double epsilon = 0.05; // b = 20 a bin, the threshold about 152
    PrivateNormHistogram noisyBulk = PrivateNormHistogram.release(bulk, 100, epsilon, ledger(), rng);
    double from = noisyBulk.quantile(0.97);
    assertTrue(from <= 50, "the quantile lies in the bulk: " + from);
    double r = noisyBulk.tailAwareRadius(from, 100_000, 0.001);
    assertTrue(r <= 50, "r stays at the bulk's edge (without the threshold the noise takes it to 96): " + r);
    PrivateNormHistogram noisyTail = PrivateNormHistogram.release(withTail, 100, epsilon, ledger(), rng);
    assertEquals(96.0, noisyTail.tailAwareRadius(noisyTail.quantile(0.97), 102_000, 0.001));
  }

  /**
   * r̂ is at least the histogram's range over 4 where the noise of the cumulative count up to that edge is at least the
   * (1 − q)·n̂ points the quantile leaves beyond r̂: 128 bins on [0, 128] (the floor is the edge 32), 300 points in the
   * first bin at ε = 0.05 (Laplace scale 20 a bin: the cumulative count's deviation at the floor is 160, against 7.5
   * points). Across 50 seeds r̂ is never below the floor and otherwise the quantile's own edge (the quantile alone is
   * below it in at least 10 of them). With n̂ = 100,000 (2,500 points beyond r̂) or ε = 1 (deviation 8) the histogram
   * places the quantile, and r̂ stays at it.
   */
  @Test
  void aRadiusTheNoiseCannotPlaceBelowAQuarterOfTheRangeIsRaisedToIt() {
    assertEquals(4, PrivateNormHistogram.RADIUS_FLOOR_DIVISOR, "the edges below are a quarter of the range");
    long[] few = new long[129];
    few[0] = 300;
    int raised = 0;
    for (int seed = 0; seed < 50; seed++) {
      PrivateNormHistogram h = PrivateNormHistogram.release(few, 128, 0.05, ledger(),
          NoiseRandomness.seeded(100 + seed).provider());
      double quantile = h.quantile(0.975);
      assertEquals(Math.max(32.0, quantile), h.radius(0.975, 300), "seed " + seed);
      assertEquals(quantile, h.radius(0.975, 100_000), "seed " + seed);
      raised += quantile < 32 ? 1 : 0;
    }
    assertTrue(raised >= 10, "the quantile falls below the floor in " + raised + " of 50 seeds");
    long[] many = new long[129];
    many[0] = 1_000_000;
    PrivateNormHistogram placed = PrivateNormHistogram.release(many, 128, 1, ledger(),
        NoiseRandomness.seeded(99).provider());
    assertEquals(1.0, placed.radius(0.975, 1_000_000));
    // 10 bins: the floor is the third bin's edge (the range over 4, up to a bin edge)
    long[] tenBins = new long[11];
    tenBins[0] = 300;
    PrivateNormHistogram coarse = PrivateNormHistogram.release(tenBins, 10, 0.05, ledger(),
        NoiseRandomness.seeded(98).provider());
    assertEquals(Math.max(3.0, coarse.quantile(0.975)), coarse.radius(0.975, 300));
    assertThrows(IllegalArgumentException.class, () -> coarse.radius(0.975, Double.NaN));
  }

  @Test
  void eachReleaseRecordsItsShareAndScales() {
    UniformRandomProvider rng = NoiseRandomness.seeded(24).provider();
    PrivacyLedger ledger = PrivacyLedger.pure(1.0);
    PrivateCentre.release(new double[2], 10, new double[2], 3, Geometry.L2, 0.2, ledger, rng);
    PrivateNormHistogram.release(new long[] {5, 5, 0}, 6, 0.1, ledger, rng);
    LedgerEntry centre = ledger.entries().get(0);
    LedgerEntry histogram = ledger.entries().get(1);
    assertEquals("centre", centre.stage().label());
    assertEquals(0.2, centre.epsilon());
    assertTrue(centre.noiseScale().contains("sum: 30.0000; count: 10.0000"), centre.noiseScale());
    assertEquals("norm histogram", histogram.stage().label());
    assertTrue(histogram.noiseScale().startsWith("10.0000 per bin"), histogram.noiseScale());
    assertEquals(0.7, ledger.remainingEpsilon(), 1e-15);
  }

  @Test
  void postProcessingOfTheNoisyHistogram() {
    UniformRandomProvider rng = NoiseRandomness.seeded(25).provider();
    // 10 bins on [0, 10] and an overflow bin; huge counts make the noise (scale 1e-3) irrelevant
    long[] counts = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 0};
    PrivateNormHistogram h = PrivateNormHistogram.release(counts, 10, 1000, ledger(), rng);
    assertEquals(10_000, h.count(), 0.1);
    assertEquals(5.0, h.quantile(0.45));
    assertEquals(10.0, h.quantile(0.975));
    // projected onto r = 5: five bins at their upper edges, the other half at 5
    var projected = h.projectedOnto(5, false, h.count());
    assertEquals(10_000, projected.count());
    double meanSquare = (1000 * (1 + 4 + 9 + 16) + 6000 * 25) / 10_000.0;
    assertEquals(meanSquare, PrivateNormHistogram.meanNormStatistic(projected, Geometry.L2), 1e-4);
    // dropped beyond r = 5 (a bin edge): the five bins below it; r = 5.5: and the bin that holds it, at 5.5
    assertEquals(5000, h.projectedOnto(5, true, h.count()).count());
    assertEquals(6000, h.projectedOnto(5.5, true, h.count()).count());
    // scaled to a combined n̂ of 12,000: the same shape (and statistic), with dropping the same kept share
    var scaled = h.projectedOnto(5, false, 12_000);
    assertEquals(12_000, scaled.count());
    assertEquals(meanSquare, PrivateNormHistogram.meanNormStatistic(scaled, Geometry.L2), 1e-4);
    assertEquals(6000, h.projectedOnto(5, true, 12_000).count());
    assertEquals(4, PrivateNormHistogram.bin(4.5, 10, 10));
    assertEquals(10, PrivateNormHistogram.bin(10.5, 10, 10));
    assertEquals(9, PrivateNormHistogram.bin(10, 10, 10));
  }

  @Test
  void theClampedNoiseOfEmptyBinsDoesNotInflateTheCount() {
    // 1,000 points in the first bin of 128, the rest empty, at a per-bin noise scale of 40: the positive halves of
    // the empty bins' noise add about 127 · 20 to the bins below r, far more than the tail beyond it
    long[] counts = new long[129];
    counts[0] = 1000;
    counts[100] = 20; // the tail
    int inflated = 0;
    for (int seed = 0; seed < 20; seed++) {
      PrivateNormHistogram h = PrivateNormHistogram.release(counts, 128, 1 / 40.0, ledger(), NoiseRandomness
          .seeded(seed).provider());
      double below = 0;
      for (int i = 0; i < 100; i++) {
        below += Math.max(0, h.noisyCounts()[i]);
      }
      inflated += below > h.count() ? 1 : 0;
      // projected onto r = 100 (a bin edge): exactly the combined count; dropped beyond it: at most that count
      assertEquals(1020, h.projectedOnto(100, false, 1020).count(), "seed " + seed);
      assertTrue(h.projectedOnto(100, true, 1020).count() <= 1020, "seed " + seed);
      assertTrue(h.projectedOnto(50.5, true, 1020).count() <= 1020, "seed " + seed);
    }
    // the case the cap is for: the clamped bins below r outweigh the histogram's own n̂ (most seeds)
    assertTrue(inflated >= 10, inflated + " of 20 seeds");
  }
}
