package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.Composition;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.lloyd.SampleBlock;
import io.pais.noise.NoiseRandomness;
import io.pais.sampling.UniformScheme;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The tail axes: the bands beyond r (signed dominant axis × octave of norms from r), their noisy counts, and the pool
 * points of the heavy ones at their noisy mean norms on the signed axis.
 */
class PrivateTailAxesTest {
  /** 16 bins on [0, 16]: bin i holds norms in [i, i + 1), bin 16 the overflow. */
  private static final int BINS = 16;
  private static final double UPPER = 16;
  private static final int D = 3;

  private static PrivateTailAxes.AxisCounts counts(int[][] entries) {
    PrivateTailAxes.AxisCounts counts = PrivateTailAxes.AxisCounts.empty(D, BINS, UPPER);
    for (int[] e : entries) {
      for (int i = 0; i < e[2]; i++) {
        counts.add(e[0], e[1]);
      }
    }
    return counts;
  }

  private static UniformRandomProvider rng(long seed) {
    return NoiseRandomness.seeded(seed).provider();
  }

  @Test
  void heavyBandsBecomePoolPointsAtTheirMeanNormOnTheSignedAxis() {
    // r = 2 (bin edge 2): octaves [2, 4), [4, 8), [8, 16] (with the overflow bin)
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {
        {2, 5, 5_000}, // axis 1, positive, norm in [5, 6): octave [4, 8)
        {2, 7, 1_000}, // the same band
        {5, 9, 3_000}, // axis 2, negative, [9, 10): octave [8, 16]
        {5, 16, 500}, // the overflow bin joins the last octave
        {0, 1, 90_000}, // inside r: no band
        {3, 3, 20}}); // axis 1 negative in [2, 4): under the threshold τ = 20·ln(1800) ≈ 150
    PrivacyLedger ledger = PrivacyLedger.pure(10);
    SampleBlock pool = PrivateTailAxes.release(exact, 2, 0.05, 0.05, 0.5, ledger, rng(1));
    assertEquals(2, pool.rows(), "two heavy bands");
    double[] row = new double[D];
    pool.copyRow(0, row, 0);
    assertEquals(0, row[0]);
    // offsets from bin 4: (5,000·1 + 1,000·3)/6,000, at the middle of the bin: 4 + 1.333 + 0.5; the offsets' noise
    // has scale 4·20 = 80 over 6,000 points (within 20 scales: a false failure has probability e^(−20))
    assertEquals(5.8333, row[1], 20 * 80 / 6_000.0 + 0.01, "axis 1 at its mean norm");
    assertEquals(0, row[2]);
    // within 20 noise scales (20 = 1/ε)
    assertEquals(6_000 * 0.5, pool.weights()[0], 0.5 * 20 * 20, "the noisy count times the weight scale");
    pool.copyRow(1, row, 0);
    // (3,000·1 + 500·8)/3,500 = 2 bins above 8; scale 8·20 = 160 over 3,500 points
    assertEquals(-10.5, row[2], 20 * 160 / 3_500.0 + 0.01, "axis 2, negative, at its mean norm");
    assertEquals(3_500 * 0.5, pool.weights()[1], 0.5 * 20 * 20);

    LedgerEntry entry = ledger.entries().get(0);
    assertEquals(LedgerStage.INIT_TAIL_AXES, entry.stage());
    assertEquals(0.05, entry.epsilon());
    // 2d signed axes x 3 octaves = 18 bands; τ = (1/ε) ln(18 / 0.01)
    assertTrue(entry.mechanism().contains("in 18 bands"), entry.mechanism());
    assertTrue(entry.mechanism().contains(String.format(java.util.Locale.ROOT, "%.6g", Math.log(1800) / 0.05)),
        entry.mechanism());
    assertTrue(entry.sensitivity().startsWith("l1 1 (a point is in at most one band)"), entry.sensitivity());
    LedgerEntry positions = ledger.entries().get(1);
    assertEquals(LedgerStage.INIT_TAIL_POSITIONS, positions.stage());
    assertEquals(0.05, positions.epsilon());
    assertTrue(positions.sensitivity().startsWith("l1 1 octave widths"), positions.sensitivity());
    assertEquals(2, ledger.entries().size());
  }

  @Test
  void aPublicROffABinEdgeStartsAtTheNextEdgeAndNoBandBeyondTheLastEdgeSpendsNothing() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {{0, 2, 4_000}, {0, 3, 4_000}, {1, 16, 4_000}});
    // r = 2.5: the first octave is [3, 6); bin 2 ([2, 3)) straddles r and is left out
    SampleBlock pool = PrivateTailAxes.release(exact, 2.5, 50, 50, 1, PrivacyLedger.pure(100), rng(2));
    assertEquals(2, pool.rows());
    assertEquals(4_000, pool.weights()[0], 1);
    assertEquals(3.5, pool.value(0, 0), 1e-3, "the middle of bin 3");
    // the overflow bin is an offset of the octave's width: at most R1
    assertEquals(-UPPER, pool.value(1, 0), 1e-3, "the overflow bin's band at R1, negative");

    PrivacyLedger untouched = PrivacyLedger.pure(1);
    SampleBlock none = PrivateTailAxes.release(exact, UPPER, 0.5, 0.5, 1, untouched, rng(3));
    assertEquals(0, none.rows());
    assertTrue(untouched.entries().isEmpty(), "r at R1: no band, nothing spent");
  }

  /**
   * An empty histogram's bands stay under τ: each of the 24 bands passes with chance ½e^(−τε) = 0.005/24, so a
   * release holds a pool point with chance at most 0.5 %. Over 2,000 releases the count of such releases is at most
   * Binomial(2000, 0.005) (mean 10); it exceeds 45 with probability below 10⁻¹². Had the noise been drawn at twice the
   * scale τ assumes, a band would pass with chance ½·(0.01/24)^½ and about 22 % of the releases would hold one.
   */
  @Test
  void emptyBandsPassTheThresholdRarely() {
    PrivateTailAxes.AxisCounts empty = counts(new int[][] {});
    UniformRandomProvider random = rng(4);
    int withPoint = 0;
    for (int i = 0; i < 2_000; i++) {
      if (PrivateTailAxes.release(empty, 1, 1, 1, 1, PrivacyLedger.pure(2), random).rows() > 0) {
        withPoint++;
      }
    }
    assertTrue(withPoint <= 45, withPoint + " of 2,000 releases held a pool point");
  }

  /**
   * The weights carry Laplace noise (on a lattice of 2⁻²¹) of scale Δ/ε: over 4,000 releases of one band of 10,000
   * points at ε = 0.5 the mean absolute deviation estimates the scale 2 (pure) and 4 (substitution, Δ = 2) within
   * 10 % — its standard error is about 1.6 % of the scale, so a false failure has probability below 10⁻⁹ — and a noise
   * of half or twice the scale would fall 50 % or 100 % off.
   */
  @Test
  void theNoiseHasScaleSensitivityOverEpsilon() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {{1, 8, 10_000}});
    for (double expectedScale : new double[] {2, 4}) {
      UniformRandomProvider random = rng(5);
      double absolute = 0;
      int releases = 4_000;
      for (int i = 0; i < releases; i++) {
        PrivacyLedger ledger = ledger(expectedScale == 4, 1);
        // the heaviest point is the band's (an empty band passes τ in about 0.5 % of the releases)
        double weight = java.util.Arrays.stream(PrivateTailAxes.release(exact, 1, 0.5, 0.5, 1, ledger, random).weights())
            .max().orElseThrow();
        absolute += Math.abs(weight - 10_000);
      }
      double meanAbsolute = absolute / releases;
      assertEquals(expectedScale, meanAbsolute, 0.1 * expectedScale, "the mean |noise| is the Laplace scale");
    }
  }

  /** A ledger of {@code epsilon}, pure, or under substitution (Δ = 2). */
  private static PrivacyLedger ledger(boolean substitution, double epsilon) {
    return substitution ? new PrivacyLedger(epsilon, 1e-6, Composition.BASIC, Relation.of(UniformScheme.WOR))
        : PrivacyLedger.pure(epsilon);
  }

  /**
   * A heavy band's position sum carries Laplace noise of scale W·Δ/ε_p, W its octave's width in bins: one band of
   * 10,000 points in bin 12 of the octave [8, 16] (W = 8, mean offset 4, far from the clamps), its count's noise
   * negligible at ε_c = 50. Over 4,000 releases at ε_p = 0.05 the mean absolute deviation of (position − 12.5)·ñ,
   * in octave widths, estimates Δ/ε_p = 20 (pure) and 40 (substitution) within 10 % (a false failure below 10⁻⁹, as
   * for the counts); half or twice the scale would fall 50 % or 100 % off.
   */
  @Test
  void thePositionNoiseHasScaleOctaveWidthTimesSensitivityOverEpsilon() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {{0, 12, 10_000}});
    for (boolean substitution : new boolean[] {false, true}) {
      double expectedScale = (substitution ? 2 : 1) / 0.05;
      UniformRandomProvider random = rng(7);
      double absolute = 0;
      int releases = 4_000;
      for (int i = 0; i < releases; i++) {
        SampleBlock pool = PrivateTailAxes.release(exact, 8, 50, 0.05, 1, ledger(substitution, 51),
            random);
        int band = 0;
        for (int row = 1; row < pool.rows(); row++) {
          band = pool.weights()[row] > pool.weights()[band] ? row : band;
        }
        absolute += Math.abs((pool.value(band, 0) - 12.5) * pool.weights()[band] / 8);
      }
      assertEquals(expectedScale, absolute / releases, 0.1 * expectedScale, "the mean |noise| is the Laplace scale");
    }
  }

  @Test
  void parametersAreCheckedWithMessagesThatNameThem() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {});
    PrivacyLedger ledger = PrivacyLedger.pure(1);
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> PrivateTailAxes.release(exact, 2, bad, 0.5, 1, ledger, rng(6)));
      assertTrue(e.getMessage().contains("epsilon of the tail axes' counts"), e.getMessage());
      IllegalArgumentException p = assertThrows(IllegalArgumentException.class,
          () -> PrivateTailAxes.release(exact, 2, 0.5, bad, 1, ledger, rng(6)));
      assertTrue(p.getMessage().contains("epsilon of the tail axes' positions"), p.getMessage());
    }
    IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.release(exact, Double.NaN, 0.5, 0.5, 1, ledger, rng(6)));
    assertTrue(r.getMessage().startsWith("r "), r.getMessage());
    IllegalArgumentException scale = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.release(exact, 2, 0.5, 0.5, 1.5, ledger, rng(6)));
    assertTrue(scale.getMessage().equals("weightScale must be in (0, 1], got 1.5"), scale.getMessage());
    IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
        () -> new PrivateTailAxes.AxisCounts(D, BINS, UPPER, new long[5]));
    assertTrue(size.getMessage().equals("counts must hold 2d x (bins + 1) = 102 values, got 5"), size.getMessage());
    IllegalArgumentException upper = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.AxisCounts.empty(D, BINS, Double.POSITIVE_INFINITY));
    assertTrue(upper.getMessage().contains("upper (R1)"), upper.getMessage());
  }
}
