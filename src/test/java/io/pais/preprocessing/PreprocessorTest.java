package io.pais.preprocessing;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.math.Quantiles;
import io.pais.privacy.Geometry;
import io.pais.testing.SharedSparkSession;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Paper preprocessing (SPEC §8) against a direct computation on the driver. */
@ExtendWith(SharedSparkSession.class)
class PreprocessorTest {

  static double[] mean(List<double[]> points) {
    double[] m = new double[points.get(0).length];
    for (double[] x : points) {
      for (int t = 0; t < m.length; t++) {
        m[t] += x[t] / points.size();
      }
    }
    return m;
  }

  @Test
  void paperModeMatchesADirectComputation(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> points = Fixtures.gaussianPoints(7_001, 3, 9);
    double[] mu = mean(points);
    double[] norms = points.stream().mapToDouble(x -> Preprocessor.distance(x, mu)).toArray();
    double p = Quantiles.linear(norms, 0.975);
    List<double[]> kept = points.stream().filter(x -> Preprocessor.distance(x, mu) < p).toList();
    double[] mu2 = mean(kept);
    double r = kept.stream().mapToDouble(x -> Preprocessor.distance(x, mu2)).max().orElseThrow();
    double xTilde = kept.stream().mapToDouble(x -> Math.pow(Preprocessor.distance(x, mu2), 2)).average().orElseThrow();

    PreparedData data = Preprocessor.paper(Fixtures.keyed(jsc.parallelize(points, 3)), 3, Geometry.L2, "test");
    assertEquals(p, data.percentile(), 1e-12 * p);
    assertEquals(kept.size(), data.count());
    assertEquals(r, data.radius(), 1e-12 * r);
    assertEquals(xTilde, data.meanNormStatistic(), 1e-10 * xTilde);
    for (int t = 0; t < 3; t++) {
      assertEquals(mu2[t], data.offset()[t], 1e-10);
    }
    assertTrue(data.points().map(q -> Geometry.L2.norm(q.x())).collect().stream().allMatch(z -> z <= data.radius()));
  }

  @Test
  void publicModeProjectsOntoTheBall(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    // the last point's squared norm overflows a double: it must still land on the ball, not at the origin
    List<double[]> points = List.of(new double[] {3, 4}, new double[] {0.3, 0.4}, new double[] {-6, 8},
        new double[] {1e200, -1e200});
    for (Geometry g : Geometry.values()) {
      PreparedData data = Preprocessor.publicBounds(Fixtures.keyed(jsc.parallelize(points, 2)), 2, g,
          2.0, null, "test");
      List<double[]> out = data.points().map(KeyedPoint::x).collect();
      assertEquals(2.0, g.norm(out.get(0)), 1e-12);
      assertEquals(g.norm(points.get(1)), g.norm(out.get(1)), 1e-12);
      assertEquals(2.0, g.norm(out.get(2)), 1e-12);
      assertEquals(2.0, g.norm(out.get(3)), 1e-12, g + ": a 1e200 point lands on the ball");
      assertEquals(out.get(3)[0], -out.get(3)[1], 1e-12, "in its own direction");
      assertEquals(2.0, data.radius());
    }
  }
}
