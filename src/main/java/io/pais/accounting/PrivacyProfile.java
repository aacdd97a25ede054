package io.pais.accounting;

/**
 * A base mechanism's privacy profile for a group of k copies of one record: the δ_k(ε) it satisfies when the
 * record's k copies change (sensitivity kΔ), with θ = Δ/scale its one-copy parameter. Theorem 5 of the MUST paper
 * (SPEC §14) turns it into the (ε′, δ′) of a sampled mechanism.
 */
public interface PrivacyProfile {

  /** δ_k(ε) for k ≥ 1 copies at one-copy parameter θ (validated: k ≥ 1, θ &gt; 0 finite, ε ≥ 0 finite). */
  double delta(int copies, double theta, double epsilon);

  /** A short name for reports, e.g. "gaussian". */
  String id();

  /**
   * Any pure θ-DP mechanism (θ is then its ε for one copy): k copies are kθ-DP by group privacy, and the tightest
   * δ(ε) a kθ-DP mechanism can have is randomised response's, δ_k(ε) = max(0, (e^{kθ} − e^ε)/(e^{kθ} + 1))
   * (Kairouz, Oh and Viswanath 2015). This is the profile of DP-Lloyd's multidimensional Laplace release, for which
   * the one-dimensional Laplace profile of {@link GroupProfile#LAPLACE} does not hold.
   */
  PrivacyProfile PURE = new PrivacyProfile() {
    @Override
    public double delta(int copies, double theta, double epsilon) {
      GroupProfile.validate(copies, theta, epsilon);
      double a = copies * theta;
      // (e^a − e^ε)/(e^a + 1) = (1 − e^{ε−a})/(1 + e^{−a}), without overflow for large a
      return epsilon >= a ? 0 : -Math.expm1(epsilon - a) / (1 + Math.exp(-a));
    }

    @Override
    public String id() {
      return "pure";
    }

    @Override
    public String toString() {
      return id();
    }
  };
}
