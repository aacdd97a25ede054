package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;

/**
 * core: the lightweight-coreset-inspired sampler of SPEC §5. For ℓ2,
 * q(z) = λ·m/n + (1 − λ)·m·z²/(n·x̃) with x̃ the mean squared ℓ2 norm; for ℓ1 the norm and x̃ enter linearly
 * (x̃ the mean ℓ1 norm). It needs q ≤ 1 on the whole domain [0, r], which bounds m.
 */
public final class CoreSampling implements SamplingFunction {
  private static final long serialVersionUID = 1L;

  private final Geometry geometry;
  private final double base;
  private final double slope;
  private final double lambda;

  /**
   * @param sampleSize expected sample size m
   * @param populationSize n
   * @param lambda mixing weight λ in [0, 1] (λ = 1 is unif)
   * @param meanNormStatistic x̃: mean squared ℓ2 norm (ℓ2) or mean ℓ1 norm (ℓ1)
   * @param radius r, the norm bound of the domain
   * @param geometry ℓ2 or ℓ1
   */
  public CoreSampling(double sampleSize, double populationSize, double lambda, double meanNormStatistic,
      double radius, Geometry geometry) {
    Checks.positive("sampleSize (m)", sampleSize);
    Checks.inClosedRange("lambda", lambda, 0, 1);
    Checks.notNull("geometry", geometry);
    double limit = maxSampleSize(populationSize, lambda, meanNormStatistic, radius, geometry);
    Checks.require(sampleSize <= limit,
        "sampleSize (m) must be <= " + limit + " so that q <= 1 on [0, r] (m <= n / (lambda + (1 - lambda) "
            + (geometry == Geometry.L2 ? "r^2" : "r") + " / xTilde)), got " + sampleSize);
    this.geometry = geometry;
    this.lambda = lambda;
    this.base = lambda * sampleSize / populationSize;
    this.slope = (1 - lambda) * sampleSize / (populationSize * meanNormStatistic);
  }

  /** The largest m for which q ≤ 1 on [0, r]: n / (λ + (1 − λ)·r²/x̃) (ℓ2) or n / (λ + (1 − λ)·r/x̃) (ℓ1). */
  public static double maxSampleSize(double populationSize, double lambda, double meanNormStatistic, double radius,
      Geometry geometry) {
    Checks.positive("populationSize (n)", populationSize);
    Checks.inClosedRange("lambda", lambda, 0, 1);
    Checks.positive("xTilde", meanNormStatistic);
    Checks.positive("radius (r)", radius);
    double rel = geometry == Geometry.L2 ? radius * radius / meanNormStatistic : radius / meanNormStatistic;
    return populationSize / (lambda + (1 - lambda) * rel);
  }

  @Override
  public double probability(double norm) {
    double z = geometry == Geometry.L2 ? norm * norm : norm;
    return base + slope * z;
  }

  /** λ·m/n, the probability at the origin. */
  public double baseProbability() {
    return base;
  }

  /** λ. */
  public double lambda() {
    return lambda;
  }

  /** The geometry whose norm q reads. */
  public Geometry geometry() {
    return geometry;
  }
}
