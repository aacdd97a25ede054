package io.pais.clustering;

import io.pais.planning.ReleaseStages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.lloyd.SampleBlock;
import io.pais.sampling.Sampler;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.Outliers;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A strict release's private coreset counts its tail axes in the norm histogram's scan and adds the heavy bands to
 * the pool DP-Lloyd re-seeds from. Two blobs of 2,940 points at (±5, 0) and a group of 120 (2 %) at (0, 20), all
 * with spread 1, at ε = 4: r (the 0.975 quantile, no tail radius) lies near 7, so the group is in the octave [2r, 4r)
 * of coordinate 1, positive. Its band's noise scale is 1/(0.04·4) = 6.25 and τ = 6.25·ln(16/0.01) = 46; the coreset,
 * which reads the points projected onto the ball of radius r, keeps regions of 3·6/(0.2·4·0.9·0.75) = 33 points or
 * more inside that ball: the group is a pool point beyond r only through its band, at its noisy mean norm (noise of
 * scale 1/(0.01·4·120) ≈ 0.21 of the octave's width 2r).
 */
@ExtendWith(SharedSparkSession.class)
class TailAxesEngineTest {
  private static final int D = 2;
  private static final int N = 6_000;
  private static final double EPSILON = 4;

  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 29, (i, t, random) -> {
      double mean = i % 50 == 0 ? (t == 1 ? 20 : 0) : t == 0 ? (i % 2 == 0 ? -5 : 5) : 0;
      return mean + random.nextGaussian();
    });
  }

  private static SettingsBuilder strict() {
    return KMeansSettings.builder().strict(60).k(3).epsilon(EPSILON).seed(5L).sampler(Sampler.FULL)
        .value(Setting.TAIL_RADIUS, false);
  }

  private static PreparedRun prepare(SparkSession spark, KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .prepare(new Points(jsc.parallelize(rows(), 2), D, "test", true));
  }

  private static List<LedgerEntry> ledger(SparkSession spark, KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows(), 2), D, "test", true), false).report().ledger();
  }

  @Test
  void theGroupsBandIsInThePoolWithItsNoisyCount(SparkSession spark) {
    PreparedRun run = prepare(spark, strict().build());
    SampleBlock pool = run.coreset();
    double r = run.data().radius();
    int band = -1;
    for (int row = 0; row < pool.rows(); row++) {
      // a band lies on its axis beyond r; a coreset point lies in the ball (and may sit on an axis, clamped to a cell)
      if (pool.value(row, 0) == 0 && pool.value(row, 1) > r) {
        assertEquals(-1, band, "one band of coordinate 1, positive");
        band = row;
      }
    }
    StringBuilder poolText = new StringBuilder("r " + run.data().radius() + ":");
    for (int row = 0; row < pool.rows(); row++) {
      poolText.append(String.format(java.util.Locale.ROOT, " (%.2f, %.2f) w %.0f;", pool.value(row, 0),
          pool.value(row, 1), pool.weights()[row]));
    }
    assertTrue(band >= 0, "the group's band is a pool point: " + poolText);
    double position = pool.value(band, 1);
    // the octave [2r, 4r) with r near 7 holds the group's norm, about 20 (the DP centre is near (0, 0.4)); within 6
    // noise scales of the mean of its bins (a false failure: e^(−6) ≈ 0.25 % under this seed's draw)
    assertTrue(r > 5 && r < 10, "r " + r);
    assertTrue(position >= 2 * r && position <= 4 * r, "in the octave [2r, 4r): " + position);
    assertEquals(19.6, position, 6 * 0.21 * 2 * r, "at the group's noisy mean norm");
    // 120 points ± 8 noise scales (a false failure: about e^(−8) ≈ 3·10⁻⁴ under this seed's draw)
    assertEquals(120, pool.weights()[band], 50, "weighted by its noisy count");
    for (int row = 0; row < pool.rows(); row++) {
      if (row != band) {
        double distance = Math.hypot(pool.value(row, 0), pool.value(row, 1) - 20);
        assertTrue(distance > 8, "no coreset region near the group: " + distance);
      }
    }
    run.release();
  }

  @Test
  void theLedgerRecordsTheTailAxesAtTheirShareUnlessPointsBeyondRAreDropped(SparkSession spark) {
    List<LedgerEntry> ledger = ledger(spark, strict().build());
    List<LedgerEntry> tail = ledger.stream().filter(e -> e.stage() == LedgerStage.INIT_TAIL_AXES).toList();
    assertEquals(1, tail.size());
    assertEquals(EPSILON * BudgetAllocation.CoresetShares.TAIL_COUNTS_SHARE, tail.get(0).epsilon());
    List<LedgerEntry> positions = ledger.stream().filter(e -> e.stage() == LedgerStage.INIT_TAIL_POSITIONS).toList();
    assertEquals(1, positions.size());
    assertEquals(EPSILON * BudgetAllocation.CoresetShares.TAIL_POSITIONS_SHARE, positions.get(0).epsilon());
    assertTrue(LedgerStage.INIT_TAIL_AXES.isInitialisation() && LedgerStage.INIT_TAIL_POSITIONS.isInitialisation());
    assertTrue(ledger.stream().mapToDouble(LedgerEntry::epsilon).sum() <= EPSILON);

    for (KMeansSettings without : List.of(strict().outliers(Outliers.DROP).build(),
        strict().initialisation(Initialisation.RANDOM_BALL).build())) {
      assertFalse(ReleaseStages.tailAxes(without, Optional.of(D)));
      assertFalse(ledger(spark, without).stream().anyMatch(e -> e.stage() == LedgerStage.INIT_TAIL_AXES
          || e.stage() == LedgerStage.INIT_TAIL_POSITIONS),
          "no tail axes: " + without);
    }
    assertFalse(ReleaseStages.tailAxes(strict().build(),
        Optional.of(BudgetAllocation.CoresetShares.TAIL_AXES_MAX_DIMENSION + 1)),
        "not above the largest dimension");
  }
}
