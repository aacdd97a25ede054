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
 * points of the heavy ones at the octave's lower edge on the signed axis.
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
  void heavyBandsBecomePoolPointsAtTheirOctavesMiddleOnTheSignedAxis() {
    // r = 2 (bin edge 2): octaves [2, 4), [4, 8), [8, 16] (with the overflow bin)
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {
        {2, 5, 5_000}, // axis 1, positive, norm in [5, 6): octave [4, 8)
        {2, 7, 1_000}, // the same band
        {5, 9, 3_000}, // axis 2, negative, [9, 10): octave [8, 16]
        {5, 16, 500}, // the overflow bin joins the last octave
        {0, 1, 90_000}, // inside r: no band
        {3, 3, 20}}); // axis 1 negative in [2, 4): under the threshold τ = 20·ln(1800) ≈ 150
    PrivacyLedger ledger = PrivacyLedger.pure(10);
    SampleBlock pool = PrivateTailAxes.release(exact, 2, 0.05, 0.5, ledger, rng(1));
    assertEquals(2, pool.rows(), "two heavy bands");
    double[] row = new double[D];
    pool.copyRow(0, row, 0);
    assertEquals(0, row[0]);
    assertEquals(4, row[1], 1e-12, "axis 1 at the lower edge of [4, 8)");
    assertEquals(0, row[2]);
    // within 20 noise scales (20 = 1/ε): a false failure has probability e^(−20)
    assertEquals(6_000 * 0.5, pool.weights()[0], 0.5 * 20 * 20, "the noisy count times the weight scale");
    pool.copyRow(1, row, 0);
    assertEquals(-8, row[2], 1e-12, "axis 2, negative, at the lower edge of [8, 16]");
    assertEquals(3_500 * 0.5, pool.weights()[1], 0.5 * 20 * 20);

    LedgerEntry entry = ledger.entries().get(0);
    assertEquals(LedgerStage.INIT_TAIL_AXES, entry.stage());
    assertEquals(0.05, entry.epsilon());
    // 2d signed axes x 3 octaves = 18 bands; τ = (1/ε) ln(18 / 0.01)
    assertTrue(entry.mechanism().contains("in 18 bands"), entry.mechanism());
    assertTrue(entry.mechanism().contains(String.format(java.util.Locale.ROOT, "%.6g", Math.log(1800) / 0.05)),
        entry.mechanism());
    assertTrue(entry.sensitivity().startsWith("l1 1 (a point is in at most one band)"), entry.sensitivity());
  }

  @Test
  void aPublicROffABinEdgeStartsAtTheNextEdgeAndNoBandBeyondTheLastEdgeSpendsNothing() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {{0, 2, 4_000}, {0, 3, 4_000}});
    // r = 2.5: the first octave is [3, 6); bin 2 ([2, 3)) straddles r and is left out
    SampleBlock pool = PrivateTailAxes.release(exact, 2.5, 50, 1, PrivacyLedger.pure(50), rng(2));
    assertEquals(1, pool.rows());
    assertEquals(4_000, pool.weights()[0], 1);
    assertEquals(3, pool.value(0, 0), 1e-12);

    PrivacyLedger untouched = PrivacyLedger.pure(1);
    SampleBlock none = PrivateTailAxes.release(exact, UPPER, 1, 1, untouched, rng(3));
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
      if (PrivateTailAxes.release(empty, 1, 1, 1, PrivacyLedger.pure(1), random).rows() > 0) {
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
        PrivacyLedger ledger = expectedScale == 2 ? PrivacyLedger.pure(1)
            : new PrivacyLedger(1, 1e-6, Composition.BASIC, Relation.of(UniformScheme.WOR));
        // the heaviest point is the band's (an empty band passes τ in about 0.5 % of the releases)
        double weight = java.util.Arrays.stream(PrivateTailAxes.release(exact, 1, 0.5, 1, ledger, random).weights())
            .max().orElseThrow();
        absolute += Math.abs(weight - 10_000);
      }
      double meanAbsolute = absolute / releases;
      assertEquals(expectedScale, meanAbsolute, 0.1 * expectedScale, "the mean |noise| is the Laplace scale");
    }
  }

  @Test
  void parametersAreCheckedWithMessagesThatNameThem() {
    PrivateTailAxes.AxisCounts exact = counts(new int[][] {});
    PrivacyLedger ledger = PrivacyLedger.pure(1);
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> PrivateTailAxes.release(exact, 2, bad, 1, ledger, rng(6)));
      assertTrue(e.getMessage().contains("epsilon of the tail axes"), e.getMessage());
    }
    IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.release(exact, Double.NaN, 1, 1, ledger, rng(6)));
    assertTrue(r.getMessage().startsWith("r "), r.getMessage());
    IllegalArgumentException scale = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.release(exact, 2, 1, 1.5, ledger, rng(6)));
    assertTrue(scale.getMessage().equals("weightScale must be in (0, 1], got 1.5"), scale.getMessage());
    IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
        () -> new PrivateTailAxes.AxisCounts(D, BINS, UPPER, new long[5]));
    assertTrue(size.getMessage().equals("counts must hold 2d x (bins + 1) = 102 values, got 5"), size.getMessage());
    IllegalArgumentException upper = assertThrows(IllegalArgumentException.class,
        () -> PrivateTailAxes.AxisCounts.empty(D, BINS, Double.POSITIVE_INFINITY));
    assertTrue(upper.getMessage().contains("upper (R1)"), upper.getMessage());
  }
}
