package io.pais.noise;

import io.pais.math.Checks;
import java.math.BigInteger;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A sum released on a lattice, coordinate by coordinate. For ℓ1 each coordinate gets an exact discrete Laplace
 * draw (the lattice form of density ∝ exp(−‖ζ‖₁/β)). For ℓ2 the continuous draw of {@link SumNoise} (Gamma(d)
 * radius, uniform direction), for a box that of {@link BoxNoise}, is rounded to the lattice; rounding is
 * post-processing of that draw, so in exact arithmetic the lattice noise is as private as the continuous one for
 * every lattice shift. What remains is the
 * floating-point accuracy of the Gamma and Gaussian draws themselves (a few ulps): no longer visible in the
 * released bits, and not modelled in the accounting.
 */
public final class LatticeSumNoise implements VectorNoise {
  private final Lattice lattice;
  private final DiscreteLaplace perCoordinate;
  private final ContinuousSumNoise continuous;
  private final int dimension;

  private LatticeSumNoise(Lattice lattice, DiscreteLaplace perCoordinate, ContinuousSumNoise continuous,
      int dimension) {
    this.lattice = Checks.notNull("lattice", lattice);
    this.perCoordinate = perCoordinate;
    this.continuous = continuous;
    this.dimension = Checks.positive("dimension (d)", dimension);
  }

  /** ℓ1: i.i.d. discrete Laplace of integer scale t per coordinate. */
  static LatticeSumNoise l1(Lattice lattice, DiscreteLaplace perCoordinate, int dimension) {
    return new LatticeSumNoise(lattice, Checks.notNull("perCoordinate", perCoordinate), null, dimension);
  }

  /** ℓ2 or a box: the continuous sum noise, rounded to the lattice. */
  static LatticeSumNoise rounded(Lattice lattice, ContinuousSumNoise continuous) {
    return new LatticeSumNoise(lattice, null, Checks.notNull("continuous", continuous), continuous.dimension());
  }

  public Lattice lattice() {
    return lattice;
  }

  /** The noise scale in value units. */
  public double scale() {
    return continuous != null ? continuous.scale() : perCoordinate.scale() * lattice.spacing();
  }

  /**
   * The variance of one coordinate of the noise before rounding to the lattice (which adds at most a quarter of the
   * spacing squared): 2β² for ℓ1's Laplace coordinates, the continuous draw's for ℓ2 or a box.
   */
  public double coordinateVariance() {
    double beta = scale();
    return continuous == null ? 2 * beta * beta : continuous.coordinateVariance();
  }

  @Override
  public double[] release(double[] exact, UniformRandomProvider rng) {
    Checks.require(exact.length == dimension, "the sum must have " + dimension + " coordinates, got "
        + exact.length);
    double[] out = new double[dimension];
    double[] zeta = continuous == null ? null : continuous.sample(rng);
    for (int i = 0; i < dimension; i++) {
      BigInteger units = zeta == null ? BigInteger.valueOf(perCoordinate.sample(rng)) : lattice.snap(zeta[i]);
      out[i] = lattice.release(exact[i], units);
    }
    return out;
  }
}
