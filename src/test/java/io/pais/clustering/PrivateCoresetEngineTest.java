package io.pais.clustering;

import io.pais.settings.Defaults;
import io.pais.settings.Iterations;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.InitShare;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.SampleBlock;
import io.pais.noise.NoiseRandomness;
import io.pais.sampling.Sampler;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The private coreset through the engine: its three ledger entries spend the init share and DP-Lloyd the rest; a
 * seeded release does not depend on how Spark split the rows; rescaling the data rescales the release (the coreset
 * and the unit-free split); and on well-separated clusters it starts DP-Lloyd where random-ball does not.
 */
@ExtendWith(SharedSparkSession.class)
class PrivateCoresetEngineTest {
  private static final int D = 5;
  private static final int K = 4;

  /** Four Gaussian clusters (unit deviation) whose means lie 8 apart on the diagonal, keyed by row. */
  private static List<KeyedPoint> clusters(int n, double scale, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int c = i % K;
      double[] x = new double[D];
      for (int t = 0; t < D; t++) {
        x[t] = scale * (8 * c - 12 + random.nextGaussian());
      }
      out.add(new KeyedPoint(i, x));
    }
    return out;
  }

  private static KMeansSettings settings(double epsilon, double clipRadius, Initialisation init, long seed) {
    return builder(epsilon, clipRadius, init, seed).build();
  }

  private static SettingsBuilder builder(double epsilon, double clipRadius, Initialisation init, long seed) {
    return KMeansSettings.builder().strict(clipRadius).k(K).iterations(Iterations.fixed(5)).epsilon(epsilon)
        .sampler(Sampler.FULL).initialisation(init).seed(seed);
  }

  private static ClusteringResult fit(SparkSession spark, List<KeyedPoint> rows, int partitions,
      KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows, partitions), D, "test", true), false);
  }

  private static double[] flat(double[][] centres) {
    double[] out = new double[centres.length * centres[0].length];
    for (int j = 0; j < centres.length; j++) {
      System.arraycopy(centres[j], 0, out, j * centres[j].length, centres[j].length);
    }
    return out;
  }

  @Test
  void spendsTheInitShareInThreeEntriesAndTheTailAxesTheirsAndDoesNotDependOnPartitioning(SparkSession spark) {
    List<KeyedPoint> rows = clusters(8000, 1, 1);
    KMeansSettings settings = settings(2, 64, Initialisation.PRIVATE_CORESET, 7);
    ClusteringResult two = fit(spark, rows, 2, settings);
    List<LedgerEntry> ledger = two.report().ledger();
    assertEquals(List.of("centre", "norm histogram", "init: spreads", "init: cell tree", "init: sums",
        "init: tail axes", "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"),
        ledger.stream().map(e -> e.stage().label()).toList());
    assertEquals(0.2 * 2 + 0.05 * 2, initEpsilon(ledger), 1e-12);
    assertEquals(2, ledger.stream().mapToDouble(LedgerEntry::epsilon).sum(), 1e-12);
    assertEquals(2, two.report().epsilon(), 1e-12);
    ClusteringResult five = fit(spark, rows, 5, settings);
    assertArrayEquals(flat(two.centres()), flat(five.centres()));
    ClusteringResult otherSeed = fit(spark, rows, 2, settings(2, 64, Initialisation.PRIVATE_CORESET, 8));
    assertTrue(!java.util.Arrays.equals(flat(two.centres()), flat(otherSeed.centres())), "the seed matters");
  }

  /**
   * auto's share follows n̂·ε/(k·d): 8000·2/(4·5) = 800 above (0.2, the test before), 8000·0.2/20 = 80 below 150 (0.3,
   * here); a given share is kept, and the ledger's total is ε either way. Below 150 in 5-d the coreset counts the grid
   * (the tree and its sums above: the test before).
   */
  @Test
  void autoGivesAReleaseWithFewPointsPerClusterCoordinateTheLargerInitShare(SparkSession spark) {
    List<KeyedPoint> rows = clusters(8000, 1, 1);
    List<LedgerEntry> auto = fit(spark, rows, 2, settings(0.2, 64, Initialisation.PRIVATE_CORESET, 7)).report()
        .ledger();
    assertEquals(List.of("centre", "norm histogram", "init: spreads", "init: grid", "init: tail axes",
        "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"),
        auto.stream().map(e -> e.stage().label()).toList());
    assertEquals(0.3 * 0.2 * 0.9, auto.get(3).epsilon(), 1e-12, "the grid: the tree's and the sums' 90 %");
    assertEquals(0.3 * 0.2 + 0.05 * 0.2, initEpsilon(auto), 1e-12);
    assertEquals(0.2, auto.stream().mapToDouble(LedgerEntry::epsilon).sum(), 1e-12);
    List<LedgerEntry> given = fit(spark, rows, 2, builder(0.2, 64, Initialisation.PRIVATE_CORESET, 7)
        .shares(Defaults.CENTRE_SHARE, Defaults.HISTOGRAM_SHARE, InitShare.fixed(0.2)).build()).report().ledger();
    assertEquals(0.2 * 0.2 + 0.05 * 0.2, initEpsilon(given), 1e-12);
    assertEquals(0.2, given.stream().mapToDouble(LedgerEntry::epsilon).sum(), 1e-12);
  }

  /**
   * Below 25 points per centre and coordinate per unit of ε (2000·0.2/(4·5) = 20) auto gives the coreset nothing: no
   * init entry, DP-Lloyd spends the rest, the start is scaled-ball's, and the report says so with the figure.
   */
  @Test
  void littleBudgetPerCentreStartsWithoutACoresetAndSaysSo(SparkSession spark) {
    List<KeyedPoint> rows = clusters(2000, 1, 4);
    KMeansSettings settings = settings(0.2, 64, Initialisation.PRIVATE_CORESET, 9);
    ClusteringResult two = fit(spark, rows, 2, settings);
    List<LedgerEntry> ledger = two.report().ledger();
    assertEquals(List.of("centre", "norm histogram", "DP-Lloyd", "summary: sizes", "summary: cost"),
        ledger.stream().map(e -> e.stage().label()).toList());
    assertEquals(0.2, ledger.stream().mapToDouble(LedgerEntry::epsilon).sum(), 1e-12);
    io.pais.accounting.Statistic budget = two.report().statistics().stream()
        .filter(st -> st.name().equals(io.pais.accounting.BudgetPerCentre.STATISTIC)).findFirst().orElseThrow();
    assertEquals(20, budget.value(), 4, "n-hat eps/(k d), n-hat a DP estimate of 2000");
    assertTrue(budget.description().contains("little budget for 4 centres in 5 dimensions")
        && budget.description().contains("instead of a private coreset"), budget.description());
    assertArrayEquals(flat(two.centres()), flat(fit(spark, rows, 3, settings).centres()), "partitioning");
    List<LedgerEntry> given = fit(spark, rows, 2, builder(0.2, 64, Initialisation.PRIVATE_CORESET, 9)
        .shares(Defaults.CENTRE_SHARE, Defaults.HISTOGRAM_SHARE, InitShare.fixed(0.2)).build()).report().ledger();
    assertEquals(0.2 * 0.2 + 0.05 * 0.2, initEpsilon(given), 1e-12, "a given share still runs the coreset");
  }

  /**
   * In two dimensions the coreset counts a grid instead of the cell tree and its sums (their 90 % of the share in one
   * entry); the release does not depend on the partitioning and finds the clusters: 12 clusters of 250 points
   * (means 6 apart on a 4 × 3 lattice, unit deviation) at ε = 1, n̂·ε/(k·d) about 125, every true mean within 1 of a
   * released centre (seeded: the test is deterministic).
   */
  @Test
  void inTwoDimensionsTheCoresetIsAGridAndFindsTheClusters(SparkSession spark) {
    int k = 12;
    SplittableRandom random = new SplittableRandom(5);
    List<KeyedPoint> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      int c = i % k;
      rows.add(new KeyedPoint(i, new double[] {6 * (c % 4) - 9 + random.nextGaussian(),
          6 * (c / 4) - 6 + random.nextGaussian()}));
    }
    KMeansSettings settings = KMeansSettings.builder().strict(30).k(k).epsilon(1).sampler(Sampler.FULL)
        .initialisation(Initialisation.PRIVATE_CORESET).seed(11L).build();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    ClusteringResult two = new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows, 2), 2, "test", true), false);
    List<LedgerEntry> ledger = two.report().ledger();
    assertEquals(List.of("centre", "norm histogram", "init: spreads", "init: grid", "init: tail axes",
        "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"),
        ledger.stream().map(e -> e.stage().label()).toList());
    LedgerEntry grid = ledger.get(3);
    assertEquals(0.3 * 0.9, grid.epsilon(), 1e-12, "the grid takes the tree's and the sums' 90 % of the share");
    assertTrue(grid.sensitivity().startsWith("l1 1 "), grid.sensitivity());
    ClusteringResult five = new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows, 5), 2, "test", true), false);
    assertArrayEquals(flat(two.centres()), flat(five.centres()), "partitioning");
    for (int c = 0; c < k; c++) {
      double[] mean = {6 * (c % 4) - 9, 6 * (c / 4) - 6};
      double nearest = java.util.Arrays.stream(two.centres()).mapToDouble(x -> Math.hypot(x[0] - mean[0],
          x[1] - mean[1])).min().orElseThrow();
      assertTrue(nearest < 1, "cluster " + c + ": nearest centre " + nearest);
    }
  }

  private static double initEpsilon(List<LedgerEntry> ledger) {
    return ledger.stream().filter(e -> e.stage().isInitialisation()).mapToDouble(LedgerEntry::epsilon).sum();
  }

  /** The release on 1000·X with 1000·R0 is 1000 times the release on X (to rounding: the lattices are powers of 2). */
  @Test
  void rescalingTheDataRescalesTheRelease(SparkSession spark) {
    for (Initialisation init : new Initialisation[] {Initialisation.PRIVATE_CORESET, Initialisation.RANDOM_BALL}) {
      double[] small = flat(fit(spark, clusters(4000, 1, 2), 2, settings(1, 64, init, 3)).centres());
      double[] large = flat(fit(spark, clusters(4000, 1000, 2), 2, settings(1, 64_000, init, 3)).centres());
      for (int i = 0; i < small.length; i++) {
        assertEquals(small[i], large[i] / 1000, 1e-6 * 64, init.id() + " coordinate " + i);
      }
    }
  }

  /** Cost per point of the release over the data (not private: a test). */
  private static double cost(List<KeyedPoint> rows, double[][] centres) {
    double total = 0;
    for (KeyedPoint p : rows) {
      double best = Double.POSITIVE_INFINITY;
      for (double[] c : centres) {
        double s = 0;
        for (int t = 0; t < D; t++) {
          s += (p.x()[t] - c[t]) * (p.x()[t] - c[t]);
        }
        best = Math.min(best, s);
      }
      total += best;
    }
    return total / rows.size();
  }

  /**
   * At ε = 1 on 4 clusters of 2,000 points the coreset start finds all four (cost near d = 5, the within-cluster
   * variance) after two DP-Lloyd steps in most seeded runs, and in more runs than random-ball, whose centres start
   * anywhere in a ball of radius about 30. Two steps, not more: since the offsets are no longer capped at a point's
   * norm, five steps take random-ball's centres to all four clusters too (29 of seeds 0–29; 0.2 or less before), so
   * the start shows only in the first steps. Measured over seeds 0–29 at T = 2: coreset 30 of 30, random-ball 10 of 30
   * (T = 1: 30 and 0). Passing needs at least 13 of 20: for a success rate of 0.9 a run of 20 falls below that with
   * probability 4e-4 (the false-failure rate of a change that keeps the rate; 3e-6 at 0.95), and a coreset without the
   * data's clusters in it, which succeeds about as often as random-ball (a third), reaches it with probability 0.003.
   */
  @Test
  void findsSeparatedClustersAtSmallEpsilon(SparkSession spark) {
    List<KeyedPoint> rows = clusters(8000, 1, 4);
    int seeds = 20;
    double[] coreset = new double[seeds];
    double[] ball = new double[seeds];
    for (int seed = 0; seed < seeds; seed++) {
      coreset[seed] = cost(rows, fit(spark, rows, 2, builder(1, 64, Initialisation.PRIVATE_CORESET, seed)
          .iterations(Iterations.fixed(2)).build()).centres());
      ball[seed] = cost(rows, fit(spark, rows, 2, builder(1, 64, Initialisation.RANDOM_BALL, seed)
          .iterations(Iterations.fixed(2)).build()).centres());
    }
    long found = java.util.Arrays.stream(coreset).filter(c -> c < 1.5 * D).count();
    long foundByBall = java.util.Arrays.stream(ball).filter(c -> c < 1.5 * D).count();
    assertTrue(found >= 13 && found > foundByBall, "runs of " + seeds + " that found all four clusters: coreset "
        + found + ", random-ball " + foundByBall);
  }

  /**
   * With a coreset sample size of 2,000 the coreset reads a Poisson subsample of a quarter of the 8,000 points: its
   * three entries still record exactly the init share (the subsample amplifies the larger ε their noise is set for),
   * say so, and the release does not depend on the partitioning. It still finds the four clusters at ε = 1 in at least
   * 4 of 5 seeded runs (measured: 5 of 5), as the coreset on all points does.
   */
  @Test
  void aSubsampledCoresetSpendsTheSameShareAndStillFindsTheClusters(SparkSession spark) {
    List<KeyedPoint> rows = clusters(8000, 1, 4);
    KMeansSettings settings = builder(2, 64, Initialisation.PRIVATE_CORESET, 7)
        .value(Setting.CORESET_SAMPLE_SIZE, 2000).build();
    ClusteringResult two = fit(spark, rows, 2, settings);
    // the tail axes count every point in the histogram's scan: not subsampled, their own share
    List<LedgerEntry> init = two.report().ledger().stream().filter(e -> e.stage().isInitialisation()
        && e.stage() != LedgerStage.INIT_TAIL_AXES && e.stage() != LedgerStage.INIT_TAIL_POSITIONS).toList();
    assertEquals(3, init.size());
    assertEquals(0.2 * 2, init.stream().mapToDouble(LedgerEntry::epsilon).sum(), 1e-12);
    for (LedgerEntry e : init) {
      assertTrue(e.mechanism().contains("Poisson subsample (rate 0.2"), e.mechanism());
    }
    assertEquals(2, two.report().epsilon(), 1e-12);
    assertArrayEquals(flat(two.centres()), flat(fit(spark, rows, 5, settings).centres()));
    assertTrue(!java.util.Arrays.equals(flat(two.centres()), flat(fit(spark, rows, 2, settings(2, 64,
        Initialisation.PRIVATE_CORESET, 7)).centres())), "the subsample changes the release");
    long found = 0;
    for (int seed = 0; seed < 5; seed++) {
      double c = cost(rows, fit(spark, rows, 2, builder(1, 64, Initialisation.PRIVATE_CORESET, seed)
          .value(Setting.CORESET_SAMPLE_SIZE, 2000).build()).centres());
      System.out.println("subsampled coreset, seed " + seed + ": cost " + c);
      found += c < 1.5 * D ? 1 : 0;
    }
    assertTrue(found >= 4, "runs that found all four clusters: " + found);
  }

  /**
   * The subsample is drawn in the norm histogram's scan when the centre is estimated (above), and in a pass of its
   * own when the centre is public: that path too records the subsample and does not depend on the partitioning.
   */
  @Test
  void withAPublicCentreTheCoresetDrawsItsOwnSubsample(SparkSession spark) {
    List<KeyedPoint> rows = clusters(8000, 1, 4);
    KMeansSettings settings = builder(2, 64, Initialisation.PRIVATE_CORESET, 7).value(Setting.CORESET_SAMPLE_SIZE, 2000)
        .centre(new double[D]).build();
    ClusteringResult two = fit(spark, rows, 2, settings);
    List<LedgerEntry> ledger = two.report().ledger();
    assertEquals(List.of("norm histogram", "init: spreads", "init: cell tree", "init: sums", "init: tail axes",
        "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"), ledger.stream().map(e -> e.stage().label()).toList());
    assertTrue(ledger.get(1).mechanism().contains("Poisson subsample (rate 0.2"), ledger.get(1).mechanism());
    assertArrayEquals(flat(two.centres()), flat(fit(spark, rows, 5, settings).centres()));
  }

  /**
   * A prepared run carries the coreset (points in the ball of radius r, positive noisy weights) to DP-Lloyd, which
   * re-seeds a dead centre from it: with count noise that makes every cluster dead, every centre DP-Lloyd returns is a
   * coreset point; without noise none moves there. A data-independent start has no coreset.
   */
  @Test
  void dpLloydReseedsDeadCentresFromThePreparedCoreset(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Points points = new Points(jsc.parallelize(clusters(8000, 1, 4), 2), D, "test", true);
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings(2, 64, Initialisation.PRIVATE_CORESET, 7),
        message -> { });
    PreparedRun run = engine.prepare(points);
    try {
      SampleBlock coreset = run.coreset();
      assertTrue(coreset.rows() >= K && coreset.dimension() == D, coreset.rows() + " coreset points");
      java.util.Set<List<Double>> pool = new java.util.HashSet<>();
      for (int row = 0; row < coreset.rows(); row++) {
        double[] x = new double[D];
        coreset.copyRow(row, x, 0);
        assertTrue(io.pais.privacy.Geometry.L2.norm(x) <= run.data().radius() && coreset.weights()[row] > 0);
        pool.add(java.util.Arrays.stream(x).boxed().toList());
      }
      LloydNoise allDead = LloydNoise.of((exact, rng) -> -1, (exact, rng) -> exact.clone(), NoiseRandomness.seeded(1));
      double[] reseeded = engine.iterate(run, allDead);
      double[] exact = engine.iterate(run, LloydNoise.none());
      for (int j = 0; j < K; j++) {
        assertTrue(pool.contains(row(reseeded, j)), "centre " + j + " re-seeded from the coreset");
        assertTrue(!pool.contains(row(exact, j)), "centre " + j + " without noise");
      }
    } finally {
      run.release();
    }
    PreparedRun ball = new PrivateKMeansEngine(settings(2, 64, Initialisation.RANDOM_BALL, 7), message -> { })
        .prepare(points);
    assertEquals(0, ball.coreset().rows());
    ball.release();
  }

  private static List<Double> row(double[] centres, int j) {
    return java.util.Arrays.stream(centres, j * D, (j + 1) * D).boxed().toList();
  }

  @Test
  void isRefusedOutsideAStrictRelease() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KMeansSettings.builder().paper()
        .k(K).iterations(Iterations.fixed(5)).epsilon(1).sampler(Sampler.FULL)
        .initialisation(Initialisation.PRIVATE_CORESET).seed(1L).build());
    assertTrue(e.getMessage().contains("private-coreset") && e.getMessage().contains("strict"), e.getMessage());
  }
}
