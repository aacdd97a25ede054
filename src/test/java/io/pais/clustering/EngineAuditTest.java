package io.pais.clustering;

import io.pais.lloyd.LloydSums;
import io.pais.noise.ClusterNoise;
import io.pais.lloyd.LloydNoise;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.WeightedClusterStats;
import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SettingsBuilder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.PrivacyReport;
import io.pais.audit.PrivacyAuditor;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.Sampler;
import io.pais.sampling.SamplingFunction;
import io.pais.testing.SharedSparkSession;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The engine's own path audited where the mechanisms are composed (issue 25, item 6): a strict release is prepared
 * by {@link PrivateKMeansEngine} on D = {} and on D′ = {x} (a public centre and r, so DP-Lloyd is the only stage
 * that reads data, at the whole ε; T = 1, k = 1), and every draw runs one DP-Lloyd release in memory with what the
 * engine built: its prepared point, its plan's sampling function (fresh coins each draw) and the noise of
 * {@link PrivateKMeansEngine#noiseFor}. A wiring mistake between the plan and the noise (scales swapped, halved, from
 * another plan) changes what is audited here, unlike the mechanism audits, which build their noise themselves. The
 * statistic is the likelihood-ratio direction of the unsampled release at x's weight. False-failure rate 1e-3 per
 * audit (seeds fixed); the half-noise wiring is caught.
 */
@Tag("audit")
@ExtendWith(SharedSparkSession.class)
class EngineAuditTest {
  private static final double ALPHA = 1e-3;
  private static final int SAMPLES = 150_000;
  private static final double R = 4;
  private static final int D = 2;
  private static final double EPSILON = 2;

  private static KMeansSettings strict(Sampler sampler, double sampleSize, long seed) {
    return builder(sampler, sampleSize, seed).strict(R).build();
  }

  private static SettingsBuilder builder(Sampler sampler, double sampleSize, long seed) {
    return KMeansSettings.builder().privacy(io.pais.settings.PrivacyMode.Kind.STRICT).normBound(R)
        .centre(new double[D]).k(1).iterations(Iterations.fixed(1)).epsilon(EPSILON).sampler(sampler)
        .sampleSize(SampleSize.of("m", sampleSize)).initialisation(Initialisation.RANDOM_BALL).seed(seed);
  }

  /**
   * A box eight times wider in its first coordinate than in its second: its effective dimension (4.5²/16.25 ≈ 1.25) is
   * below (d + 1)/2 = 1.5, so --geometry auto takes ℓ1 (issue 49, item 2).
   */
  private static KMeansSettings skewedBox(Sampler sampler, double sampleSize, long seed) {
    return builder(sampler, sampleSize, seed).bounds(io.pais.settings.CoordinateBounds.parse(-R + ":" + R + ","
        + (-R / 8) + ":" + (R / 8))).build();
  }

  /** What the engine prepared for one data set, and its report's claimed ε and geometry. */
  private record Prepared(PrivateKMeansEngine engine, PreparedRun run, List<double[]> points, double claimed,
      Geometry geometry) {}

  private static Prepared prepare(SparkSession spark, KMeansSettings settings, List<double[]> rows) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    List<KeyedPoint> keyed = new java.util.ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      keyed.add(new KeyedPoint(i, rows.get(i)));
    }
    PreparedRun run = engine.prepare(new Points(jsc.parallelize(keyed, 1), D, "audit", true));
    List<double[]> points = run.data().points().map(KeyedPoint::x).collect();
    PrivacyReport report = engine.report(run, null);
    assertEquals(1, report.ledger().size(), "DP-Lloyd is the only stage that reads the data");
    return new Prepared(engine, run, points, report.epsilon(), report.geometry());
  }

  /** One DP-Lloyd release per draw on the prepared points, as the likelihood-ratio statistic for x. */
  private static DoubleSupplier releases(Prepared p, LloydNoise noise, double[] x, long seed) {
    NoiseScales scales = ((PreparedRun.Poisson) p.run()).plan().scales();
    SamplingFunction sampling = ((PreparedRun.Poisson) p.run()).plan().samplingFunction();
    double w = sampling == null ? 1 : sampling.weightAtMost(R);
    double[] centres = new double[D];
    double[] norms = WeightedClusterStats.squaredNorms(centres, 1, D);
    long[] coinSeed = {seed << 32};
    return () -> {
      WeightedClusterStats stats = new WeightedClusterStats(1, D, LloydSums.points());
      for (SampleBlock b : PoissonSampler.sampleInMemory(p.points(), D, sampling, p.geometry(), coinSeed[0]++)) {
        stats.add(b, centres, norms);
      }
      ClusterNoise.Released released = noise.release(stats.count(0), stats.sum(0));
      double c = released.count();
      double[] s = released.sum();
      double[] shifted = {s[0] - w * x[0], s[1] - w * x[1]};
      return (Math.abs(c) - Math.abs(c - w)) / scales.betaCount()
          + (p.geometry().norm(s) - p.geometry().norm(shifted)) / scales.betaSum();
    };
  }

  private static PrivacyAuditor.Result audit(SparkSession spark, String what, Sampler sampler, double sampleSize,
      Function<Prepared, LloydNoise> wiring, long seed) {
    return audit(spark, what, EngineAuditTest::strict, sampler, sampleSize, wiring, seed);
  }

  /** Settings of a sampler, sample size and seed. */
  private interface Release {
    KMeansSettings settings(Sampler sampler, double sampleSize, long seed);
  }

  private static PrivacyAuditor.Result audit(SparkSession spark, String what, Release release, Sampler sampler,
      double sampleSize, Function<Prepared, LloydNoise> wiring, long seed) {
    Prepared empty = prepare(spark, release.settings(sampler, sampleSize, seed), List.of());
    Prepared one = prepare(spark, release.settings(sampler, sampleSize, seed + 1), List.of(new double[] {R, 0}));
    assertEquals(empty.claimed(), one.claimed(), "the plan reads no data");
    assertEquals(((PreparedRun.Poisson) empty.run()).plan().noiseKnob(),
        ((PreparedRun.Poisson) one.run()).plan().noiseKnob());
    double[] x = one.points().get(0); // the prepared point: x projected a hair inside r
    PrivacyAuditor.Result r = PrivacyAuditor.audit(releases(empty, wiring.apply(empty), x, seed),
        releases(one, wiring.apply(one), x, seed + 7), SAMPLES, ALPHA);
    System.out.println("engine audit, " + what + ": " + r + " of a claimed " + one.claimed());
    return r;
  }

  /** The noise the engine wires to its plan. */
  private static LloydNoise engineNoise(Prepared p) {
    return p.engine().noiseFor(p.run());
  }

  /** A wiring mistake: the plan's scales halved on the way to the noise. */
  private static LloydNoise halfNoise(Prepared p) {
    NoiseScales s = ((PreparedRun.Poisson) p.run()).plan().scales();
    LatticeNoise.Pair lattice = LatticeNoise.countAndSum(s.betaCount() / 2, s.betaSum() / 2, p.geometry(), D);
    return LloydNoise.of(lattice.count(), lattice.sum(), NoiseRandomness.seeded(99));
  }

  @Test
  void theFullDataReleaseMeetsItsReportedEpsilonAndHalfTheNoiseIsCaught(SparkSession spark) {
    PrivacyAuditor.Result r = audit(spark, "full", Sampler.FULL, 1, EngineAuditTest::engineNoise, 61);
    assertTrue(r.epsilonLowerBound() <= EPSILON, r.toString());
    assertTrue(r.epsilonLowerBound() > 0.6 * EPSILON, "the audit finds most of the loss: " + r);
    PrivacyAuditor.Result half = audit(spark, "full, half the noise", Sampler.FULL, 1, EngineAuditTest::halfNoise,
        63);
    assertTrue(half.epsilonLowerBound() > EPSILON, "half the noise must be caught: " + half);
  }

  @Test
  void theSampledReleaseMeetsItsReportedEpsilonAndHalfTheNoiseIsCaught(SparkSession spark) {
    PrivacyAuditor.Result r = audit(spark, "unif 25 %", Sampler.UNIF, 0.25, EngineAuditTest::engineNoise, 65);
    assertTrue(r.epsilonLowerBound() <= EPSILON, r.toString());
    assertTrue(r.epsilonLowerBound() > 0.5 * EPSILON, "the audit finds most of the loss: " + r);
    PrivacyAuditor.Result half = audit(spark, "unif 25 %, half the noise", Sampler.UNIF, 0.25,
        EngineAuditTest::halfNoise, 67);
    assertTrue(half.epsilonLowerBound() > EPSILON, "half the noise must be caught: " + half);
  }

  /**
   * Issue 49, item 2: the geometry auto chose from a public box whose first coordinate is eight times the second's is
   * ℓ1, and the engine's ℓ1 release meets its reported ε (its sum noise i.i.d. Laplace, its sensitivity the ℓ1 norm
   * bound); half the noise is caught as before.
   */
  @Test
  void theL1ReleaseAutoChoosesForASkewedBoxMeetsItsEpsilonAndHalfTheNoiseIsCaught(SparkSession spark) {
    assertEquals(Geometry.L1, skewedBox(Sampler.FULL, 1, 1).geometry());
    PrivacyAuditor.Result r = audit(spark, "full, l1 from a skewed box", EngineAuditTest::skewedBox, Sampler.FULL, 1,
        EngineAuditTest::engineNoise, 71);
    assertTrue(r.epsilonLowerBound() <= EPSILON, r.toString());
    assertTrue(r.epsilonLowerBound() > 0.6 * EPSILON, "the audit finds most of the loss: " + r);
    PrivacyAuditor.Result half = audit(spark, "full, l1, half the noise", EngineAuditTest::skewedBox, Sampler.FULL, 1,
        EngineAuditTest::halfNoise, 73);
    assertTrue(half.epsilonLowerBound() > EPSILON, "half the noise must be caught: " + half);
  }
}
