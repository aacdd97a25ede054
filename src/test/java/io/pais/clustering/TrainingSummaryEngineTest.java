package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.TrainingSummary;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.io.PrivacyReportJson;
import io.pais.sampling.Sampler;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.Preprocessing;
import io.pais.settings.SampleSize;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The private training summary through the engine: a strict release's report carries DP cluster sizes and a DP
 * training cost of its released centres, each within six noise standard deviations of the exact value computed here
 * (Laplace: each check fails by chance with probability e^{-6√2} ≈ 2e-4, about 1e-3 for the five checks of a
 * release; seeds fixed, so runs are deterministic); the ledger holds both mechanisms inside ε, the JSON keeps the
 * summary, and a share of 0 or paper mode makes none. The data lie inside the public r around the public centre,
 * so the training points are the input points and the exact values are computable from the input.
 */
@ExtendWith(SharedSparkSession.class)
class TrainingSummaryEngineTest {
  private static final int D = 5;
  private static final int K = 4;
  private static final int N = 20_000;
  private static final double R = 40;
  private static final double EPSILON = 2;
  private static final double SIX_SD = 6;

  private static List<KeyedPoint> rows() {
    SplittableRandom random = new SplittableRandom(9);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      double[] x = new double[D];
      double norm = 0;
      for (int t = 0; t < D; t++) {
        x[t] = 8 * (i % K) - 12 + random.nextGaussian();
        norm += x[t] * x[t];
      }
      norm = Math.sqrt(norm);
      for (int t = 0; t < D && norm > R - 1; t++) {
        x[t] *= (R - 1) / norm; // inside r: the training points are the input points
      }
      out.add(new KeyedPoint(i, x));
    }
    return out;
  }

  private static ClusteringResult fit(SparkSession spark, KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows(), 3), D, "test", true), false);
  }

  private static SettingsBuilder strict(Sampler sampler) {
    return KMeansSettings.builder().strict(R).origin(new double[D]).normBound(R).centre(new double[D]).k(K)
        .iterations(Iterations.fixed(4)).epsilon(EPSILON).sampler(sampler)
        .initialisation(Initialisation.RANDOM_BALL).seed(11L);
  }

  /** The summary is within six standard deviations of the exact sizes and cost of the released centres. */
  private static void assertSummaryOf(ClusteringResult result) {
    double[][] centres = result.centres();
    double[] sizes = new double[K];
    double cost = 0;
    double spread = 0; // the cost of one centre at the public centre, the origin
    for (KeyedPoint p : rows()) {
      for (double v : p.x()) {
        spread += v * v;
      }
      int best = 0;
      double nearest = Double.POSITIVE_INFINITY;
      for (int j = 0; j < K; j++) {
        double sq = 0;
        for (int t = 0; t < D; t++) {
          double v = p.x()[t] - centres[j][t];
          sq += v * v;
        }
        if (sq < nearest) {
          nearest = sq;
          best = j;
        }
      }
      sizes[best]++;
      cost += nearest;
    }
    TrainingSummary summary = result.report().trainingSummary();
    for (int j = 0; j < K; j++) {
      assertEquals(sizes[j], summary.clusterSizes().get(j), SIX_SD * summary.sizeStandardDeviation(), "size " + j);
    }
    assertEquals(cost, summary.trainingCost(), SIX_SD * summary.costStandardDeviation(), "training cost");
    // a useful cost tells a clustering from none: its noise is a tenth of the data's spread around the centre at
    // most (not of the cost itself, which near the optimum, N·D = 100,000 here, is below the noise at ε = 0.05)
    assertTrue(summary.costStandardDeviation() < 0.1 * spread, "a useful cost: sd " + summary.costStandardDeviation()
        + " against a spread of " + spread);
  }

  @Test
  void aStrictReleaseCarriesDpSizesAndCostOfItsCentres(SparkSession spark) {
    for (KMeansSettings settings : List.of(strict(Sampler.FULL).build(),
        strict(Sampler.OPT).sampleSize(SampleSize.of("m", 0.25)).build(),
        strict(Sampler.WOR).sampleSize(SampleSize.of("m", 5000)).build())) {
      ClusteringResult result = fit(spark, settings);
      assertSummaryOf(result);
      PrivacyReport report = result.report();
      List<LedgerStage> stages = report.ledger().stream().map(LedgerEntry::stage).toList();
      assertTrue(stages.contains(LedgerStage.SUMMARY_SIZES) && stages.contains(LedgerStage.SUMMARY_COST),
          stages.toString());
      double summaryEpsilon = report.ledger().stream().filter(e -> e.stage().label().startsWith("summary"))
          .mapToDouble(LedgerEntry::epsilon).sum();
      assertEquals(0.05 * EPSILON, summaryEpsilon, 1e-12, "the default share");
      assertTrue(report.epsilon() <= EPSILON, "the ledger stays within epsilon: " + report.epsilon());
      assertEquals(report.trainingSummary(), PrivacyReportJson.fromText(PrivacyReportJson.toText(report))
          .trainingSummary(), "the JSON keeps the summary");
    }
  }

  @Test
  void aShareOfZeroOrPaperModeMakesNoSummary(SparkSession spark) {
    PrivacyReport none = fit(spark, strict(Sampler.FULL).value(Setting.BUDGET_SUMMARY, 0).build()).report();
    assertNull(none.trainingSummary());
    assertFalse(none.ledger().stream().anyMatch(e -> e.stage().label().startsWith("summary")), none.ledger()
        .toString());
    PrivacyReport paper = fit(spark, KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC)
        .normBound(R).k(K).iterations(Iterations.fixed(4)).epsilon(EPSILON).sampler(Sampler.FULL)
        .initialisation(Initialisation.RANDOM_BALL).seed(11L).build()).report();
    assertNull(paper.trainingSummary());
  }
}
