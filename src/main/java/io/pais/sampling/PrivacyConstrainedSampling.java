package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.privacy.Amplification;
import io.pais.privacy.LloydProfile;

/**
 * opt: the privacy-constrained sampler of SPEC §5. Each point gets the largest weight w ≥ 1 whose amplified
 * profile ψ equals the target ε*, i.e. the root of (e^{αw} − 1)/w = e^{ε*} − 1 with α = ε_Lloyd(1, x).
 *
 * <p>The weight itself comes from {@link OptimalWeight} (closed form through W₋₁, never above ε*).
 */
public final class PrivacyConstrainedSampling implements SamplingFunction {
  private static final long serialVersionUID = 1L;

  private final LloydProfile profile;
  private final double targetEpsilon;
  private final OptimalWeight weights;
  private final double radius;

  /**
   * @param profile the DP-Lloyd profile at the chosen noise scales
   * @param targetEpsilon ε* &gt; 0
   * @param radius r; every norm in [0, r] must be feasible (α(r) ≤ ε*)
   */
  public PrivacyConstrainedSampling(LloydProfile profile, double targetEpsilon, double radius) {
    this.profile = Checks.notNull("profile", profile);
    this.targetEpsilon = Checks.positive("targetEpsilon (epsilon*)", targetEpsilon);
    Checks.nonNegative("radius (r)", radius);
    double alphaMax = profile.alpha(radius);
    Checks.require(alphaMax <= targetEpsilon,
        "infeasible opt configuration: a point of norm r = " + radius + " costs alpha = " + alphaMax
            + " > targetEpsilon (epsilon*) = " + targetEpsilon
            + " even with weight 1; lower B (more noise) or raise epsilon*");
    this.weights = new OptimalWeight(targetEpsilon, profile.alpha(0), alphaMax);
    this.radius = radius;
  }

  @Override
  public double probability(double norm) {
    return 1 / weight(norm);
  }

  @Override
  public double weight(double norm) {
    return weightForAlpha(profile.alpha(norm));
  }

  /**
   * The solved weight itself (the one whose ψ ≤ ε* {@link OptimalWeight} checks), at the bound capped at r: a
   * point's exact norm is at most r, and a larger norm only lowers the weight.
   */
  @Override
  public double weightAtMost(double normBound) {
    return weight(Math.min(normBound, radius));
  }

  /** ε*. */
  public double targetEpsilon() {
    return targetEpsilon;
  }

  /** The profile this sampler was built for. */
  public LloydProfile profile() {
    return profile;
  }

  /** The weight for a point whose unit-weight cost is α (0 &lt; α ≤ ε*). */
  public double weightForAlpha(double alpha) {
    return weights.weight(alpha);
  }

  /**
   * The independent cross-check: bisection of ψ(w) = ε* on a bracket that starts at [1, 2] and doubles until
   * it holds the root, run until the bracket ends are adjacent doubles. Returns the lower end (ψ ≤ ε*).
   */
  public static double weightByBisection(double alpha, double targetEpsilon) {
    Checks.positive("alpha", alpha);
    Checks.positive("targetEpsilon (epsilon*)", targetEpsilon);
    Checks.require(alpha <= targetEpsilon, "alpha must be <= targetEpsilon = " + targetEpsilon + ", got " + alpha);
    double lo = 1;
    double hi = 2;
    while (Amplification.psiOfWeight(hi, alpha) < targetEpsilon) {
      lo = hi;
      hi *= 2;
    }
    while (Math.nextUp(lo) < hi) {
      double mid = lo + 0.5 * (hi - lo);
      if (mid <= lo || mid >= hi) {
        break;
      }
      if (Amplification.psiOfWeight(mid, alpha) <= targetEpsilon) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
