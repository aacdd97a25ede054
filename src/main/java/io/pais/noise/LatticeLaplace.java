package io.pais.noise;

import io.pais.math.Checks;
import java.math.BigInteger;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A count released on a lattice: the exact value rounded to g·ℤ plus g times an exact discrete Laplace draw of
 * integer scale t, so the noise in value units has scale t·g. Nothing in it is floating point until the final,
 * data-independent conversion of one integer.
 */
public record LatticeLaplace(Lattice lattice, DiscreteLaplace noise) implements ScalarNoise {

  public LatticeLaplace {
    Checks.notNull("lattice", lattice);
    Checks.notNull("noise", noise);
  }

  /** The scale in value units, t·g. */
  public double scale() {
    return noise.scale() * lattice.spacing();
  }

  /**
   * The variance of the noise in value units: g²·2e^(−1/t)/(1 − e^(−1/t))² for the discrete Laplace of integer scale t
   * (about 2(t·g)², the continuous law's). A public value: it depends on the scale only.
   */
  public double variance() {
    double t = noise.scale();
    double spacing = lattice.spacing();
    double decay = Math.exp(-1 / t);
    double gap = -Math.expm1(-1 / t);
    return spacing * spacing * 2 * decay / (gap * gap);
  }

  @Override
  public double release(double exact, UniformRandomProvider rng) {
    return lattice.release(exact, BigInteger.valueOf(noise.sample(rng)));
  }
}
