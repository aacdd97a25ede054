package io.pais.clustering;

import io.pais.accounting.LedgerStage;
import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.settings.Initialisation;
import io.pais.settings.Preprocessing;
import io.pais.settings.KMeansSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.IterationPolicy;
import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.accounting.SchemePlan;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --iterations auto through the engine: T is the policy's choice from the plan the engine solves (the DP-Lloyd share
 * of ε, a typical cluster of n/k for importance sampling and m/k for a per-iteration uniform sample), the ledger and
 * report state the T used, and in a strict release auto needs n̂, so the DP norm histogram runs.
 */
@ExtendWith(SharedSparkSession.class)
class AutoIterationsEngineTest {
  private static final int D = 5;
  private static final int K = 4;
  private static final int N = 8000;
  private static final double R = 64;

  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 3, (i, t, random) -> 8 * (i % K) - 12 + random.nextGaussian());
  }

  private static PrivacyReport fit(SparkSession spark, KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows(), 2), D, "test", true), false).report();
  }

  private static KMeansSettings paper(Iterations iterations, double epsilon, Sampler sampler, double m) {
    return KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC).normBound(R).k(K)
        .iterations(iterations).epsilon(epsilon).sampler(sampler).sampleSize(SampleSize.of("m", m))
        .initialisation(Initialisation.RANDOM_BALL).seed(5L).build();
  }

  private static KMeansSettings strict(Iterations iterations, double normBound) {
    return KMeansSettings.builder().strict(R).origin(new double[D]).normBound(normBound).centre(new double[D])
        .k(K).iterations(iterations).epsilon(2).sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL)
        .seed(5L).build();
  }

  private static String lloydMechanism(PrivacyReport report) {
    return report.ledger().stream().filter(e -> e.stage() == LedgerStage.DP_LLOYD).findFirst().orElseThrow().mechanism();
  }

  @Test
  void fullDataTakesThePolicysChoiceFromThePlanAtAClusterOfNOverK(SparkSession spark) {
    double epsilon = 4; // T = 5 (the paper's split at r = 64 spends most of the budget on the counts)
    int expected = IterationPolicy.choose(t -> {
      NoiseScales s = PrivacyPlan.solve(new PrivacyPlan.Request(Sampler.FULL, Geometry.L2, epsilon, N, 0.5, t, D, N,
          R, Double.NaN, CoreSupremum.EXACT, NoiseSplit.SU_ET_AL), () -> null).scales();
      return Optional.of(IterationNoise.laplace(s.betaCount(), s.betaSum(), D, Geometry.L2));
    }, (double) N / K, R);
    // a choice inside the range, so that a wrong cluster weight or share would change it
    assertTrue(expected > IterationPolicy.MIN_ITERATIONS && expected < IterationPolicy.MAX_ITERATIONS,
        "precondition: " + expected);
    PrivacyReport report = fit(spark, paper(Iterations.auto(), epsilon, Sampler.FULL, 1));
    assertEquals(expected, report.iterations());
    assertTrue(lloydMechanism(report).startsWith(expected + " iterations"), lloydMechanism(report));
    assertEquals(epsilon, report.epsilon(), 1e-9);
    assertEquals(4, fit(spark, paper(Iterations.fixed(4), epsilon, Sampler.FULL, 1)).iterations(), "a fixed T stays");
  }

  @Test
  void uniformSchemeTakesAClusterOfMOverK(SparkSession spark) {
    double epsilon = 24; // T = 4: a quarter of the data per iteration, under substitution
    long m = 2000;
    int expected = IterationPolicy.choose(t -> {
      SchemePlan p = SchemePlan.solve(new SchemePlan.Request(UniformScheme.WOR, N, 0, m, Double.NaN,
          BaseNoise.LAPLACE, t, D, R, epsilon, 0, false, NoiseSplit.SU_ET_AL, Geometry.L2));
      return Optional.of(IterationNoise.laplace(p.countScale(), p.sumScale(), D, Geometry.L2));
    }, (double) m / K, R);
    assertTrue(expected > IterationPolicy.MIN_ITERATIONS && expected < IterationPolicy.MAX_ITERATIONS,
        "precondition: " + expected);
    PrivacyReport report = fit(spark, paper(Iterations.auto(), epsilon, Sampler.WOR, m));
    assertEquals(expected, report.iterations());
    assertTrue(lloydMechanism(report).startsWith(expected + " iterations"), lloydMechanism(report));
  }

  @Test
  void strictAutoEstimatesNEvenWhenRIsPublic(SparkSession spark) {
    PrivacyReport fixed = fit(spark, strict(Iterations.fixed(5), R));
    assertFalse(fixed.ledger().stream().map(e -> e.stage().label()).anyMatch(s -> s.equals("norm histogram")),
        "full data with a public r and a fixed T reads no histogram");
    PrivacyReport auto = fit(spark, strict(Iterations.auto(), R));
    assertTrue(auto.ledger().stream().map(e -> e.stage().label()).anyMatch(s -> s.equals("norm histogram")),
        "auto needs n-hat: " + auto.ledger());
    assertTrue(auto.iterations() >= IterationPolicy.MIN_ITERATIONS
        && auto.iterations() <= IterationPolicy.MAX_ITERATIONS, "T = " + auto.iterations());
    assertEquals(2, auto.epsilon(), 1e-9);
  }

  /**
   * A strict release measures the noise against a typical cluster too: at k = 200 in 5 dimensions the cluster radius
   * sqrt(x̃̂)·k^(−1/d) from the release's own DP estimates is small beside r, and the level the log names is a tenth of
   * it, below r's 0.03; paper mode keeps r's level.
   */
  @Test
  void strictAutoMeasuresTheNoiseAgainstATypicalCluster(SparkSession spark) {
    int k = 200;
    List<String> log = new ArrayList<>();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    ClusteringResult result = new PrivateKMeansEngine(KMeansSettings.builder().strict(R).k(k).epsilon(2).seed(5L)
        .build(), log::add).fit(new Points(jsc.parallelize(rows(), 2), D, "test", true), false);
    double clusterRadius = Math.sqrt(Fixtures.statistic(result.report(), "xTilde")) * Math.pow(k, -1.0 / D)
        / Fixtures.statistic(result.report(), "r");
    double level = Math.min(0.03, 0.1 * clusterRadius);
    assertTrue(level < 0.03, "precondition: a cluster of " + clusterRadius + " r");
    String expected = String.format(Locale.ROOT, "iterations auto: T = %d (a typical cluster's noisy centre within "
        + "%.3g r: 0.0300 r, or 0.100 of a typical cluster's radius (%.3g r) where less)", result.report().iterations(),
        level, clusterRadius);
    assertTrue(log.contains(expected), expected + " in " + log);

    List<String> paperLog = new ArrayList<>();
    new PrivateKMeansEngine(paper(Iterations.auto(), 4, Sampler.FULL, 1), paperLog::add)
        .fit(new Points(jsc.parallelize(rows(), 2), D, "test", true), false);
    assertTrue(paperLog.stream().anyMatch(l -> l.matches("iterations auto: T = \\d \\(a typical cluster's noisy "
        + "centre within 0\\.0300 r\\)")), paperLog.toString());
  }

  @Test
  void iterationsParseRefusesZeroAndWords() {
    assertEquals(Iterations.auto(), Iterations.parse("auto"));
    assertEquals(Iterations.fixed(12), Iterations.parse("12"));
    for (String bad : new String[] {"0", "-3", "ten", "2.5", ""}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Iterations.parse(bad));
      assertTrue(e.getMessage().contains("iterations") && e.getMessage().contains("auto")
          && e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
  }

  /**
   * From a private coreset's start, T's noise is measured for a cluster of the harmonic mean of the start's cluster
   * weights: two clusters of 3,000 points and two of 100 in 2-d (far apart, so the grid's start finds all four) give
   * about 0.44 of n/k (IterationPolicyTest has the arithmetic), four of 1,550 about 1.
   */
  @Test
  void unequalClustersMeasureTNoiseForTheLightOnes(SparkSession spark) {
    assertTrue(lightness(spark, new int[] {3000, 3000, 100, 100}) < 0.6);
    assertTrue(lightness(spark, new int[] {1550, 1550, 1550, 1550}) > 0.9);
  }

  /** The factor the log names for a strict release at ε = 1 of four 2-d clusters of these sizes (1 if not logged). */
  private static double lightness(SparkSession spark, int[] sizes) {
    List<KeyedPoint> rows = new ArrayList<>();
    java.util.SplittableRandom random = new java.util.SplittableRandom(3);
    for (int j = 0; j < sizes.length; j++) {
      for (int i = 0; i < sizes[j]; i++) {
        rows.add(new KeyedPoint(rows.size(), new double[] {40 * (j % 2) - 20 + random.nextGaussian(),
            40 * (j / 2) - 20 + random.nextGaussian()}));
      }
    }
    List<String> log = new ArrayList<>();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    new PrivateKMeansEngine(KMeansSettings.builder().strict(R).k(sizes.length).epsilon(1).seed(5L).build(), log::add)
        .fit(new Points(jsc.parallelize(rows, 2), 2, "test", true), false);
    String prefix = "iterations auto: the start's clusters are unequal; T's noise is measured for a cluster of ";
    return log.stream().filter(l -> l.startsWith(prefix)).mapToDouble(l -> Double.parseDouble(
        l.substring(prefix.length(), l.indexOf(" n/k")))).findFirst().orElse(1);
  }
}
