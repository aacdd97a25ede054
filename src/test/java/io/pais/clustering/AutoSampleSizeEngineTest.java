package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.sampling.Sampler;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.OffsetClip;
import io.pais.settings.SampleSize;
import io.pais.settings.SampleSizeRule;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --sample-size auto through the engine: opt in a strict release reads every point while n̂ is at most the limit,
 * and is then the full-data release, bit for bit. Above the limit (here a limit of 0) it takes the largest of the
 * sizes to try whose plan exists, and is then the same release, bit for bit, as one given that size (the same seed
 * draws the same DP n̂ before the size is chosen); where the largest has no plan (a given 20 % is refused) it falls
 * back, and clipped offsets, whose sum bound is below r, have a plan for more; every other sampler keeps 5 %.
 */
@ExtendWith(SharedSparkSession.class)
class AutoSampleSizeEngineTest {
  private static final int D = 5;
  private static final int K = 4;
  private static final int N = 12_000;

  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 3, (i, t, random) -> 8 * (i % K) - 12
        + random.nextGaussian() * (1 + 3 * random.nextDouble()));
  }

  /** The ladder's tests: auto that never reads every point. */
  private static SettingsBuilder strict(double epsilon) {
    return KMeansSettings.builder().strict(40).k(K).epsilon(epsilon).seed(5L).sampleSize(SampleSizeRule.auto(0));
  }

  private static ClusteringResult fit(SparkSession spark, KMeansSettings settings, List<String> log) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, log::add).fit(new Points(jsc.parallelize(rows(), 2), D, "test", true),
        false);
  }

  private static void assertSameRelease(ClusteringResult expected, ClusteringResult actual) {
    assertEquals(expected.report().expectedSampleSize(), actual.report().expectedSampleSize());
    for (int j = 0; j < K; j++) {
      assertArrayEquals(expected.centres()[j], actual.centres()[j], 0, "centre " + j);
    }
    assertEquals(expected.report().ledger(), actual.report().ledger());
  }

  @Test
  void readsEveryPointUpToTheLimitAsFullDataDoes(SparkSession spark) {
    List<String> log = new ArrayList<>();
    SettingsBuilder byDefault = KMeansSettings.builder().strict(40).k(K).epsilon(3).seed(5L);
    ClusteringResult auto = fit(spark, byDefault.build(), log);
    ClusteringResult full = fit(spark, KMeansSettings.builder().strict(40).k(K).epsilon(3).seed(5L)
        .sampler(Sampler.FULL).build(), new ArrayList<>());
    assertSameRelease(full, auto);
    assertEquals(Sampler.FULL, auto.report().sampler());
    assertTrue(log.contains("sample-size auto: every point (the estimated n is at most " + (1 << 19) + ")"),
        log.toString());
    assertTrue(auto.report().epsilon() <= 3);
    // a limit under n̂ (about N): the ladder, whose largest size here is 20 %
    List<String> sampled = new ArrayList<>();
    ClusteringResult ladder = fit(spark, KMeansSettings.builder().strict(40).k(K).epsilon(3).seed(5L)
        .sampleSize(SampleSizeRule.auto(N / 2)).build(), sampled);
    assertEquals(Sampler.OPT, ladder.report().sampler());
    assertTrue(sampled.stream().anyMatch(l -> l.contains("(0.200 of the estimated n)")), sampled.toString());
  }

  @Test
  void takesTwentyPercentWhereItsPlanExists(SparkSession spark) {
    List<String> log = new ArrayList<>();
    ClusteringResult auto = fit(spark, strict(3).build(), log);
    assertSameRelease(fit(spark, strict(3).sampleSize(new SampleSize.Fraction(0.2)).build(), new ArrayList<>()), auto);
    assertTrue(log.stream().anyMatch(l -> l.startsWith("sample-size auto: m = ")
        && l.contains("(0.200 of the estimated n), the largest of 3 sizes with a plan")), log.toString());
    assertTrue(auto.report().epsilon() <= 3);
  }

  @Test
  void fallsBackToTheLargestSizeWithAPlan(SparkSession spark) {
    // summing the points at epsilon 0.3, opt's B search finds no noise level that keeps 20 % of n̂: a given 20 % is
    // refused
    InputException refused = assertThrows(InputException.class, () -> fit(spark, strict(0.3)
        .offsetClip(OffsetClip.none()).sampleSize(new SampleSize.Fraction(0.2)).build(), new ArrayList<>()));
    assertTrue(refused.getMessage().startsWith("opt cannot reach this sample size"), refused.getMessage());
    ClusteringResult auto = fit(spark, strict(0.3).offsetClip(OffsetClip.none()).build(), new ArrayList<>());
    assertSameRelease(fit(spark, strict(0.3).offsetClip(OffsetClip.none()).sampleSize(new SampleSize.Fraction(0.1))
        .build(), new ArrayList<>()), auto);
    assertTrue(auto.report().epsilon() <= 0.3);
  }

  @Test
  void clippedOffsetsLetOptKeepMorePoints(SparkSession spark) {
    // the same ε with the default clipped offsets: one point moves a sum by at most rho < r, and 20 % has a plan
    List<String> log = new ArrayList<>();
    ClusteringResult auto = fit(spark, strict(0.3).build(), log);
    assertTrue(log.stream().anyMatch(l -> l.startsWith("sample-size auto: m = ")
        && l.contains("(0.200 of the estimated n)")), log.toString());
    assertTrue(log.stream().anyMatch(l -> l.startsWith("offset-clip auto: rho = ") && !l.contains("rho = 1.000 r")),
        log.toString());
    assertTrue(auto.report().epsilon() <= 0.3);
  }

  @Test
  void everyOtherSamplerKeepsFivePercent(SparkSession spark) {
    List<String> log = new ArrayList<>();
    ClusteringResult auto = fit(spark, strict(3).sampler(Sampler.UNIF).build(), log);
    assertSameRelease(fit(spark, strict(3).sampler(Sampler.UNIF).sampleSize(new SampleSize.Fraction(0.05)).build(),
        new ArrayList<>()), auto);
    assertTrue(log.stream().noneMatch(l -> l.startsWith("sample-size auto")), log.toString());
  }
}
