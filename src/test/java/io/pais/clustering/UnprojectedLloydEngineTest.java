package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.Statistic;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.sampling.Sampler;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.OffsetClip;
import io.pais.settings.Outliers;
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
 * Where a strict release's DP-Lloyd sums clipped offsets over every point, it reads the points as the clip put them,
 * not projected onto r: a far group beyond r keeps its place and gets a centre there. Two blobs of 2,850 points at
 * (±5, 0) and a group of 120 (2 %) at (0, 30), all with spread 1: the 0.975 norm quantile r (no tail radius) stays
 * well inside the far group's distance, so projected onto r the group sits about 20 from where it is. Summing the
 * points, dropping the points beyond r, or reading a sample, DP-Lloyd projects, and no centre gets near the group.
 */
@ExtendWith(SharedSparkSession.class)
class UnprojectedLloydEngineTest {
  private static final int D = 2;
  private static final int K = 3;
  private static final int N = 6_000;
  private static final double[] FAR_GROUP = {0, 30};

  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 17, (i, t, random) -> {
      double mean = i % 50 == 0 ? FAR_GROUP[t] : t == 0 ? (i % 2 == 0 ? -5 : 5) : 0;
      return mean + random.nextGaussian();
    });
  }

  /** Every point, ρ = r, five iterations, r at the quantile: the far group is the only thing beyond r. */
  private static SettingsBuilder strict() {
    return KMeansSettings.builder().strict(60).k(K).epsilon(20).seed(3L).sampler(Sampler.FULL)
        .offsetClip(OffsetClip.fraction(1)).iterations(Iterations.fixed(5)).value(Setting.TAIL_RADIUS, false);
  }

  private static ClusteringResult fit(SparkSession spark, KMeansSettings settings, List<String> log) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, log::add).fit(new Points(jsc.parallelize(rows(), 2), D, "test", true),
        false);
  }

  /** The released centre nearest the far group, its distance from it. */
  private static double nearestToFarGroup(ClusteringResult result) {
    double best = Double.POSITIVE_INFINITY;
    for (double[] c : result.centres()) {
      best = Math.min(best, Math.hypot(c[0] - FAR_GROUP[0], c[1] - FAR_GROUP[1]));
    }
    return best;
  }

  private static Statistic r(ClusteringResult result) {
    return result.report().statistics().stream().filter(s -> s.name().equals("r")).findFirst().orElseThrow();
  }

  @Test
  void everyPointWithClippedOffsetsReachesAGroupBeyondR(SparkSession spark) {
    List<String> log = new ArrayList<>();
    ClusteringResult release = fit(spark, strict().build(), log);
    assertTrue(r(release).value() < 15, "r at the quantile, well inside the far group: " + r(release).value());
    // the group's mean is known to about 1/sqrt(120) without noise; at ε = 20 the noise adds a fraction of that
    assertTrue(nearestToFarGroup(release) < 1, "nearest centre " + nearestToFarGroup(release) + " from the group");
    assertTrue(log.contains("DP-Lloyd reads every point unprojected (offsets clipped to rho)"), log.toString());
    assertTrue(r(release).description().contains("projected for the initialiser, while DP-Lloyd (its offsets clipped "
        + "to rho) and the training summary read every point as clipped"), r(release).description());
    assertTrue(release.report().epsilon() <= 20);
  }

  /**
   * The training summary reads the points DP-Lloyd read: its cost is the exact capped cost of the released centres on
   * the raw points (the far group near its centre, about 2 a point) within 25 % — 8.9 of its noise's scales (cap/ε_cost
   * with ε_cost = 0.5), so a false failure has probability e^(−8.9) ≈ 1.4·10⁻⁴ under this seed's draw. Read projected,
   * the far group's 120 points would sit about 20 from their centre and add their capped terms, over 60 % more.
   */
  @Test
  void theTrainingSummaryReadsThePointsDpLloydRead(SparkSession spark) {
    ClusteringResult release = fit(spark, strict().build(), new ArrayList<>());
    io.pais.accounting.TrainingSummary summary = release.report().trainingSummary();
    double exact = 0;
    for (KeyedPoint row : rows()) {
      double nearest = Double.POSITIVE_INFINITY;
      for (double[] c : release.centres()) {
        nearest = Math.min(nearest, Math.pow(row.x()[0] - c[0], 2) + Math.pow(row.x()[1] - c[1], 2));
      }
      exact += Math.min(nearest, summary.costTermCap());
    }
    assertEquals(exact, summary.trainingCost(), 0.25 * exact, "the cap is " + summary.costTermCap());
    assertTrue(0.25 * exact > 8.5 * summary.costNoiseScale(), "the noise scale " + summary.costNoiseScale());
  }

  @Test
  void opt_sAutoSizeReadingEveryPointReadsThemUnprojected(SparkSession spark) {
    ClusteringResult auto = fit(spark, strict().sampler(Sampler.OPT).build(), new ArrayList<>());
    assertEquals(Sampler.FULL, auto.report().sampler());
    assertTrue(nearestToFarGroup(auto) < 1, "nearest centre " + nearestToFarGroup(auto) + " from the group");
  }

  @Test
  void sumsOfPointsDroppedPointsAndSamplesStayProjected(SparkSession spark) {
    List<ClusteringResult> projected = List.of(
        fit(spark, strict().offsetClip(OffsetClip.none()).build(), new ArrayList<>()),
        fit(spark, strict().outliers(Outliers.DROP).build(), new ArrayList<>()),
        fit(spark, strict().sampler(Sampler.OPT).sampleSize(SampleSizeRule.auto(0)).build(), new ArrayList<>()));
    for (ClusteringResult result : projected) {
      // every centre within r < 15 of the DP centre (about (0, 0.6)): more than 14 from the group
      assertTrue(r(result).value() < 15, "r " + r(result).value());
      assertTrue(nearestToFarGroup(result) > 14, "nearest centre " + nearestToFarGroup(result) + " from the group");
      assertFalse(r(result).description().contains("DP-Lloyd read every point"), r(result).description());
    }
  }
}
