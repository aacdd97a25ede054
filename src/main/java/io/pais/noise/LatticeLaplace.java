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

  @Override
  public double release(double exact, UniformRandomProvider rng) {
    return lattice.release(exact, BigInteger.valueOf(noise.sample(rng)));
  }
}
