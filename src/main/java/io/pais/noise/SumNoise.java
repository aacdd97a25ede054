package io.pais.noise;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterExponentialSampler;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Noise for a cluster's weighted sum (SPEC §2): a vector ζ in R^d with density ∝ exp(−‖ζ‖_p / β).
 * In polar form ζ = R·u with R ~ Gamma(shape d, scale β) and u uniform on the unit ℓp sphere in the cone
 * measure: u = g/‖g‖_p with g_i i.i.d. of density ∝ exp(−|g|^p). For p = 1 that is i.i.d. Laplace(0, β)
 * coordinates; for p = 2, a normalised Gaussian direction.
 *
 * <p>{@link RadiusLaw#REFERENCE_EXPONENTIAL} reproduces the public reference code's Exponential(β) radius. It
 * adds about d times less noise and is <b>not ε-DP</b> for d ≥ 2; it exists only as a named, non-private
 * comparison mode.
 */
public final class SumNoise implements ContinuousSumNoise {
  /** The distribution of the noise radius. */
  public enum RadiusLaw {
    /** Gamma(d, β): the correct polar radius of exp(−‖ζ‖/β). */
    GAMMA,
    /** Exponential(β) as in the reference code: NOT differentially private for d ≥ 2. */
    REFERENCE_EXPONENTIAL
  }

  private final double p;
  private final int dimension;
  private final double scale;
  private final RadiusLaw radiusLaw;

  private SumNoise(double p, int dimension, double scale, RadiusLaw radiusLaw) {
    this.p = Checks.atLeast("p", p, 1.0);
    this.dimension = Checks.positive("dimension (d)", dimension);
    this.scale = Checks.positive("scale (betaSum)", scale);
    this.radiusLaw = Checks.notNull("radiusLaw", radiusLaw);
  }

  /** The private sum noise of a geometry. */
  public static SumNoise of(Geometry geometry, int dimension, double scale) {
    return new SumNoise(Checks.notNull("geometry", geometry).p(), dimension, scale, RadiusLaw.GAMMA);
  }

  /** Density ∝ exp(−‖ζ‖_p / β) for any p ≥ 1. */
  public static SumNoise lp(double p, int dimension, double scale) {
    return new SumNoise(p, dimension, scale, RadiusLaw.GAMMA);
  }

  /** The reference code's ℓ2 noise with an Exponential(β) radius: a non-private comparison mode only. */
  public static SumNoise referenceCodeL2(int dimension, double scale) {
    return new SumNoise(2, dimension, scale, RadiusLaw.REFERENCE_EXPONENTIAL);
  }

  /** Whether this noise gives the ε-DP guarantee (false for the reference code's radius with d ≥ 2). */
  public boolean isPrivate() {
    return radiusLaw == RadiusLaw.GAMMA || dimension == 1;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public double scale() {
    return scale;
  }

  /**
   * The variance of one coordinate: 2β² for ℓ1's i.i.d. Laplace coordinates; (d + 1)β² for ℓ2's Gamma(d, β) radius
   * (E R² = d(d + 1)β², shared equally by the d coordinates of a uniform direction); NaN for any other law.
   */
  @Override
  public double coordinateVariance() {
    if (radiusLaw != RadiusLaw.GAMMA) {
      return Double.NaN;
    }
    return p == 1 ? 2 * scale * scale : p == 2 ? (dimension + 1.0) * scale * scale : Double.NaN;
  }

  /** One noise vector. */
  @Override
  public double[] sample(UniformRandomProvider rng) {
    double[] z = new double[dimension];
    if (p == 1 && radiusLaw == RadiusLaw.GAMMA) {
      for (int i = 0; i < dimension; i++) {
        z[i] = scale * LaplaceNoise.standard(rng);
      }
      return z;
    }
    double norm = direction(rng, z);
    double radius = radiusLaw == RadiusLaw.GAMMA
        ? AhrensDieterMarsagliaTsangGammaSampler.of(rng, dimension, scale).sample()
        : AhrensDieterExponentialSampler.of(rng, scale).sample();
    double factor = radius / norm;
    for (int i = 0; i < dimension; i++) {
      z[i] *= factor;
    }
    return z;
  }

  /** Fills {@code g} with i.i.d. draws of density ∝ exp(−|g|^p) and returns ‖g‖_p (never 0). */
  private double direction(UniformRandomProvider rng, double[] g) {
    double norm;
    do {
      if (p == 2) {
        norm = gaussians(rng, g);
      } else {
        // |g|^p ~ Gamma(1/p, 1), so |g| = Gamma(1/p, 1)^{1/p}, with a random sign.
        ContinuousSampler gamma = AhrensDieterMarsagliaTsangGammaSampler.of(rng, 1 / p, 1);
        double s = 0;
        for (int i = 0; i < dimension; i++) {
          double a = gamma.sample();
          s += a;
          g[i] = (rng.nextBoolean() ? 1 : -1) * Math.pow(a, 1 / p);
        }
        norm = Math.pow(s, 1 / p);
      }
    } while (norm == 0);
    return norm;
  }

  /**
   * Fills {@code g} with i.i.d. standard normal draws and returns ‖g‖₂ (0 only with probability 0): g/‖g‖₂ is a
   * uniform direction.
   */
  static double gaussians(UniformRandomProvider rng, double[] g) {
    ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
    double s = 0;
    for (int i = 0; i < g.length; i++) {
      g[i] = gaussian.sample();
      s += g[i] * g[i];
    }
    return Math.sqrt(s);
  }
}
