package io.pais.preprocessing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.SamplingFunction;
import io.pais.sampling.UniformSampling;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The floating-point slack the privacy argument does not model is accounted for (issue 25, item 3): a projected or
 * clipped point's exact norm is at most the radius the accounting uses, a kept row's weight is at most 1/q and its
 * chance of being kept at most 1/w. Each property is checked in exact arithmetic, and each check is shown to fail
 * on the arithmetic pais used before.
 */
class RoundingMarginTest {
  private static final MathContext EXACT = MathContext.UNLIMITED;

  /** The exact norm of x, raised to the geometry's power (‖x‖₂² or ‖x‖₁), compared with r (or r²) exactly. */
  private static boolean exactNormAtMost(double[] x, double r, Geometry geometry) {
    BigDecimal sum = BigDecimal.ZERO;
    for (double v : x) {
      BigDecimal b = new BigDecimal(v);
      sum = sum.add(geometry == Geometry.L2 ? b.multiply(b, EXACT) : b.abs());
    }
    BigDecimal bound = new BigDecimal(r);
    return sum.compareTo(geometry == Geometry.L2 ? bound.multiply(bound, EXACT) : bound) <= 0;
  }

  /** A point of mixed magnitudes well outside the ball of radius r. */
  private static double[] farPoint(SplittableRandom random, int d, double r) {
    double[] x = new double[d];
    for (int i = 0; i < d; i++) {
      x[i] = r * Math.scalb(random.nextDouble() - 0.5, random.nextInt(-8, 9));
    }
    x[random.nextInt(d)] += 4 * r;
    return x;
  }

  /** The projection pais used before: onto r itself. */
  private static double[] projectOntoRadiusItself(double[] y, double r, Geometry geometry) {
    double norm = geometry.norm(y);
    for (int i = 0; i < y.length; i++) {
      y[i] *= r / norm;
    }
    return y;
  }

  @Test
  void aProjectedPointsExactNormIsAtMostR() {
    SplittableRandom random = new SplittableRandom(31);
    int before = 0;
    for (Geometry geometry : Geometry.values()) {
      for (int d : new int[] {1, 2, 3, 7, 50, 1000, 20_000}) {
        int trials = d >= 1000 ? 40 : 400;
        for (int t = 0; t < trials; t++) {
          double r = Math.scalb(1 + random.nextDouble(), random.nextInt(-20, 20));
          double[] x = farPoint(random, d, r);
          double[] projected = Preprocessor.projectOntoBall(x.clone(), r, geometry);
          assertTrue(exactNormAtMost(projected, r, geometry), geometry + ", d = " + d + ": above r");
          if (!exactNormAtMost(projectOntoRadiusItself(x.clone(), r, geometry), r, geometry)) {
            before++;
          }
        }
      }
    }
    assertTrue(before > 0, "projecting onto r itself does overshoot r (the check would catch it)");
  }

  @Test
  void whatTheCentreSumsOfAClippedPointIsWithinTheClipRadius() {
    SplittableRandom random = new SplittableRandom(32);
    int before = 0;
    for (Geometry geometry : Geometry.values()) {
      for (int d : new int[] {1, 3, 50, 500}) {
        for (int t = 0; t < 300; t++) {
          double r0 = Math.scalb(1 + random.nextDouble(), random.nextInt(-4, 4));
          // an origin far from zero next to the radius: adding it back and subtracting it again rounds
          double[] origin = new double[d];
          for (int i = 0; i < d; i++) {
            origin[i] = Math.scalb(random.nextDouble() - 0.5, random.nextInt(0, 20));
          }
          double[] x = farPoint(random, d, r0);
          for (int i = 0; i < d; i++) {
            x[i] += origin[i];
          }
          double[] clipped = ClippedPoints.clip(x, origin, StrictPreprocessor.clipRadius(r0, origin, geometry),
              geometry);
          assertTrue(exactNormAtMost(Preprocessor.subtract(clipped, origin), r0, geometry),
              geometry + ", d = " + d + ": what the centre sums exceeds R0");
          double[] old = doubleClip(x, origin, r0, geometry); // the clip pais used before
          if (!exactNormAtMost(Preprocessor.subtract(old, origin), r0, geometry)) {
            before++;
          }
        }
      }
    }
    assertTrue(before > 0, "clipping to R0 itself does overshoot it (the check would catch it)");
  }

  /** The clip of the double-precision cache before issue 29: (x − c₀) projected onto the ball, c₀ added back. */
  private static double[] doubleClip(double[] x, double[] origin, double radius, Geometry geometry) {
    double[] y = Preprocessor.projectInside(Preprocessor.subtract(x, origin), radius, geometry);
    for (int i = 0; i < y.length; i++) {
      y[i] += origin[i];
    }
    return y;
  }

  @Test
  void aCoinKeepsWithAChanceOfAtMostP() {
    SplittableRandom random = new SplittableRandom(33);
    for (int i = 0; i < 100_000; i++) {
      double p = random.nextDouble() * Math.scalb(1.0, -random.nextInt(0, 40));
      // coins are k·2^-53: kept exactly for k < floor(p·2^53), a chance of floor(p·2^53)/2^53 ≤ p
      long threshold = (long) Math.floor(Math.scalb(p, 53));
      if (threshold > 0) {
        assertTrue(Rounding.keeps(Math.scalb((double) (threshold - 1), -53), p));
      }
      assertFalse(Rounding.keeps(Math.scalb((double) threshold, -53), p), "p = " + p);
    }
    // the old rule u < p keeps the coin k = floor(p·2^53) too when p·2^53 is not whole: a chance above p
    double p = 0.3;
    double firstRejected = Math.scalb(Math.floor(Math.scalb(p, 53)), -53);
    assertTrue(firstRejected < p && !Rounding.keeps(firstRejected, p));
    assertTrue(Rounding.keeps(Math.scalb((double) ((1L << 53) - 1), -53), 1.0), "p = 1 keeps every coin");
  }

  @Test
  void aWeightIsAtMostOneOverQAndTheKeepChanceAtMostOneOverTheWeight() {
    SplittableRandom random = new SplittableRandom(34);
    int roundedUp = 0;
    for (int i = 0; i < 100_000; i++) {
      double q = Math.scalb(random.nextDouble(), -random.nextInt(0, 30));
      if (q == 0) {
        continue;
      }
      double w = Rounding.reciprocalDown(q);
      assertTrue(new BigDecimal(w).multiply(new BigDecimal(q)).compareTo(BigDecimal.ONE) <= 0, "w·q <= 1");
      assertTrue(new BigDecimal(Math.nextUp(w)).multiply(new BigDecimal(q)).compareTo(BigDecimal.ONE) > 0,
          "and the largest such double");
      if (new BigDecimal(1 / q).multiply(new BigDecimal(q)).compareTo(BigDecimal.ONE) > 0) {
        roundedUp++;
      }
    }
    assertTrue(roundedUp > 1000, "1/q rounds above the reciprocal often: " + roundedUp);

    // the samplers' weights at a norm bound: at most 1/q(bound), and at least 1
    SamplingFunction unif = new UniformSampling(300, 7_000);
    SamplingFunction core = new CoreSampling(300, 7_000, 0.5, 2.0, 5.0, Geometry.L2);
    for (int i = 0; i < 10_000; i++) {
      double norm = 5 * random.nextDouble();
      for (SamplingFunction f : new SamplingFunction[] {unif, core}) {
        double w = f.weightAtMost(norm);
        assertTrue(w >= 1);
        assertTrue(new BigDecimal(w).multiply(new BigDecimal(f.probability(norm))).compareTo(BigDecimal.ONE) <= 0);
      }
    }
    assertEquals(1.0, new UniformSampling(5, 5).weightAtMost(1.0));
  }
}
