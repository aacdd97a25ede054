package io.pais.estimation;

import io.pais.math.Checks;

/**
 * A DP estimate of a count with the variance of its noise. The variance is public (it follows from the noise scale
 * alone), so two independent estimates of one count combine by inverse-variance weighting as post-processing, at no
 * further ε.
 *
 * @param value the estimate (a DP output)
 * @param variance the variance of its noise, positive and finite
 */
public record NoisyCount(double value, double variance) {

  public NoisyCount {
    Checks.finite("value of a noisy count", value);
    Checks.positive("variance of a noisy count", variance);
  }

  /**
   * The inverse-variance combination (v₂·a + v₁·b)/(v₁ + v₂) of this estimate a (variance v₁) and another estimate
   * b (variance v₂) of the same count with independent noise: unbiased when both are, and of variance
   * v₁v₂/(v₁ + v₂), below either's.
   */
  public NoisyCount combinedWith(NoisyCount other) {
    Checks.notNull("other", other);
    double total = variance + other.variance;
    double weight = other.variance / total;
    return new NoisyCount(weight * value + (1 - weight) * other.value, variance * (other.variance / total));
  }
}
