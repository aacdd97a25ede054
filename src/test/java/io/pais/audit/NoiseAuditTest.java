package io.pais.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.LaplaceNoise;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.SumNoise;
import io.pais.noise.VectorNoise;
import io.pais.privacy.Geometry;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The noise mechanisms audited end to end: their claimed ε survives the empirical lower bound of
 * {@link PrivacyAuditor} (false-failure rate {@value #ALPHA} per audit, fixed seeds), in floating point and on the
 * release lattices, and deliberately broken variants — half the noise scale, the reference code's Exponential(β)
 * radius — are caught.
 */
@Tag("audit")
class NoiseAuditTest {
  static final double ALPHA = 1e-3;
  private static final int SAMPLES = 400_000;

  private static void assertPasses(String what, double claimed, PrivacyAuditor.Result r) {
    assertTrue(r.epsilonLowerBound() <= claimed, what + ": claimed " + claimed + " but " + r);
  }

  private static void assertCaught(String what, double claimed, PrivacyAuditor.Result r) {
    assertTrue(r.epsilonLowerBound() > claimed, what + " should be caught: claimed " + claimed + ", " + r);
  }

  @Test
  void laplaceCount() {
    UniformRandomProvider rng = NoiseRandomness.seeded(31).provider();
    double epsilon = 1;
    LaplaceNoise right = new LaplaceNoise(1 / epsilon);
    assertPasses("Laplace count", epsilon, PrivacyAuditor.audit(() -> 10 + right.sample(rng),
        () -> 11 + right.sample(rng), SAMPLES, ALPHA));
    ScalarNoise lattice = LatticeNoise.count(1 / epsilon);
    assertPasses("lattice Laplace count", epsilon, PrivacyAuditor.audit(() -> lattice.release(10, rng),
        () -> lattice.release(11, rng), SAMPLES, ALPHA));
    ScalarNoise latticeHalf = LatticeNoise.count(0.5 / epsilon);
    assertCaught("lattice Laplace count at half the scale", epsilon, PrivacyAuditor.audit(
        () -> latticeHalf.release(10, rng), () -> latticeHalf.release(11, rng), SAMPLES, ALPHA));
    LaplaceNoise half = new LaplaceNoise(0.5 / epsilon);
    assertCaught("Laplace count at half the scale", epsilon, PrivacyAuditor.audit(() -> 10 + half.sample(rng),
        () -> 11 + half.sample(rng), SAMPLES, ALPHA));
  }

  /** S + ζ against S + v + ζ, ‖v‖ = r, seen through its projection on v. */
  private static PrivacyAuditor.Result projection(SumNoise noise, double[] v, UniformRandomProvider rng) {
    double norm = Geometry.L2.norm(v);
    return PrivacyAuditor.audit(() -> dot(noise.sample(rng), v) / norm,
        () -> (dot(noise.sample(rng), v) + norm * norm) / norm, SAMPLES, ALPHA);
  }

  /** The same seen through the distance to S (which catches noise too light near zero). */
  private static PrivacyAuditor.Result distance(SumNoise noise, double[] v, UniformRandomProvider rng) {
    return PrivacyAuditor.audit(() -> Geometry.L2.norm(noise.sample(rng)),
        () -> Geometry.L2.norm(plus(noise.sample(rng), v)), SAMPLES, ALPHA);
  }

  @Test
  void l2SumNoise() {
    UniformRandomProvider rng = NoiseRandomness.seeded(32).provider();
    int d = 3;
    double r = 2;
    double epsilon = 1;
    double[] v = {r / Math.sqrt(2), 0, -r / Math.sqrt(2)};
    SumNoise right = SumNoise.of(Geometry.L2, d, r / epsilon);
    assertPasses("l2 sum noise, projection", epsilon, projection(right, v, rng));
    assertPasses("l2 sum noise, distance", epsilon, distance(right, v, rng));
    VectorNoise lattice = LatticeNoise.countAndSum(1, r / epsilon, Geometry.L2, d).sum();
    double norm = Geometry.L2.norm(v);
    assertPasses("lattice l2 sum noise, projection", epsilon, PrivacyAuditor.audit(
        () -> dot(lattice.release(new double[d], rng), v) / norm, () -> dot(lattice.release(v, rng), v) / norm,
        SAMPLES, ALPHA));
    assertCaught("l2 sum noise at half the scale", epsilon,
        projection(SumNoise.of(Geometry.L2, d, r / epsilon / 2), v, rng));
    assertCaught("the reference code's Exponential radius", epsilon,
        distance(SumNoise.referenceCodeL2(d, r / epsilon), v, rng));
  }

  @Test
  void l1SumNoise() {
    UniformRandomProvider rng = NoiseRandomness.seeded(33).provider();
    int d = 3;
    double r = 2;
    double epsilon = 1;
    double[] v = {r, 0, 0};
    assertPasses("l1 sum noise", epsilon, projection(SumNoise.of(Geometry.L1, d, r / epsilon), v, rng));
    assertCaught("l1 sum noise at half the scale", epsilon,
        projection(SumNoise.of(Geometry.L1, d, r / epsilon / 2), v, rng));
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  static double[] plus(double[] a, double[] b) {
    double[] out = a.clone();
    for (int i = 0; i < a.length; i++) {
      out[i] += b[i];
    }
    return out;
  }
}
