package io.pais.sampling;

import io.pais.math.Checks;
import java.util.function.DoubleUnaryOperator;

/** Every norm, kept as is: Σ f(‖x_i‖) is exact. For data that fits on the driver. */
public final class ExactNorms implements NormSummary {
  private final double[] norms;

  public ExactNorms(double[] norms) {
    Checks.notNull("norms", norms);
    Checks.require(norms.length > 0, "norms must not be empty");
    for (double z : norms) {
      Checks.require(Double.isFinite(z) && z >= 0, "every norm must be finite and >= 0");
    }
    this.norms = norms.clone();
  }

  @Override
  public long count() {
    return norms.length;
  }

  @Override
  public double sum(DoubleUnaryOperator f) {
    double s = 0;
    for (double z : norms) {
      s += f.applyAsDouble(z);
    }
    return s;
  }
}
