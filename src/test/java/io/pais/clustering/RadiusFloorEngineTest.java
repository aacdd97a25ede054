package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.estimation.PrivateNormHistogram;
import io.pais.io.Points;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.KMeansSettings;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * r̂'s floor through the engine: two clusters of radius about 3 at the middle of the public box [−100, 100]²
 * (R₀ ≈ 141, so the floor R₁/4 is above 35). At 300 points and ε = 1 the norm histogram's cumulative count is
 * noise-bound (a deviation near 160 at the floor's edge against the 7.5 points the 0.975 quantile leaves out), so
 * r̂ is at least the floor in every seed, and the report's description of r says so; at 40,000 points it places the
 * quantile, and r̂ stays near the data (below the floor), as before.
 */
@ExtendWith(SharedSparkSession.class)
class RadiusFloorEngineTest {
  private static final int D = 2;

  private static double radius(SparkSession spark, int n, long seed) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    var rows = Fixtures.keyedRows(n, D, 13, (i, t, random) -> (i % 2 == 0 ? 1.5 : -1.5) + random.nextGaussian());
    KMeansSettings settings = KMeansSettings.builder().k(2).epsilon(1).seed(seed)
        .bounds(CoordinateBounds.parse("-100:100")).build();
    ClusteringResult result = new PrivateKMeansEngine(settings, message -> { })
        .fit(new Points(jsc.parallelize(rows, 2), D, "test", true), false);
    String meaning = result.report().statistics().stream().filter(s -> s.name().equals("r")).findFirst()
        .orElseThrow().description();
    assertTrue(meaning.contains("at least its range / " + PrivateNormHistogram.RADIUS_FLOOR_DIVISOR), meaning);
    return Fixtures.statistic(result.report(), "r");
  }

  @Test
  void aFewHundredPointsTakeTheFloorManyThousandsTheQuantile(SparkSession spark) {
    double floorAtLeast = Math.sqrt(2) * 100 / PrivateNormHistogram.RADIUS_FLOOR_DIVISOR;
    for (long seed = 0; seed < 4; seed++) {
      double few = radius(spark, 300, seed);
      assertTrue(few >= floorAtLeast, "seed " + seed + ": r = " + few + " at 300 points, floor >= " + floorAtLeast);
    }
    double many = radius(spark, 40_000, 1);
    assertTrue(many < 10, "r = " + many + " at 40,000 points: the histogram places the quantile");
  }
}
