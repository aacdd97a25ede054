package io.pais.accounting;

import io.pais.math.Checks;
import org.apache.commons.math3.special.Erf;

/**
 * A base noise and its privacy profile δ_k(ε) for a group of k copies (sensitivity kΔ), with θ = Δ/scale
 * (SPEC §14): Laplace of scale b, θ = Δ/b, δ_k(ε) = max(0, 1 − e^{(ε − kθ)/2}); Gaussian of deviation σ,
 * θ = Δ/σ, δ_k(ε) = Φ(kθ/2 − ε/(kθ)) − e^ε·Φ(−kθ/2 − ε/(kθ)). The unit-scale law (density, distribution
 * function) is what the Fourier accountant discretises; shifts are measured in units of the scale, so a
 * sensitivity Δ is a shift θ.
 */
public enum GroupProfile implements PrivacyProfile {
  LAPLACE {
    @Override
    double profile(double kTheta, double epsilon) {
      return epsilon >= kTheta ? 0 : -Math.expm1((epsilon - kTheta) / 2);
    }

    @Override
    public double logDensity(double x) {
      return -Math.abs(x) - LOG_2;
    }

    @Override
    public double lowerTail(double x) {
      return x <= 0 ? 0.5 * Math.exp(x) : 1 - 0.5 * Math.exp(-x);
    }
  },
  GAUSSIAN {
    @Override
    double profile(double kTheta, double epsilon) {
      double a = kTheta / 2 - epsilon / kTheta;
      double b = -kTheta / 2 - epsilon / kTheta;
      // the two terms cancel where δ is tiny; Φ is accurate to about 1e-15 relative, so a margin of 1e-13·Φ(a)
      // (Φ(a) bounds both terms) keeps the difference an upper bound
      double upper = normalCdf(a);
      return Math.min(1, Math.max(0, upper - Math.exp(epsilon) * normalCdf(b)) + CANCELLATION_MARGIN * upper);
    }

    @Override
    public double logDensity(double x) {
      return -0.5 * x * x - LOG_SQRT_2PI;
    }

    @Override
    public double lowerTail(double x) {
      return normalCdf(x);
    }
  };

  private static final double LOG_2 = Math.log(2);
  private static final double CANCELLATION_MARGIN = 1e-13;
  private static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

  /** δ_k(ε) for k ≥ 1 copies at θ = Δ/scale. */
  @Override
  public double delta(int copies, double theta, double epsilon) {
    validate(copies, theta, epsilon);
    return profile(copies * theta, epsilon);
  }

  @Override
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The argument rules every profile shares. */
  static void validate(int copies, double theta, double epsilon) {
    Checks.positive("copies (k)", copies);
    Checks.positive("theta (sensitivity / noise scale)", theta);
    Checks.nonNegative("epsilon", epsilon);
  }

  abstract double profile(double kTheta, double epsilon);

  /** log of the unit-scale density at x (the law is symmetric about 0). */
  public abstract double logDensity(double x);

  /** P(X ≤ x) for the unit-scale noise. */
  public abstract double lowerTail(double x);

  /** Φ(x) through erfc, accurate in the lower tail. */
  static double normalCdf(double x) {
    return 0.5 * Erf.erfc(-x / Math.sqrt(2));
  }
}
