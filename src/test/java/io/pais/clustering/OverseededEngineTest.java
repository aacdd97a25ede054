package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.io.Points;
import io.pais.sampling.KeyedPoint;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Where a release over-seeds DP-Lloyd's first iteration ({@link io.pais.lloyd.OverseededStart}): a strict release
 * with the guards on, from the private coreset's cell tree with at most 12 rows a centre, T ≥ 2 — and nowhere else:
 * not from a finer coreset, not from the grid's cells (few dimensions), not at T = 1, not from a user's start, not in
 * paper mode. Its ledger is the one without it: the
 * first iteration's k′ clusters partition the points as k do.
 */
@ExtendWith(SharedSparkSession.class)
class OverseededEngineTest {
  private static final String OVERSEEDING = "over-seeding: the first iteration over ";

  private static ClusteringResult fit(SparkSession spark, KMeansSettings settings, int d, List<KeyedPoint> rows,
      List<String> log) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, log::add).fit(new Points(jsc.parallelize(rows, 2), d, "test", true),
        false);
  }

  /** Four clusters in 5-d (the cell tree's coreset: d ≥ 4 with n̂·ε/(k·d) ≥ 150). */
  private static List<KeyedPoint> fiveD() {
    return Fixtures.keyedRows(12_000, 5, 11, (i, t, random) -> 8 * (i % 4) - 12 + random.nextGaussian() * 2);
  }

  private static boolean overseeds(List<String> log) {
    return log.stream().anyMatch(l -> l.startsWith(OVERSEEDING));
  }

  @Test
  void aStrictReleaseFromTheCellTreeOverseedsItsFirstIteration(SparkSession spark) {
    List<String> log = new ArrayList<>();
    ClusteringResult result = fit(spark, KMeansSettings.builder().strict(40).k(4).epsilon(1).seed(7L).build(), 5,
        fiveD(), log);
    assertTrue(log.stream().anyMatch(l -> l.startsWith(OVERSEEDING + "8 centres fitted to the private coreset, its "
        + "noisy centres merged into k = 4")), log.toString());
    assertTrue(result.report().epsilon() <= 1, "the ledger's total: " + result.report().epsilon());
    assertEquals(4, result.centres().length);

    // the same release at T = 1 has no later iteration to merge for: the ledger is the same but for T
    List<String> once = new ArrayList<>();
    ClusteringResult single = fit(spark, KMeansSettings.builder().strict(40).k(4).epsilon(1).seed(7L)
        .iterations(Iterations.fixed(1)).build(), 5, fiveD(), once);
    assertTrue(!overseeds(once), once.toString());
    assertEquals(result.report().ledger().stream().map(LedgerEntry::stage).toList(),
        single.report().ledger().stream().map(LedgerEntry::stage).toList());
    assertEquals(result.report().epsilon(), single.report().epsilon(), 0);
  }

  @Test
  void noOverseedingFromAFineCoresetTheGridsCellsAUsersStartOrInPaperMode(SparkSession spark) {
    List<String> log = new ArrayList<>();
    fit(spark, KMeansSettings.builder().strict(40).k(4).epsilon(3).seed(7L).build(), 5, fiveD(), log);
    assertTrue(!overseeds(log), "more than 12 rows a centre at epsilon 3: " + log);
    log.clear();
    fit(spark, KMeansSettings.builder().strict(40).k(4).epsilon(3).seed(7L).initialisation(Initialisation.RANDOM_BALL)
        .build(), 5, fiveD(), log);
    assertTrue(!overseeds(log), "a user's start: " + log);
    log.clear();
    fit(spark, KMeansSettings.builder().paper().k(4).epsilon(3).seed(7L).build(), 5, fiveD(), log);
    assertTrue(!overseeds(log), "paper mode: " + log);
    log.clear();
    List<KeyedPoint> twoD = Fixtures.keyedRows(3_000, 2, 5, (i, t, random) -> (t == 0 ? 6 * (i % 3) : 0)
        + random.nextGaussian());
    ClusteringResult grid = fit(spark, KMeansSettings.builder().strict(40).k(3).epsilon(1).seed(7L).build(), 2, twoD,
        log);
    assertTrue(grid.report().ledger().stream().anyMatch(e -> e.stage().isInitialisation()), "a coreset: " + log);
    assertTrue(!overseeds(log), "the grid's cells: " + log);
  }
}
