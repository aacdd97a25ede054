package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PublicDomain;
import io.pais.settings.Setting;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 49, item 3: every released centre lies in the public box or ball the points were clipped to — a move that
 * never takes a centre further from any point inside (the projection onto a convex set is non-expansive), so the cost
 * of the points the release read can only fall.
 */
@ExtendWith(SharedSparkSession.class)
class PublicDomainTest {

  @Test
  void aBoxClampsEachCoordinateAndCountsTheCentresMoved() {
    PublicDomain box = new PublicDomain.Box(CoordinateBounds.parse("0:1,-2:2"), 2);
    double[] offset = {0.5, 0};
    // in shifted coordinates: centre 0 at (0.7, 3) is (1.2, 3) in the input's, centre 1 at (0, 0) is inside
    double[] centres = {0.7, 3, 0, 0};
    assertEquals(1, box.moveInto(centres, 2, offset));
    assertArrayEquals(new double[] {0.5, 2, 0, 0}, centres, 1e-15);
  }

  @Test
  void aBallScalesACentreOutsideOntoItsSphere() {
    PublicDomain ball = new PublicDomain.Ball(new double[] {1, 1}, 2);
    double[] centres = {3, 1, 0.5, 0.5}; // in the input's coordinates (4, 2), outside, and (1.5, 1.5), inside
    assertEquals(1, ball.moveInto(centres, 2, new double[] {1, 1}));
    assertEquals(2, Math.hypot(centres[0] + 1 - 1, centres[1] + 1 - 1), 1e-12, "on the sphere");
    assertEquals(1 / 3.0, centres[1] / centres[0], 1e-12, "towards the middle, along its direction");
    assertArrayEquals(new double[] {0.5, 0.5}, new double[] {centres[2], centres[3]}, "inside: unchanged");
  }

  /** The move never takes a centre further from a point inside (20,000 random pairs, both shapes). */
  @Test
  void noPointInsideIsEverFurtherFromAMovedCentre() {
    SplittableRandom random = new SplittableRandom(11);
    int d = 3;
    CoordinateBounds bounds = CoordinateBounds.parse("-1:1,0:5,-3:0");
    List<PublicDomain> domains = List.of(new PublicDomain.Box(bounds, d),
        new PublicDomain.Ball(new double[] {0.5, -1, 2}, 1.5));
    for (PublicDomain domain : domains) {
      for (int trial = 0; trial < 10_000; trial++) {
        double[] centre = {10 * random.nextGaussian(), 10 * random.nextGaussian(), 10 * random.nextGaussian()};
        double[] inside = domain instanceof PublicDomain.Box ? new double[] {random.nextDouble(-1, 1),
            random.nextDouble(0, 5), random.nextDouble(-3, 0)} : ballPoint(random, new double[] {0.5, -1, 2}, 1.5);
        double before = distance(centre, inside);
        double[] moved = centre.clone();
        domain.moveInto(moved, 1, new double[d]);
        assertTrue(distance(moved, inside) <= before * (1 + 1e-12), domain + ": " + before + " -> "
            + distance(moved, inside));
      }
    }
  }

  /**
   * In a release at small ε with noise enough to throw centres far out, every released centre lies in the box; with
   * the guards off (the paper's reproduction) they do not — so the check can fail.
   */
  @Test
  void everyReleasedCentreLiesInTheBox(SparkSession spark) {
    SplittableRandom random = new SplittableRandom(5);
    List<KeyedPoint> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(new KeyedPoint(i, new double[] {random.nextDouble(), random.nextDouble(), 100 * random.nextDouble()}));
    }
    CoordinateBounds bounds = CoordinateBounds.parse("0:1,0:1,0:100");
    int outsideWithGuards = 0;
    int outsideWithout = 0;
    for (boolean guards : new boolean[] {true, false}) {
      for (long seed = 0; seed < 5; seed++) {
        KMeansSettings settings = KMeansSettings.builder().bounds(bounds).k(6).epsilon(0.2).sampler(Sampler.FULL)
            .value(Setting.GUARDS, guards).seed(seed).build();
        double[][] centres = new PrivateKMeansEngine(settings, message -> { }).fit(new Points(JavaSparkContext
            .fromSparkContext(spark.sparkContext()).parallelize(rows, 2), 3, "test", true), false).centres();
        for (double[] c : centres) {
          boolean inside = c[0] >= 0 && c[0] <= 1 && c[1] >= 0 && c[1] <= 1 && c[2] >= 0 && c[2] <= 100;
          if (!inside && guards) {
            outsideWithGuards++;
          } else if (!inside) {
            outsideWithout++;
          }
        }
      }
    }
    assertEquals(0, outsideWithGuards, "with the guards on, every released centre is in the box");
    assertTrue(outsideWithout > 0, "without them some are not, at this epsilon");
  }

  private static double[] ballPoint(SplittableRandom random, double[] centre, double radius) {
    double[] x;
    do {
      x = new double[] {random.nextDouble(-radius, radius), random.nextDouble(-radius, radius),
          random.nextDouble(-radius, radius)};
    } while (Geometry.L2.norm(x) > radius);
    for (int t = 0; t < 3; t++) {
      x[t] += centre[t];
    }
    return x;
  }

  private static double distance(double[] a, double[] b) {
    double s = 0;
    for (int t = 0; t < a.length; t++) {
      s += (a[t] - b[t]) * (a[t] - b[t]);
    }
    return Math.sqrt(s);
  }
}
