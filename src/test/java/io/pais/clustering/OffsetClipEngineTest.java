package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.OffsetClip;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --offset-clip through the engine: auto takes the fraction of r its rule names from the release's own DP estimates
 * and is then the same release, bit for bit, as that fraction given; from a grid's start the later iterations narrow
 * each centre's clip; the first iteration reaches 2ρ where clusters
 * are wide beside r; the DP-Lloyd ledger entry names ρ; none and paper mode sum the points.
 */
@ExtendWith(SharedSparkSession.class)
class OffsetClipEngineTest {
  private static final int D = 5;
  private static final int K = 4;
  private static final int N = 12_000;

  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 11, (i, t, random) -> 8 * (i % K) - 12 + random.nextGaussian() * 2);
  }

  private static SettingsBuilder strict(double epsilon) {
    return KMeansSettings.builder().strict(40).k(K).epsilon(epsilon).seed(7L);
  }

  private static ClusteringResult fit(SparkSession spark, KMeansSettings settings, List<String> log) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, log::add).fit(new Points(jsc.parallelize(rows(), 2), D, "test", true),
        false);
  }

  /** Whether the log and the report say that the first iteration reaches 2ρ. */
  private static void assertReach(boolean reaches, ClusteringResult result, List<String> log) {
    String reach = "first iteration: offsets reach 2 rho, each summed at 1/2 of its length";
    assertEquals(reaches, log.stream().anyMatch(l -> l.startsWith(reach)), reach + " in " + log);
    String rhoMeaning = result.report().statistics().stream().filter(s -> s.name().equals("rho")).findFirst()
        .orElseThrow().description();
    assertEquals(reaches, rhoMeaning.contains("the first iteration clips at 2 rho and sums each offset at 1/2"),
        rhoMeaning);
  }

  private static LedgerEntry lloydEntry(ClusteringResult result) {
    return result.report().ledger().stream().filter(e -> e.stage() == LedgerStage.DP_LLOYD).findFirst()
        .orElseThrow();
  }

  private static void assertSameRelease(ClusteringResult expected, ClusteringResult actual) {
    for (int j = 0; j < K; j++) {
      assertArrayEquals(expected.centres()[j], actual.centres()[j], 0, "centre " + j);
    }
    assertEquals(expected.report().ledger(), actual.report().ledger());
  }

  /**
   * The rule on the release's own DP estimates: the smallest of r, r/2, r/3, r/4, r/6, r/8 at or above
   * sqrt(x̃̂)·k^(−1/d), and then the same release as that fraction given.
   */
  private static void assertAutoFollowsTheRule(SparkSession spark, SettingsBuilder settings, int k, int d,
      double expected, boolean reaches) {
    List<String> log = new ArrayList<>();
    ClusteringResult auto = fit(spark, settings.build(), log);
    assertReach(reaches, auto, log);
    double clusterRadius = Math.sqrt(Fixtures.statistic(auto.report(), "xTilde")) * Math.pow(k, -1.0 / d)
        / Fixtures.statistic(auto.report(), "r");
    double[] ladder = {1, 1 / 2.0, 1 / 3.0, 1 / 4.0, 1 / 6.0, 1 / 8.0};
    double fraction = ladder[0];
    for (double f : ladder) {
      if (f >= clusterRadius) {
        fraction = f;
      }
    }
    assertEquals(expected, fraction, "the data's typical cluster radius is " + clusterRadius + " r");
    String chosen = String.format(java.util.Locale.ROOT, "offset-clip auto: rho = %.4g r, the smallest of 6 fractions",
        fraction);
    assertTrue(log.stream().anyMatch(l -> l.startsWith(chosen)), chosen + " in " + log);
    assertSameRelease(fit(spark, settings.offsetClip(OffsetClip.fraction(fraction)).build(), new ArrayList<>()), auto);
    assertTrue(lloydEntry(auto).sensitivity().contains("(1/betaCount + rho/betaSum), rho = "),
        lloydEntry(auto).sensitivity());
  }

  /**
   * From the grid's start — 16 tight blobs on a 4 × 4 lattice in 2-d at ε = 1 (n·ε/(k·d) = 150) — the iterations after
   * the first narrow each centre's clip to its grid cells' spread: the log and ρ's description in the report say so.
   * A fraction given, and auto where n̂·ε/(k·d) is 1,000 or more (ε = 7), do not narrow.
   */
  @Test
  void compactClustersNarrowTheirCentresClips(SparkSession spark) {
    List<KeyedPoint> rows = Fixtures.keyedRows(4800, 2, 13, (i, t, random) -> 10 * ((t == 0 ? i : i / 4) % 4) - 15
        + random.nextGaussian() * 0.5);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    String narrowing = "offset-clip auto: from the second iteration on, a centre clips at rho/2 to rho/8";
    for (double epsilon : new double[] {1, 7}) {
      for (boolean auto : new boolean[] {true, false}) {
        SettingsBuilder settings = KMeansSettings.builder().strict(40).k(16).epsilon(epsilon).seed(7L);
        if (!auto) {
          settings.offsetClip(OffsetClip.fraction(1 / 8.0));
        }
        List<String> log = new ArrayList<>();
        ClusteringResult result = new PrivateKMeansEngine(settings.build(), log::add).fit(
            new Points(jsc.parallelize(rows, 2), 2, "test", true), false);
        boolean narrows = auto && epsilon == 1;
        assertEquals(narrows, log.stream().anyMatch(l -> l.startsWith(narrowing)), epsilon + ", " + auto + ": " + log);
        String rhoMeaning = result.report().statistics().stream().filter(s -> s.name().equals("rho")).findFirst()
            .orElseThrow().description();
        assertEquals(narrows, rhoMeaning.contains("from the second iteration on, a centre clips at the smallest of "
            + "rho/2 to rho/8"), rhoMeaning);
      }
    }
  }

  @Test
  void autoClipsToATypicalClusterRadius(SparkSession spark) {
    // four blobs along the diagonal in 5 dimensions: a typical cluster is about half as wide as the data (0.51 r),
    // so no fraction below r is at or above it
    assertAutoFollowsTheRule(spark, strict(3), K, D, 1, false);
  }

  @Test
  void manyClustersInFewDimensionsClipTighter(SparkSession spark) {
    // the same points at k = 40: the typical cluster radius shrinks by 10^(-1/5)
    assertAutoFollowsTheRule(spark, strict(3).k(40), 40, D, 1 / 3.0, false);
  }

  /**
   * The first iteration reaches 2ρ only from a start at the grid's cells (the private coreset in few dimensions) where
   * the clusters are wide beside r (r_c ≥ 0.3 r): three blobs of 120 points in 2-d at ε = 1 (n·ε/(k·d) = 60) — and
   * not from the cell tree's start (k = 4 and k = 40 in 5-d above), nor without a coreset (k = 12 in 2-d: n·ε/(k·d) =
   * 15), nor where clusters are small beside r (k = 100 in 5-d, 0.27 r).
   */
  @Test
  void aStartAtTheGridsCellsReachesFurtherInTheFirstStep(SparkSession spark) {
    List<KeyedPoint> rows = Fixtures.keyedRows(360, 2, 5, (i, t, random) -> (t == 0 ? 6 * (i % 3) : 0)
        + random.nextGaussian() * 2);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    for (int k : new int[] {3, 12}) {
      List<String> log = new ArrayList<>();
      ClusteringResult result = new PrivateKMeansEngine(KMeansSettings.builder().strict(40).k(k).epsilon(1).seed(7L)
          .build(), log::add).fit(new Points(jsc.parallelize(rows, 2), 2, "test", true), false);
      boolean coreset = result.report().ledger().stream().anyMatch(e -> e.stage().isInitialisation());
      assertEquals(k == 3, coreset, k + ": " + log);
      assertReach(k == 3, result, log);
    }
    List<String> log = new ArrayList<>();
    assertReach(false, fit(spark, strict(3).k(100).build(), log), log);
  }

  @Test
  void noneAndPaperModeSumThePoints(SparkSession spark) {
    List<String> log = new ArrayList<>();
    ClusteringResult none = fit(spark, strict(3).offsetClip(OffsetClip.none()).build(), log);
    assertTrue(lloydEntry(none).sensitivity().contains("|x|/betaSum), |x| <= r = "), lloydEntry(none).sensitivity());
    assertFalse(log.stream().anyMatch(l -> l.startsWith("offset-clip auto") || l.startsWith("first iteration")),
        log.toString());
    ClusteringResult paper = fit(spark, KMeansSettings.builder().paper().k(K).epsilon(3).seed(7L).build(), log);
    assertFalse(lloydEntry(paper).sensitivity().contains("rho"), lloydEntry(paper).sensitivity());
  }

  /**
   * The noise is calibrated to ρ, not r: with full data the DP-Lloyd share is ε_full = sqrt(B), and the unit-free
   * split gives β_sum = T·ρ·(1 + 1/g)/sqrt(B) (independently of the planner), a quarter of r's at ρ = r/4; β_count
   * does not depend on the bound.
   */
  @Test
  void theSumNoiseIsCalibratedToRho(SparkSession spark) {
    ClusteringResult quarter = fit(spark, strict(3).sampler(io.pais.sampling.Sampler.FULL)
        .iterations(io.pais.settings.Iterations.fixed(5)).offsetClip(OffsetClip.fraction(0.25)).build(),
        new ArrayList<>());
    ClusteringResult points = fit(spark, strict(3).sampler(io.pais.sampling.Sampler.FULL)
        .iterations(io.pais.settings.Iterations.fixed(5)).offsetClip(OffsetClip.none()).build(), new ArrayList<>());
    double r = Fixtures.statistic(quarter.report(), "r");
    double rho = Fixtures.statistic(quarter.report(), "rho");
    assertEquals(r / 4, rho, 1e-12 * r);
    double g = io.pais.privacy.NoiseSplit.unitFreeRatio(D, io.pais.privacy.Geometry.L2);
    double b = quarter.report().noiseKnob();
    assertEquals(5 * rho * (1 + 1 / g) / Math.sqrt(b), quarter.report().betaSum(), 1e-9 * quarter.report().betaSum());
    // the same seed draws the same r and the same share of ε, so the same B: summing the points, the sum noise is
    // four times as large and the count noise the same
    assertEquals(r, Fixtures.statistic(points.report(), "r"));
    assertEquals(b, points.report().noiseKnob(), 1e-9 * b);
    assertEquals(4 * quarter.report().betaSum(), points.report().betaSum(), 1e-9 * points.report().betaSum());
    assertEquals(quarter.report().betaCount(), points.report().betaCount(), 1e-9 * points.report().betaCount());
  }

  /**
   * Every point or a uniform sample weighs each point the same: offsets are clipped to ρ alone and the ledger's
   * profile says ρ; opt's weights follow the norm, so its offsets are capped at the point's norm too and its profile
   * says min(|x|, rho), as rho's meaning in the report does.
   */
  @Test
  void onlyTheNormWeightedSamplersCapOffsetsAtThePointsNorm(SparkSession spark) {
    for (io.pais.sampling.Sampler sampler : new io.pais.sampling.Sampler[] {io.pais.sampling.Sampler.FULL,
        io.pais.sampling.Sampler.UNIF, io.pais.sampling.Sampler.OPT}) {
      KMeansSettings settings = strict(3).sampler(sampler).offsetClip(OffsetClip.fraction(0.25))
          .sampleSize(io.pais.settings.SampleSize.of("m", 0.25)).build();
      ClusteringResult result = fit(spark, settings, new ArrayList<>());
      boolean capped = sampler == io.pais.sampling.Sampler.OPT;
      String sensitivity = lloydEntry(result).sensitivity();
      assertTrue(sensitivity.contains(capped ? "(1/betaCount + min(|x|, rho)/betaSum), rho = "
          : "(1/betaCount + rho/betaSum), rho = "), sampler + ": " + sensitivity);
      String rhoMeaning = result.report().statistics().stream().filter(s -> s.name().equals("rho")).findFirst()
          .orElseThrow().description();
      assertEquals(capped, rhoMeaning.contains("and to the point's own norm"), sampler + ": " + rhoMeaning);
    }
  }

  /**
   * Where the budget per centre is little (n̂·ε/(k·d) about 18 here: 12,000 points, ε = 0.3, k = 40, d = 5, below 25)
   * auto takes r/2 in ℓ2, says so in the log and the report, and is then the same release as r/2 given; in ℓ1 it keeps
   * the width rule (r/3 at k = 40, as above).
   */
  @Test
  void littleBudgetPerCentreTakesHalfOfRInL2(SparkSession spark) {
    List<String> log = new ArrayList<>();
    SettingsBuilder little = strict(0.3).k(40).geometry(io.pais.privacy.Geometry.L2);
    ClusteringResult auto = fit(spark, little.build(), log);
    assertTrue(log.stream().anyMatch(l -> l.startsWith("offset-clip auto: rho = 0.5000 r, the budget per centre being "
        + "little")), log.toString());
    assertEquals(Fixtures.statistic(auto.report(), "r") / 2, Fixtures.statistic(auto.report(), "rho"), 0);
    assertTrue(Fixtures.statistic(auto.report(), io.pais.accounting.BudgetPerCentre.STATISTIC) < 25);
    assertSameRelease(fit(spark, little.offsetClip(OffsetClip.fraction(0.5)).build(), new ArrayList<>()), auto);
    List<String> l1Log = new ArrayList<>();
    fit(spark, strict(0.3).k(40).geometry(io.pais.privacy.Geometry.L1).build(), l1Log);
    assertTrue(l1Log.stream().anyMatch(l -> l.startsWith("offset-clip auto:") && l.contains("smallest of 6 fractions")),
        l1Log.toString());
  }
}
