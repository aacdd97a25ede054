package io.pais.noise;

import io.pais.math.Checks;
import io.pais.privacy.SumShape;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;

/**
 * Noise for a sum whose terms lie in a box (SPEC §2 with the box's gauge for the norm): a vector ζ in R^d with density
 * ∝ exp(−‖ζ‖_K/β), ‖ζ‖_K = max_j |ζ_j|/s_j, the K-norm mechanism of the box K = {|z_j| ≤ s_j}. Drawn as ζ = R·(s ⊙ U)
 * with R ~ Gamma(d + 1, β) and U uniform in [−1, 1]^d: a uniform point of K scaled by a Gamma(d + 1) radius has
 * exactly that density (the volume of rK grows as r^d, so the radius of exp(−‖ζ‖_K/β) has density ∝ r^(d−1)e^(−r/β),
 * and uniform-in-K times Gamma(d + 1) gives the same law: P(‖ζ‖_K ≤ t) matches for every t). A term of gauge at most
 * Δ then costs Δ/β, as a term of the ball's norm does in {@link SumNoise}.
 */
public final class BoxNoise implements ContinuousSumNoise {
  private final SumShape.Box box;
  private final double scale;

  public BoxNoise(SumShape.Box box, double scale) {
    this.box = Checks.notNull("box", box);
    this.scale = Checks.positive("scale (betaSum)", scale);
  }

  @Override
  public int dimension() {
    return box.dimension();
  }

  @Override
  public double scale() {
    return scale;
  }

  /** The variance averaged over the coordinates, E‖ζ‖₂²/d = (d + 1)(d + 2)β²·Σ s_j²/(3d): coordinate j's is ∝ s_j². */
  @Override
  public double coordinateVariance() {
    int d = box.dimension();
    return box.secondMoment(d) * scale * scale / d;
  }

  @Override
  public double[] sample(UniformRandomProvider rng) {
    int d = box.dimension();
    double radius = AhrensDieterMarsagliaTsangGammaSampler.of(rng, d + 1.0, scale).sample();
    double[] z = new double[d];
    for (int j = 0; j < d; j++) {
      // uniform in [−1, 1]: 53 random bits with a random sign (the grid's two ends carry equal weight)
      double u = rng.nextDouble();
      z[j] = radius * box.halfWidth(j) * (rng.nextBoolean() ? u : -u);
    }
    return z;
  }
}
