package io.pais.clustering;

import io.pais.lloyd.LloydSums;
import io.pais.noise.ClusterNoise;
import io.pais.lloyd.LloydNoise;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.WeightedClusterStats;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees;
import io.pais.audit.PrivacyAuditor;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Amplification;
import io.pais.privacy.Geometry;
import io.pais.privacy.LloydProfile;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.PrivacyConstrainedSampling;
import io.pais.sampling.SamplingFunction;
import io.pais.sampling.UniformSampling;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Poisson-sampled mechanism end to end — the engine's sampler, weighted aggregation and lattice noise — audited
 * against its amplified ε on the tightest neighbours: D empty and D′ one point x at norm r, so no other point's
 * coin hides x's. The statistic is the likelihood-ratio direction of the unsampled mechanism,
 * (|c| − |c − w|)/β_count + (‖s‖ − ‖s − w·x‖)/β_sum at x's weight w = 1/q(x), which the amplified ratio is
 * monotone in. False-failure rate 1e-3 per audit (seeds fixed). The broken variant is an accountant that leaves
 * the weight out of the count's cost, ε(w, x) = 1/β_count + w‖x‖/β_sum: for unif it under-states ε, for opt it
 * lets q drop far too low; both are caught.
 */
@Tag("audit")
class SampledLloydAuditTest {
  private static final double ALPHA = 1e-3;
  private static final int SAMPLES = 200_000;
  private static final double R = 5;
  private static final double[] X = {R, 0};

  /** Releases of the mechanism on D = {} or D′ = {x}, as the likelihood-ratio statistic. */
  private static DoubleSupplier releases(boolean withX, SamplingFunction sampling, double betaCount, double betaSum,
      long seed) {
    LatticeNoise.Pair lattice = LatticeNoise.countAndSum(betaCount, betaSum, Geometry.L2, 2);
    LloydNoise noise = LloydNoise.of(lattice.count(), lattice.sum(), NoiseRandomness.seeded(seed));
    double w = sampling.weight(R);
    List<double[]> data = withX ? List.of(X) : List.of();
    double[] centres = {0, 0};
    double[] norms = WeightedClusterStats.squaredNorms(centres, 1, 2);
    long[] coinSeed = {seed << 32};
    return () -> {
      WeightedClusterStats stats = new WeightedClusterStats(1, 2, LloydSums.points());
      for (SampleBlock b : PoissonSampler.sampleInMemory(data, 2, sampling, Geometry.L2, coinSeed[0]++)) {
        stats.add(b, centres, norms);
      }
      ClusterNoise.Released released = noise.release(stats.count(0), stats.sum(0));
      double c = released.count();
      double[] s = released.sum();
      double[] shifted = {s[0] - w * X[0], s[1] - w * X[1]};
      return (Math.abs(c) - Math.abs(c - w)) / betaCount
          + (Geometry.L2.norm(s) - Geometry.L2.norm(shifted)) / betaSum;
    };
  }

  /** The audit, printed so that the bounds quoted in the README can be read off a test run. */
  private static PrivacyAuditor.Result audit(String what, SamplingFunction sampling, double betaCount,
      double betaSum, long seed) {
    PrivacyAuditor.Result r = PrivacyAuditor.audit(releases(false, sampling, betaCount, betaSum, seed),
        releases(true, sampling, betaCount, betaSum, seed + 1), SAMPLES, ALPHA);
    System.out.println("sampled DP-Lloyd audit, " + what + ": " + r);
    return r;
  }

  @Test
  void uniformSamplingMeetsItsAmplifiedEpsilon() {
    double betaCount = 1;
    double betaSum = 20;
    UniformSampling sampling = new UniformSampling(1, 4);
    double claimed = SamplerGuarantees.uniform(new NoiseScales(1, R, 2, 1.0, betaSum, betaCount), sampling);
    PrivacyAuditor.Result r = audit("unif q = 1/4", sampling, betaCount, betaSum, 51);
    assertTrue(r.epsilonLowerBound() <= claimed, "claimed " + claimed + ", " + r);
    // the audit is not vacuous: it finds most of the amplified loss
    assertTrue(r.epsilonLowerBound() > 0.6 * claimed, "claimed " + claimed + ", " + r);
    double q = sampling.rate();
    double brokenClaim = Amplification.psi(q, 1 / betaCount + R / (q * betaSum));
    assertTrue(r.epsilonLowerBound() > brokenClaim,
        "an accountant ignoring the weight in the count (" + brokenClaim + ") should be caught: " + r);
  }

  @Test
  void optSamplingMeetsItsTargetAndAnOptThatIgnoresCountWeightsIsCaught() {
    double betaCount = 2;
    double betaSum = 50;
    double target = 2;
    LloydProfile profile = new LloydProfile(1, betaCount, betaSum, Double.MAX_VALUE);
    PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(profile, target, R);
    assertTrue(SamplerGuarantees.optMaxPsi(opt, new double[] {R}) <= target);
    PrivacyAuditor.Result r = audit("opt, epsilon* = 2", opt, betaCount, betaSum, 53);
    assertTrue(r.epsilonLowerBound() <= target, "claimed " + target + ", " + r);
    assertTrue(r.epsilonLowerBound() > 0.6 * target, "claimed " + target + ", " + r);
    // the broken accountant's weight: the largest w with psi(1/w, 1/betaCount + w r/betaSum) = target
    double lo = 1;
    double hi = 1e4;
    for (int i = 0; i < 200; i++) {
      double mid = (lo + hi) / 2;
      if (Amplification.psi(1 / mid, 1 / betaCount + mid * R / betaSum) <= target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double brokenWeight = lo;
    assertTrue(brokenWeight > 2 * opt.weight(R), "the broken weight should differ: " + brokenWeight);
    SamplingFunction broken = norm -> 1 / brokenWeight;
    PrivacyAuditor.Result caught = audit("opt ignoring count weights", broken, betaCount, betaSum, 55);
    assertTrue(caught.epsilonLowerBound() > target, "opt ignoring count weights should be caught: " + caught);
  }
}
