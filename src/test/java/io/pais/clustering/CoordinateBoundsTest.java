package io.pais.clustering;

import io.pais.settings.Iterations;
import io.pais.settings.Initialisation;
import io.pais.settings.CoordinateBounds;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.settings.StrictRelease;
import io.pais.settings.KMeansSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** --bounds: parsing and its refusals, the box's clip ball, and the clamp applied to every point of a release. */
@ExtendWith(SharedSparkSession.class)
class CoordinateBoundsTest {

  @Test
  void parsesOnePairForAllOrOnePairPerCoordinate() {
    CoordinateBounds all = CoordinateBounds.parse("-1:3");
    assertArrayEquals(new double[] {1, 1, 1}, all.midpoint(3));
    assertEquals(2 * Math.sqrt(3), all.halfDiagonal(3, Geometry.L2), 1e-12);
    assertEquals(6, all.halfDiagonal(3, Geometry.L1), 1e-12);
    CoordinateBounds each = CoordinateBounds.parse("0:2, -4:4,10:10");
    assertArrayEquals(new double[] {1, 0, 10}, each.midpoint(3));
    assertEquals(Math.sqrt(1 + 16), each.halfDiagonal(3, Geometry.L2), 1e-12);
    assertArrayEquals(new double[] {2, -4, 10}, each.clamp(new double[] {7, -9, 3}));
    assertArrayEquals(new double[] {0.5, 1, 10}, each.clamp(new double[] {0.5, 1, 10}));
  }

  @Test
  void refusesBadBoundsNamingTheRule() {
    for (String[] c : new String[][] {{"1:0", "lower <= upper"}, {"0:NaN", "upper[0]"}, {"0:1,2", "'2'"},
        {"a:b", "'a:b'"}, {"0:Infinity", "upper[0]"},
        // issue 48, item 7: named by the flag's rule, not by an internal that later fails on them
        {"-1e308:1e308", "within +-1.0E150"}, {"1e-320:1e-310", "at least 1.0E-150 wide"},
        {"3:3", "wider than 0 in at least one coordinate"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoordinateBounds.parse(c[0]));
      assertTrue(e.getMessage().startsWith("bounds") && e.getMessage().contains(c[1]), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CoordinateBounds.parse("0:1,0:1").midpoint(3));
    assertTrue(e.getMessage().contains("3 pairs") && e.getMessage().contains("got 2"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new StrictRelease(5, null, 0.975, true, false,
        new BudgetAllocation.Shares(0.05, 0.05, InitShare.fixed(0.2), 0.05, 0.5), 1 << 20,
        CoordinateBounds.parse("0:1")));
    assertTrue(e.getMessage().contains("not both"), e.getMessage());
  }

  @Test
  void everyPointIsClampedIntoTheBox(SparkSession spark) {
    SplittableRandom random = new SplittableRandom(4);
    List<KeyedPoint> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      rows.add(new KeyedPoint(i, new double[] {20 * random.nextGaussian(), 3 + random.nextGaussian()}));
    }
    KMeansSettings settings = KMeansSettings.builder().bounds(CoordinateBounds.parse("-1:1,0:10")).k(3).iterations(Iterations.fixed(3)).epsilon(2)
        .sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL).seed(1L).build();
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(new Points(JavaSparkContext.fromSparkContext(spark.sparkContext())
        .parallelize(rows, 2), 2, "test", true));
    // centred by the DP centre and perhaps projected onto r-hat, so compare ranges, not positions
    List<double[]> prepared = run.data().points().map(KeyedPoint::x).collect();
    for (int t = 0; t < 2; t++) {
      final int c = t;
      double lo = prepared.stream().mapToDouble(x -> x[c]).min().orElseThrow();
      double hi = prepared.stream().mapToDouble(x -> x[c]).max().orElseThrow();
      assertTrue(hi - lo <= (t == 0 ? 2 : 10) + 1e-9, "coordinate " + t + " spans " + (hi - lo));
    }
    // half-widths 1 and 5: effective dimension 36/26 below (d + 1)/2 = 1.5, so auto takes l1 and R0 is the box's l1
    // half-diagonal 1 + 5 (sqrt(1 + 25) in l2)
    assertEquals(io.pais.privacy.Geometry.L1, settings.geometry());
    assertEquals(6, engine.report(run, null).statistics().stream().filter(s -> s.name().equals("clipRadius"))
        .findFirst().orElseThrow().value(), 1e-12);
    io.pais.accounting.Statistic box = engine.report(run, null).statistics().stream()
        .filter(s -> s.name().equals("boxEffectiveDimension")).findFirst().orElseThrow();
    assertEquals(36 / 26.0, box.value(), 1e-12);
    assertTrue(box.description().contains("below (d + 1)/2 = 1.5") && box.description().endsWith("geometry is l1"),
        box.description());
    run.release();
  }
}
