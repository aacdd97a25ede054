package io.pais.clustering;

import io.pais.initialisation.InitialCentres;
import io.pais.settings.Iterations;
import io.pais.settings.Initialisation;
import io.pais.settings.Preprocessing;
import io.pais.settings.KMeansSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.noise.NoiseRandomness;
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

/**
 * The initialisers that read no data: random-ball and sphere-packing give the same centres on two different data
 * sets with the same public inputs and seed; scaled-ball reads only the norm histogram's estimate (no ledger entry
 * of its own); sphere packing spreads its centres apart, which random-ball does not.
 */
@ExtendWith(SharedSparkSession.class)
class DataIndependentInitTest {
  private static final int D = 3;
  private static final int K = 5;

  private static List<KeyedPoint> rows(long seed, double spread) {
    SplittableRandom random = new SplittableRandom(seed);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      double[] x = new double[D];
      for (int t = 0; t < D; t++) {
        x[t] = spread * random.nextGaussian();
      }
      out.add(new KeyedPoint(i, x));
    }
    return out;
  }

  private static PreparedRun prepare(SparkSession spark, List<KeyedPoint> rows, KMeansSettings settings) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return new PrivateKMeansEngine(settings, message -> { })
        .prepare(new Points(jsc.parallelize(rows, 2), D, "test", true));
  }

  private static KMeansSettings paper(Initialisation init) {
    return KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC).normBound(20.0).k(K)
        .iterations(Iterations.fixed(3)).epsilon(1).sampler(Sampler.FULL).initialisation(init).seed(9L).build();
  }

  @Test
  void randomBallAndSpherePackingDoNotDependOnTheData(SparkSession spark) {
    for (Initialisation init : List.of(Initialisation.RANDOM_BALL, Initialisation.SPHERE_PACKING)) {
      PreparedRun a = prepare(spark, rows(1, 1), paper(init));
      PreparedRun b = prepare(spark, rows(2, 7), paper(init));
      assertArrayEquals(a.initialCentres(), b.initialCentres(), init.id());
      a.release();
      b.release();
    }
  }

  @Test
  void scaledBallUsesOnlyTheHistogramsEstimate(SparkSession spark) {
    // epsilon 40: the histogram's share (2) keeps x-tilde-hat's noise well inside the range checked below; at
    // epsilon 2 (a share of 0.1, Laplace(10) per bin) the estimate's error is of the size of the range itself
    KMeansSettings settings = KMeansSettings.builder().strict(64).k(K).iterations(Iterations.fixed(3)).epsilon(40)
        .sampler(Sampler.FULL).initialisation(Initialisation.SCALED_BALL).seed(9L).build();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(new Points(jsc.parallelize(rows(3, 2), 2), D, "test", true));
    double typical = InitialCentres.typicalRadius(run.data().meanNormStatistic(), run.data().radius(), Geometry.L2);
    // the points' RMS norm is 2·sqrt(3) ≈ 3.5, far inside the clip radius of 64 and the estimated r
    assertTrue(typical > 2.5 && typical < 5, "sqrt of x-tilde-hat " + typical);
    double[] centres = run.initialCentres();
    for (int j = 0; j < K; j++) {
      double[] c = java.util.Arrays.copyOfRange(centres, j * D, (j + 1) * D);
      assertTrue(Geometry.L2.norm(c) <= typical * (1 + 1e-12), "centre " + j + " outside the typical ball");
    }
    List<String> stages = engine.report(run, null).ledger().stream().map(e -> e.stage().label()).toList();
    assertEquals(List.of("centre", "norm histogram", "DP-Lloyd"), stages, "no entry of its own");
    run.release();
  }

  @Test
  void theTypicalBoxFollowsThePublicBoxsShapeAtAQuarterOfTheTypicalNorm() {
    // half-widths 100, 1, 1 and a typical ℓ1 norm of 10: the box's mean ℓ1 norm is Σa/2 = 51, so s = 0.25·10/51.
    // 4,000 centres: each coordinate within s·a_t, the wide one reaching near its edge, and their mean ℓ1 norm
    // s·51 = 2.5 within 4 %: its standard error is s·sqrt(Σa²/12)/sqrt(4,000) ≈ 0.9 % (false failure below 1e-5);
    // a share of 0.5, or the ball's shape, fails
    double[] half = {100, 1, 1};
    int k = 4000;
    double s = InitialCentres.TYPICAL_BOX_SHARE * 10 / 51;
    double[] centres = InitialCentres.typicalBox(k, half, 10, Geometry.L1, NoiseRandomness.seeded(4).provider());
    double widest = 0;
    double meanNorm = 0;
    for (int j = 0; j < k; j++) {
      for (int t = 0; t < 3; t++) {
        assertTrue(Math.abs(centres[3 * j + t]) <= s * half[t], "centre " + j + " outside the scaled box");
      }
      widest = Math.max(widest, Math.abs(centres[3 * j]));
      meanNorm += Geometry.L1.norm(java.util.Arrays.copyOfRange(centres, 3 * j, 3 * j + 3)) / k;
    }
    assertTrue(widest > 0.99 * s * 100, "the wide coordinate spans its side: " + widest);
    assertEquals(1, meanNorm / (InitialCentres.TYPICAL_BOX_SHARE * 10), 0.04);

    // in ℓ2 the root mean square norm is the share of the typical radius; never wider than the share of the box
    double[] l2 = InitialCentres.typicalBox(k, half, 10, Geometry.L2, NoiseRandomness.seeded(5).provider());
    double squares = 0;
    for (double v : l2) {
      squares += v * v / k;
    }
    assertEquals(1, Math.sqrt(squares) / (InitialCentres.TYPICAL_BOX_SHARE * 10), 0.04);
    double[] wideData = InitialCentres.typicalBox(k, half, 1e6, Geometry.L1, NoiseRandomness.seeded(6).provider());
    for (int j = 0; j < k; j++) {
      assertTrue(Math.abs(wideData[3 * j]) <= InitialCentres.TYPICAL_BOX_SHARE * 100, "capped at the box's share");
    }
  }

  /** Smallest pairwise distance of k × d row-major centres. */
  private static double smallestGap(double[] centres, int d) {
    double smallest = Double.POSITIVE_INFINITY;
    int k = centres.length / d;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        double s = 0;
        for (int t = 0; t < d; t++) {
          double diff = centres[i * d + t] - centres[j * d + t];
          s += diff * diff;
        }
        smallest = Math.min(smallest, Math.sqrt(s));
      }
    }
    return smallest;
  }

  @Test
  void spherePackingSpreadsCentresWhereRandomBallDoesNot() {
    // 10 centres in the unit disc: the packing radius a ends at 1/4 or 1/8, so every gap is at least 1/4 and every
    // centre lies within 1 − a < 1; uniform draws have a smallest gap under 1/4 in most seeds
    int randomBallTooClose = 0;
    for (long seed = 0; seed < 20; seed++) {
      double[] packed = InitialCentres.spherePacking(10, 2, 1, Geometry.L2, NoiseRandomness.seeded(seed).provider());
      assertTrue(smallestGap(packed, 2) >= 0.25, "seed " + seed + ": " + smallestGap(packed, 2));
      for (int j = 0; j < 10; j++) {
        assertTrue(Math.hypot(packed[2 * j], packed[2 * j + 1]) < 1, "inside the ball");
      }
      double[] uniform = InitialCentres.randomBall(10, 2, 1, Geometry.L2, NoiseRandomness.seeded(seed).provider());
      randomBallTooClose += smallestGap(uniform, 2) < 0.25 ? 1 : 0;
    }
    assertTrue(randomBallTooClose >= 15, "the check separates the two: " + randomBallTooClose + " of 20");
    assertArrayEquals(InitialCentres.spherePacking(4, 3, 2, Geometry.L1, NoiseRandomness.seeded(5).provider()),
        InitialCentres.spherePacking(4, 3, 2, Geometry.L1, NoiseRandomness.seeded(5).provider()), "seeded");
  }
}
