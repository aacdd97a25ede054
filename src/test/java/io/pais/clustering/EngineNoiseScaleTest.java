package io.pais.clustering;

import io.pais.testing.Fixtures;
import io.pais.noise.ClusterNoise;
import io.pais.lloyd.LloydNoise;
import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import io.pais.testing.SharedSparkSession;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The noise the engine adds is calibrated by its privacy plan: counts get (lattice) Laplace(β_count) and sums an ℓ2
 * vector with Gamma(d, β_sum) radius. KS tests at a 1e-3 false-failure rate (seeded); the same tests reject the two
 * scales swapped, so a mix-up in the engine would fail here.
 */
@ExtendWith(SharedSparkSession.class)
class EngineNoiseScaleTest {
  private static final int DRAWS = 5000;

  /** {@value #DRAWS} releases of a count and a sum of 0: the counts, and the sums' ℓ2 norms. */
  private static double[][] countsAndRadii(LloydNoise noise, int d) {
    double[] counts = new double[DRAWS];
    double[] radii = new double[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      ClusterNoise.Released released = noise.release(0, new double[d]);
      counts[i] = released.count();
      radii[i] = Geometry.L2.norm(released.sum());
    }
    return new double[][] {counts, radii};
  }

  @Test
  void countAndSumNoiseUseThePlansScales(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    int d = 20; // beta_count / beta_sum = cbrt(4 d rho^2) = 1.59: far enough apart to tell
    KMeansSettings settings = KMeansSettings.builder().paper().k(3).iterations(Iterations.fixed(5)).epsilon(2)
        .sampler(Sampler.UNIF).sampleSize(new SampleSize.Fraction(0.5)).initialisation(Initialisation.RANDOM_BALL)
        .seed(9L).build();
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(Points.keyedByPartition(jsc.parallelize(Fixtures.gaussianPoints(2000, d, 4), 2),
        d, "test"));
    double betaCount = ((PreparedRun.Poisson) run).plan().scales().betaCount();
    double betaSum = ((PreparedRun.Poisson) run).plan().scales().betaSum();
    assertTrue(Math.abs(betaCount / betaSum - 1) > 0.2, "the two scales must differ for the test to have power");
    // paper mode: every iteration at the plan's scales
    double[][] draws = countsAndRadii(engine.noiseFor(run).atIteration(3), d);
    double[] counts = draws[0];
    double[] radii = draws[1];
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    assertTrue(ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, betaCount), counts) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, betaSum), radii) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, betaSum), counts) < 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, betaCount), radii) < 1e-3);
    run.release();
  }

  /**
   * A strict release on the full data shares DP-Lloyd's ε unequally (io.pais.accounting.IterationShares): a middle
   * iteration's counts get Laplace(β_count·φ₂) and sums Gamma(d, β_sum·φ₂) radii; the plan's equal-share scales are
   * rejected for both, so noise drawn at the wrong iteration's scale would fail here. The last iteration, in these
   * dimensions, releases each count and sum with one K-norm noise at its ε_T = (1/β_count + ρ/β_sum)/φ_T
   * (LatticeNoise.joint): the cylinder norm max(|η|, ‖ζ‖/ρ) of its draws is Gamma(d + 1, 1/ε_T), and the same test
   * rejects the plan's equal-share ε and ε_T doubled.
   */
  @Test
  void aStrictFullDataReleaseDrawsEachIterationAtItsShare(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    int d = 20;
    int iterations = 4;
    KMeansSettings settings = KMeansSettings.builder().privacy(io.pais.settings.PrivacyMode.Kind.STRICT).strict(40.0)
        .normBound(8.0).centre(new double[d]).k(3).iterations(Iterations.fixed(iterations)).epsilon(2)
        .sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL).seed(9L).build();
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(Points.keyedByPartition(jsc.parallelize(Fixtures.gaussianPoints(2000, d, 4), 2),
        d, "test"));
    double betaCount = ((PreparedRun.Poisson) run).plan().scales().betaCount();
    double betaSum = ((PreparedRun.Poisson) run).plan().scales().betaSum();
    double middle = run.shares().scale(2);
    double last = run.shares().scale(iterations);
    assertTrue(middle > 1.2 && last < 0.8, "the shares must differ from equal ones for the test to have power: "
        + middle + ", " + last);
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    double[][] draws = countsAndRadii(engine.noiseFor(run).atIteration(2), d);
    double[] counts = draws[0];
    double[] radii = draws[1];
    assertTrue(ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, betaCount * middle), counts) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, betaSum * middle), radii) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new LaplaceDistribution(0, betaCount), counts) < 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, betaSum), radii) < 1e-3);

    assertTrue(((PreparedRun.Poisson) run).jointLastStep(), "one noise for the last count and sum at d = " + d);
    double rho = ((io.pais.lloyd.LloydSums.ClippedOffsets) run.sums()).bound();
    double epsilonLast = (1 / betaCount + rho / betaSum) / last;
    int n = DRAWS;
    LloydNoise noise = engine.noiseFor(run).atIteration(iterations);
    double[] cylinderNorms = new double[n];
    for (int i = 0; i < n; i++) {
      ClusterNoise.Released released = noise.release(0, new double[d]);
      cylinderNorms[i] = Math.max(Math.abs(released.count()), Geometry.L2.norm(released.sum()) / rho);
    }
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d + 1, 1 / epsilonLast), cylinderNorms) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d + 1, 1 / (epsilonLast * last)), cylinderNorms) < 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d + 1, 1 / (2 * epsilonLast)), cylinderNorms) < 1e-3);
    run.release();
  }

  /** The Gaussian scheme path: counts N(0, σ_count), sum coordinates N(0, σ_sum); swapped scales are rejected. */
  @Test
  void gaussianSchemeNoiseUsesThePlansDeviations(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    int d = 4;
    KMeansSettings settings = KMeansSettings.builder().paper().k(3).iterations(Iterations.fixed(5)).epsilon(2)
        .sampler(Sampler.WR).sampleSize(new SampleSize.Fraction(0.3)).noise(io.pais.privacy.BaseNoise.GAUSSIAN)
        .value(Setting.DELTA, 1e-6).initialisation(Initialisation.RANDOM_BALL).seed(9L).build();
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(Points.keyedByPartition(jsc.parallelize(Fixtures.gaussianPoints(2000, d, 4), 2),
        d, "test"));
    double sigmaCount = ((PreparedRun.Scheme) run).plan().countScale();
    double sigmaSum = ((PreparedRun.Scheme) run).plan().sumScale();
    assertTrue(Math.abs(sigmaSum / sigmaCount - 1) > 0.2, "the two scales must differ for the test to have power");
    LloydNoise noise = engine.noiseFor(run).atIteration(3);
    int n = 5000;
    double[] counts = new double[n];
    double[] sums = new double[n];
    for (int i = 0; i < n; i++) {
      ClusterNoise.Released released = noise.release(0, new double[d]);
      counts[i] = released.count();
      sums[i] = released.sum()[i % d];
    }
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, sigmaCount), counts) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, sigmaSum), sums) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, sigmaSum), counts) < 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, sigmaCount), sums) < 1e-3);
    run.release();
  }
}
