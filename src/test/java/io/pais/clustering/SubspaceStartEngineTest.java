package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.InitShare;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.io.Points;
import io.pais.sampling.KeyedPoint;
import io.pais.sampling.Sampler;
import io.pais.settings.KMeansSettings;
import io.pais.testing.SharedSparkSession;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The start in a random subspace through the engine: where no coreset runs (n̂·ε/(k·d) between 5 and 25) and
 * n̂·ε/(4k) is 100 or more, a strict release on every point spends the subspace's share in three 'init: subspace'
 * entries and DP-Lloyd the rest, its report says how it started, and where n̂·ε/(k·d) is below 5 it starts as before.
 */
@ExtendWith(SharedSparkSession.class)
class SubspaceStartEngineTest {
  private static final int D = 64;
  private static final int K = 4;

  /** Four clusters 8 from the origin in 64-d, 0.4 a coordinate around their centres, keyed by row. */
  private static List<KeyedPoint> clusters(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] centres = new double[K][D];
    for (double[] centre : centres) {
      double norm = 0;
      for (int t = 0; t < D; t++) {
        centre[t] = random.nextGaussian();
        norm += centre[t] * centre[t];
      }
      for (int t = 0; t < D; t++) {
        centre[t] *= 8 / Math.sqrt(norm);
      }
    }
    List<KeyedPoint> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] x = new double[D];
      for (int t = 0; t < D; t++) {
        x[t] = centres[i % K][t] + 0.4 * random.nextGaussian();
      }
      rows.add(new KeyedPoint(i, x));
    }
    return rows;
  }

  private static ClusteringResult fit(SparkSession spark, List<KeyedPoint> rows, double epsilon) {
    KMeansSettings settings = KMeansSettings.builder().strict(16).k(K).epsilon(epsilon).sampler(Sampler.FULL)
        .seed(11L).build();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows, 2), D, "test", true), false);
  }

  @Test
  void aReleaseInTheRegimeStartsInASubspaceAndSpendsItsShare(SparkSession spark) {
    // n = 4,000, ε = 1: n̂·ε/(k·d) ≈ 15.6 (no coreset), n̂·ε/(4k) ≈ 250
    ClusteringResult result = fit(spark, clusters(4000, 3), 1);
    List<LedgerEntry> ledger = result.report().ledger();
    List<LedgerEntry> subspace = ledger.stream().filter(e -> e.stage() == LedgerStage.INIT_SUBSPACE).toList();
    assertEquals(3, subspace.size(), ledger.toString());
    BigDecimal start = BigDecimal.ZERO;
    BigDecimal total = BigDecimal.ZERO;
    for (LedgerEntry e : ledger) {
      total = total.add(new BigDecimal(e.epsilon()));
      start = e.stage() == LedgerStage.INIT_SUBSPACE ? start.add(new BigDecimal(e.epsilon())) : start;
    }
    assertTrue(total.compareTo(new BigDecimal(1)) <= 0, "the ledger's total " + total + " exceeds 1");
    assertEquals(InitShare.Auto.SUBSPACE_SHARE, start.doubleValue(), 1e-12);
    assertTrue(result.report().toString().contains("random " + InitShare.Auto.SUBSPACE_DIMENSION
        + "-dimensional subspace"), "the report must say how the release started");
  }

  @Test
  void belowItsBudgetTheReleaseStartsAsBefore(SparkSession spark) {
    // n = 1,000, ε = 1: n̂·ε/(k·d) ≈ 3.9, below SUBSPACE_MIN_BUDGET
    List<LedgerEntry> ledger = fit(spark, clusters(1000, 4), 1).report().ledger();
    assertTrue(ledger.stream().noneMatch(e -> e.stage() == LedgerStage.INIT_SUBSPACE), ledger.toString());
  }
}
