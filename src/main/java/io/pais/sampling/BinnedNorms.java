package io.pais.sampling;

import io.pais.math.Checks;
import java.util.function.DoubleUnaryOperator;

/**
 * Norms summarised by bins: a weight (how many points) at one representative norm per bin. Σ f(‖x‖) is
 * Σ_bins weight·f(norm), empty bins skipped. An exact histogram gives each bin its count at its mean norm
 * ({@link NormHistogram}); a strict release's noisy one its clamped noisy count at its upper edge.
 *
 * @param weights the points in each bin (≥ 0; noisy counts need not be whole)
 * @param norms each bin's representative norm
 * @param count n, the number of points the summary stands for
 */
public record BinnedNorms(double[] weights, double[] norms, long count) implements NormSummary {

  public BinnedNorms {
    Checks.require(weights.length == norms.length, "weights and norms must have one entry per bin, got "
        + weights.length + " and " + norms.length);
    weights = weights.clone();
    norms = norms.clone();
  }

  @Override
  public double sum(DoubleUnaryOperator f) {
    double s = 0;
    for (int i = 0; i < weights.length; i++) {
      if (weights[i] > 0) {
        s += weights[i] * f.applyAsDouble(norms[i]);
      }
    }
    return s;
  }
}
