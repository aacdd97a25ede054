package io.pais.noise;

import io.pais.math.Checks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Laplace(0, β) noise by inversion of the CDF, in floating point: for experiments and the paper's reproduction.
 * Releases use {@link LatticeNoise}, whose released bits carry nothing about the data.
 */
public record LaplaceNoise(double scale) implements ScalarNoise {

  public LaplaceNoise {
    Checks.positive("scale (beta)", scale);
  }

  /** One draw. */
  public double sample(UniformRandomProvider rng) {
    return scale * standard(rng);
  }

  @Override
  public double release(double exact, UniformRandomProvider rng) {
    return exact + sample(rng);
  }

  /** One draw of Laplace(0, 1). */
  static double standard(UniformRandomProvider rng) {
    double u;
    do {
      u = rng.nextDouble();
    } while (u == 0);
    return u < 0.5 ? Math.log(2 * u) : -Math.log(2 * (1 - u));
  }
}
