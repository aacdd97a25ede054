package io.pais.noise;

import io.pais.math.Checks;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Gaussian noise of deviation σ released on a lattice: the exact value is snapped to g·ℤ, a continuous N(0, σ²)
 * draw is rounded to the lattice and added in integers (see {@link Lattice}). Rounding the draw is
 * post-processing of the Gaussian mechanism on the snapped value; the snapping itself is covered by
 * {@link LatticeNoise#gaussian}'s inflation. The floating-point accuracy of the normal draw is not modelled (as
 * for the ℓ2 sum noise of {@link LatticeSumNoise}).
 */
public final class LatticeGaussian implements ScalarNoise, VectorNoise {
  private final Lattice lattice;
  private final double sigma;
  private final int dimension;

  LatticeGaussian(Lattice lattice, double sigma, int dimension) {
    this.lattice = Checks.notNull("lattice", lattice);
    this.sigma = Checks.positive("sigma", sigma);
    this.dimension = Checks.positive("dimension", dimension);
  }

  public Lattice lattice() {
    return lattice;
  }

  /** The deviation σ in value units. */
  public double scale() {
    return sigma;
  }

  @Override
  public double release(double exact, UniformRandomProvider rng) {
    return lattice.release(exact, lattice.snap(sigma * ZigguratSampler.NormalizedGaussian.of(rng).sample()));
  }

  @Override
  public double[] release(double[] exact, UniformRandomProvider rng) {
    Checks.require(exact.length == dimension, "the vector must have " + dimension + " coordinates, got "
        + exact.length);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] out = new double[dimension];
    for (int i = 0; i < dimension; i++) {
      out[i] = lattice.release(exact[i], lattice.snap(sigma * normal.sample()));
    }
    return out;
  }
}
