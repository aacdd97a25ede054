package io.pais.accounting;

import io.pais.math.Checks;
import org.apache.commons.math3.special.Erf;

/**
 * The privacy profile δ_k(ε) of a base mechanism for a group of k copies (sensitivity kΔ), with θ = Δ/scale
 * (SPEC §14): Laplace of scale b, θ = Δ/b, δ_k(ε) = max(0, 1 − e^{(ε − kθ)/2}); Gaussian of deviation σ,
 * θ = Δ/σ, δ_k(ε) = Φ(kθ/2 − ε/(kθ)) − e^ε·Φ(−kθ/2 − ε/(kθ)).
 */
public enum GroupProfile {
  LAPLACE {
    @Override
    double profile(double kTheta, double epsilon) {
      return epsilon >= kTheta ? 0 : -Math.expm1((epsilon - kTheta) / 2);
    }
  },
  GAUSSIAN {
    @Override
    double profile(double kTheta, double epsilon) {
      double a = kTheta / 2 - epsilon / kTheta;
      double b = -kTheta / 2 - epsilon / kTheta;
      return Math.max(0, normalCdf(a) - Math.exp(epsilon) * normalCdf(b));
    }
  };

  /** δ_k(ε) for k ≥ 1 copies at θ = Δ/scale. */
  public double delta(int copies, double theta, double epsilon) {
    Checks.positive("copies (k)", copies);
    Checks.positive("theta (sensitivity / noise scale)", theta);
    Checks.nonNegative("epsilon", epsilon);
    return profile(copies * theta, epsilon);
  }

  abstract double profile(double kTheta, double epsilon);

  /** Φ(x) through erfc, accurate in the lower tail. */
  static double normalCdf(double x) {
    return 0.5 * Erf.erfc(-x / Math.sqrt(2));
  }
}
