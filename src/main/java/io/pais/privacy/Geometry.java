package io.pais.privacy;

import io.pais.math.Checks;
import io.pais.math.Norms;
/**
 * The norm that bounds a point's privacy cost and shapes the sum noise (SPEC §1): ℓ2 (default, TMLR version)
 * or ℓ1 (the earlier version's variant). As a {@link SumShape}, its ball.
 */
public enum Geometry implements SumShape {
  L2(2) {
    @Override
    public double norm(double[] x) {
      return Norms.l2(x);
    }
  },
  L1(1) {
    @Override
    public double norm(double[] x) {
      double s = 0;
      for (double v : x) {
        s += Math.abs(v);
      }
      return s;
    }
  };

  private final int p;

  Geometry(int p) {
    this.p = p;
  }

  /** The exponent p of the ℓp norm. */
  public int p() {
    return p;
  }

  /** The ℓp norm of {@code x}. */
  public abstract double norm(double[] x);

  /** This one: its ball bounds the sums' terms and its norm the points'. */
  @Override
  public Geometry geometry() {
    return this;
  }

  /**
   * m₂ = E‖ζ‖₂²/β² of the d-dimensional sum noise of density ∝ exp(−‖z‖_p/β): d(d + 1) for ℓ2 (‖ζ‖ ~ Gamma(d, β)),
   * 2d for ℓ1 (d independent Laplace(β) coordinates).
   */
  @Override
  public double secondMoment(int dimension) {
    Checks.positive("dimension (d)", dimension);
    return this == L1 ? 2.0 * dimension : (double) dimension * (dimension + 1);
  }

  /** The flag value: "l2" or "l1". */
  @Override
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Parses "l2" or "l1" (any case). */
  public static Geometry parse(String name) {
    return Checks.oneOf("geometry", name, values(), Geometry::id);
  }
}
