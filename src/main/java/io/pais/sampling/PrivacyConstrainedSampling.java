package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.math.LambertW;
import io.pais.math.LogSpace;
import io.pais.privacy.Amplification;
import io.pais.privacy.LloydProfile;

/**
 * opt: the privacy-constrained sampler of SPEC §5. Each point gets the largest weight w ≥ 1 whose amplified
 * profile ψ equals the target ε*, i.e. the root of (e^{αw} − 1)/w = e^{ε*} − 1 with α = ε_Lloyd(1, x).
 *
 * <p>Closed form: with c = e^{ε*} − 1 and k = α/c, w = −W₋₁(−k·e^{−k})/α − 1/c. Where e^{ε*} or k·e^{−k} leave
 * the double range, the same root is found in log space (t − log t = k − log k, w = t/α − e^{−L}, L = log c).
 * Near the branch point (small ε*, α close to ε*) the closed form loses digits to cancellation, so one
 * Newton step on ψ(w) = ε* polishes it, and the result is stepped down until ψ(w) ≤ ε* as evaluated: the
 * weight never overshoots the target (the reference code's 11-halving solver can).
 */
public final class PrivacyConstrainedSampling implements SamplingFunction {
  private static final long serialVersionUID = 1L;

  private final LloydProfile profile;
  private final double targetEpsilon;
  private final double logC;
  private final double invC;
  private final Amplification.Cap cap;

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
    this.logC = LogSpace.logExpm1(targetEpsilon);
    this.invC = Math.exp(-logC);
    this.cap = new Amplification.Cap(targetEpsilon);
  }

  @Override
  public double probability(double norm) {
    return 1 / weight(norm);
  }

  @Override
  public double weight(double norm) {
    return weightForAlpha(profile.alpha(norm));
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
    if (alpha == targetEpsilon) {
      return 1;
    }
    if (!(alpha > 0 && alpha < targetEpsilon)) {
      throw new IllegalArgumentException("alpha must be in (0, targetEpsilon = " + targetEpsilon + "], got " + alpha);
    }
    // W₋₁ at −k·e^{−k} in log coordinates: t = −W₋₁(−k·e^{−k}) solves t − log t = k − log k, so neither
    // e^{ε*} nor k·e^{−k} has to be representable.
    double logK = Math.log(alpha) - logC;
    double k = invC > Double.MIN_NORMAL ? alpha * invC : Math.exp(logK);
    double t = LambertW.rootOfTMinusLogT(k - logK);
    double w = Math.max(1, t / alpha - invC);
    // w = (t − k)/α cancels digits, and t is ill-conditioned in K, only near the branch point k → 1, which
    // small ε* alone reach (k ≤ ε*/(e^{ε*} − 1)); below k = 1/2 both cost under an ulp or two
    if (k > 0.5) {
      w = polish(w, alpha);
    }
    return cap(w, alpha);
  }

  /** One Newton step on ψ(w) − ε*. */
  private double polish(double w, double alpha) {
    double h = Amplification.psiOfWeight(w, alpha) - targetEpsilon;
    double aw = alpha * w;
    double em = -Math.expm1(-aw);
    double slope = (aw - em) / (w * (w * Math.exp(-aw) + em));
    double next = w - h / slope;
    return slope > 0 && next >= 1 && Double.isFinite(next) ? next : w;
  }

  /** Steps w down until ψ(w) ≤ ε* as evaluated: the weight never overshoots the target. */
  private double cap(double w, double alpha) {
    for (int i = 0; w > 1 && !cap.holds(1 / w, alpha * w); i++) {
      w = i < 16 ? Math.nextDown(w) : Math.max(1, w * (1 - 1e-15 * (1L << Math.min(i - 16, 40))));
    }
    return w;
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
