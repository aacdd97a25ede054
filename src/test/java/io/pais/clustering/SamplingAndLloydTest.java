package io.pais.clustering;

import io.pais.testing.Fixtures;
import io.pais.lloyd.LloydNoise;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.preprocessing.PreparedData;
import io.pais.lloyd.SampleBlock;
import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.holdenkarau.spark.testing.JavaRDDComparisons;
import io.pais.accounting.NoiseKnobSolver;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.PrivacyConstrainedSampling;
import io.pais.sampling.Sampler;
import io.pais.testing.SharedSparkSession;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedSparkSession.class)
class SamplingAndLloydTest {

  /** Paper mode, k = 4, T = 6, a quarter of the points, the paper's initialisation. */
  private static KMeansSettings paperSettings(Sampler sampler, double epsilon) {
    return KMeansSettings.builder().paper().k(4).iterations(Iterations.fixed(6)).epsilon(epsilon).sampler(sampler)
        .sampleSize(new SampleSize.Fraction(0.25)).initialisation(Initialisation.SAMPLE_POINTS).seed(5L).build();
  }


  /**
   * The realised size of a Poisson sample is a sum of independent Bernoulli(q_i): within 5 standard deviations
   * of Σq (false-failure rate below 6e-7 by the normal approximation, n = 20,000).
   */
  @Test
  void realisedSampleSizeIsWithinBinomialBoundsOfSumQ(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> points = Fixtures.gaussianPoints(20_000, 3, 1);
    double r = points.stream().mapToDouble(Geometry.L2::norm).max().orElseThrow();
    NoiseKnobSolver solver = new NoiseKnobSolver(10, r, 3);
    PrivacyConstrainedSampling opt = solver.optSampler(1.0, 0.3 * solver.optMaximum(1.0));
    double sumQ = 0;
    double variance = 0;
    for (double[] x : points) {
      double q = opt.probability(Geometry.L2.norm(x));
      sumQ += q;
      variance += q * (1 - q);
    }
    for (long seed = 1; seed <= 3; seed++) {
      JavaRDD<SampleBlock> sample = PoissonSampler.sample(Fixtures.keyed(jsc.parallelize(points, 4)), 3, opt, Geometry.L2, KeyedCoins.seeded(seed));
      long size = sample.map(SampleBlock::rows).fold(0, Integer::sum);
      assertTrue(Math.abs(size - sumQ) < 5 * Math.sqrt(variance), "size " + size + " vs sum q " + sumQ);
      // weights are 1/q of the kept points, so Σw estimates n
      double sumW = sample.map(b -> java.util.Arrays.stream(b.weights()).sum()).fold(0.0, Double::sum);
      assertTrue(sumW > 0.8 * points.size() && sumW < 1.2 * points.size(), "sum of weights " + sumW);
    }
  }

  @Test
  void costEqualsTheDirectFormula(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> points = Fixtures.gaussianPoints(3_000, 3, 6);
    PreparedData data = new PreparedData(Fixtures.keyed(jsc.parallelize(points, 3)), 3, points.size(), 100, 1, new double[3],
        Double.NaN);
    double[] centres = {0, 0, 0, 3, 3, 3, 6, 6, 6.5};
    double direct = 0;
    for (double[] x : points) {
      double best = Double.POSITIVE_INFINITY;
      for (int j = 0; j < 3; j++) {
        double s = 0;
        for (int t = 0; t < 3; t++) {
          s += (x[t] - centres[3 * j + t]) * (x[t] - centres[3 * j + t]);
        }
        best = Math.min(best, s);
      }
      direct += best;
    }
    assertEquals(direct / points.size(), data.cost(centres, 3), 1e-9 * direct / points.size());
  }

  @Test
  void aRecomputedPartitionGivesTheSameSample(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> points = Fixtures.gaussianPoints(5_000, 2, 2);
    io.pais.sampling.UniformSampling unif = new io.pais.sampling.UniformSampling(500, 5_000);
    // not cached: each action recomputes every partition from scratch, as after an executor loss
    JavaRDD<SampleBlock> sample = PoissonSampler.sample(Fixtures.keyed(jsc.parallelize(points, 3)), 2, unif, Geometry.L2, KeyedCoins.seeded(99));
    List<String> first = Fixtures.rows(sample.collect());
    List<String> second = Fixtures.rows(sample.collect());
    assertEquals(first, second);
    assertTrue(JavaRDDComparisons.compareRDDWithOrder(jsc.parallelize(first, 2), jsc.parallelize(second, 2))
        .isEmpty());
    List<String> otherSeed = Fixtures.rows(PoissonSampler.sample(Fixtures.keyed(jsc.parallelize(points, 3)), 2, unif, Geometry.L2, KeyedCoins.seeded(100)).collect());
    assertTrue(!first.equals(otherSeed));
  }

  @Test
  void atHugeEpsilonTheCentresMatchNonPrivateWeightedLloydFromTheSameStart(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<double[]> points = Fixtures.gaussianPoints(8_000, 4, 3);
    for (Sampler sampler : new Sampler[] {Sampler.FULL, Sampler.OPT}) {
      KMeansSettings settings = paperSettings(sampler, 1e6);
      PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
      PreparedRun run = engine.prepare(Points.keyedByPartition(jsc.parallelize(points, 4), 4, "test points"));
      double[] noisy = engine.iterate(run, engine.noiseFor(run));
      double[] exact = engine.iterate(run, LloydNoise.none());
      assertArrayEquals(exact, noisy, 1e-6 * run.data().radius(), sampler.id());
      // and noise at a real epsilon moves them: the comparison can fail
      KMeansSettings noisySettings = paperSettings(sampler, 0.5);
      PrivateKMeansEngine lowEps = new PrivateKMeansEngine(noisySettings, message -> { });
      PreparedRun lowRun = lowEps.prepare(Points.keyedByPartition(jsc.parallelize(points, 4), 4, "test points"));
      double[] far = lowEps.iterate(lowRun, lowEps.noiseFor(lowRun));
      double[] reference = lowEps.iterate(lowRun, LloydNoise.none());
      double maxDiff = 0;
      for (int i = 0; i < far.length; i++) {
        maxDiff = Math.max(maxDiff, Math.abs(far[i] - reference[i]));
      }
      assertTrue(maxDiff > 1e-3 * lowRun.data().radius(), "noise at epsilon 0.5 should move centres");
      run.release();
      lowRun.release();
    }
  }
}
