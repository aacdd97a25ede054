package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.LogSpace;
import io.pais.math.RootFinder;
import io.pais.privacy.Geometry;
import io.pais.privacy.LloydProfile;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.privacy.SumShape;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.NormSummary;
import io.pais.sampling.PrivacyConstrainedSampling;

/**
 * Solves for the noise knob B that meets a target ε (SPEC §7). ε_full(B) = sqrt(B)·ε_full(1).
 *
 * @param iterations T
 * @param radius r
 * @param dimension d
 * @param split the count/sum split of the noise (the paper's, or the unit-free one of a strict release)
 * @param shape the sums' shape (the unit-free split depends on its noise)
 */
public record NoiseKnobSolver(int iterations, double radius, int dimension, NoiseSplit split, SumShape shape) {

  public NoiseKnobSolver {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.positive("dimension (d)", dimension);
    Checks.notNull("split", split);
    Checks.notNull("sum shape", shape);
  }

  /** The paper's calibration (SPEC §7). */
  public NoiseKnobSolver(int iterations, double radius, int dimension) {
    this(iterations, radius, dimension, NoiseSplit.SU_ET_AL, Geometry.L2);
  }

  /** The calibrated scales at a given B. */
  public NoiseScales scales(double noiseKnob) {
    return NoiseScales.calibrate(iterations, radius, dimension, noiseKnob, split, shape);
  }

  private double unitEpsilon() {
    return NoiseScales.fullDataEpsilonAtUnitBudget(iterations, radius, dimension, split, shape);
  }

  /** full: B = (ε / ε_full(1))². */
  public double full(double epsilon) {
    Checks.positive("epsilon", epsilon);
    return square(epsilon / unitEpsilon());
  }

  /** unif: B = (p·log1p((e^ε − 1)/p) / ε_full(1))², p = m/n; in log space where e^ε overflows. */
  public double uniform(double epsilon, double rate) {
    Checks.positive("epsilon", epsilon);
    Checks.require(rate > 0 && rate <= 1, "rate (m/n) must be in (0, 1], got " + rate);
    double inner = Math.expm1(epsilon) / rate;
    double logTerm = Double.isFinite(inner) ? Math.log1p(inner)
        : LogSpace.log1pExp(LogSpace.logExpm1(epsilon) - Math.log(rate));
    return square(rate * logTerm / unitEpsilon());
  }

  /**
   * core: the root of ε_core(B) = ε in log B; ε_core increases with B. The bracket starts at the unif
   * solution and widens by factors of 10 as far as the double range allows, so it never fails for being too
   * narrow.
   */
  public double core(double epsilon, CoreSampling sampler, SamplerGuarantees.CoreSupremum mode) {
    Checks.positive("epsilon", epsilon);
    Checks.notNull("sampler", sampler);
    Checks.require(sampler.baseProbability() > 0,
        "core with lambda = 0 has an unbounded epsilon (q -> 0 at the origin); use lambda > 0");
    return RootFinder.increasingRootInLogSpace(
        b -> SamplerGuarantees.core(scales(b), sampler, mode) - epsilon, full(epsilon), Double.MAX_VALUE,
        "noise knob B for core at epsilon = " + epsilon);
  }

  /**
   * The largest B at which every norm in [0, r] is feasible for opt at ε* (weight 1 at ‖x‖ = r):
   * (ε* / ε_full(1))², less a relative 1e-13 so that α(r) ≤ ε* also holds, after rounding, at every B below it
   * (α(r) as computed is not monotone in B to the last ulp).
   */
  public double optMaximum(double targetEpsilon) {
    double b = full(targetEpsilon) * (1 - 1e-13);
    while (scales(b).fullDataEpsilon() > targetEpsilon) {
      b = Math.nextDown(b);
    }
    return b;
  }

  /** Σ_i q_i(B) for opt: the expected sample size at B. */
  public double optExpectedSampleSize(double targetEpsilon, double noiseKnob, NormSummary norms) {
    PrivacyConstrainedSampling sampler = optSampler(targetEpsilon, noiseKnob);
    return norms.sum(sampler::probability);
  }

  /** The opt sampler at (ε*, B). */
  public PrivacyConstrainedSampling optSampler(double targetEpsilon, double noiseKnob) {
    LloydProfile profile = scales(noiseKnob).profile();
    return new PrivacyConstrainedSampling(profile, targetEpsilon, radius);
  }

  /**
   * opt: B in (0, B_max] with Σ_i 1/w_i(B) = m; Σ 1/w increases with B. A request above what B_max reaches
   * is infeasible.
   */
  public double opt(double targetEpsilon, double sampleSize, NormSummary norms) {
    Checks.positive("targetEpsilon (epsilon*)", targetEpsilon);
    Checks.positive("sampleSize (m)", sampleSize);
    Checks.notNull("norms", norms);
    double bMax = optMaximum(targetEpsilon);
    double reachable = optExpectedSampleSize(targetEpsilon, bMax, norms);
    if (sampleSize > reachable) {
      throw new InfeasibleRequestException("infeasible opt request: sampleSize (m) = " + sampleSize
          + " at epsilon* = " + targetEpsilon + " needs more than the largest reachable expected sample size "
          + reachable + " (at B_max = " + bMax + "); lower m or raise epsilon");
    }
    if (sampleSize == reachable) {
      return bMax;
    }
    return RootFinder.increasingRootInLogSpace(
        b -> optExpectedSampleSize(targetEpsilon, b, norms) - sampleSize, bMax, bMax,
        "noise knob B for opt at epsilon* = " + targetEpsilon);
  }

  private static double square(double x) {
    return x * x;
  }
}
