package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.sampling.CopyCounts;

/**
 * One application of a uniform scheme to a base mechanism (the MUST paper's Theorem 5, Balle–Barthe–Gaboardi
 * form; SPEC §14): ε′ = log(1 + η(e^ε − 1)), δ′ = Σ_{k≥1} W(k)·δ_k(ε). The copy-count tail beyond the kept pmf
 * is added to δ′ whole (δ_k ≤ 1), so δ′ is an upper bound.
 */
public final class MustAmplification {
  private MustAmplification() {}

  /** (ε′, δ′) and the inclusion probability η. */
  public record Amplified(double epsilon, double delta, double eta) {}

  /**
   * @param theta Δ/scale of the base mechanism
   * @param epsilon the base ε at which δ_k is evaluated
   */
  public static Amplified amplify(CopyCounts counts, PrivacyProfile profile, double theta, double epsilon) {
    Checks.notNull("counts", counts);
    Checks.notNull("profile", profile);
    Checks.positive("theta (sensitivity / noise scale)", theta);
    Checks.nonNegative("epsilon", epsilon);
    double eta = counts.eta();
    double amplifiedEpsilon = Math.log1p(eta * Math.expm1(epsilon));
    double delta = counts.tail();
    for (int k = 1; k <= counts.maxCount(); k++) {
      double w = counts.probability(k);
      if (w > 0) {
        delta += w * profile.delta(k, theta, epsilon);
      }
    }
    return new Amplified(amplifiedEpsilon, Math.min(1, delta), eta);
  }
}
