package io.pais.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.BoxNoise;
import io.pais.noise.ClusterNoise;
import io.pais.noise.CylinderNoise;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.ScalarNoise;
import io.pais.noise.SumNoise;
import io.pais.noise.VectorNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The noise mechanisms audited end to end: their claimed ε survives the empirical lower bound of
 * {@link PrivacyAuditor} (false-failure rate {@value #ALPHA} per audit, fixed seeds), in floating point and on the
 * release lattices, and deliberately broken variants — half the noise scale, the reference code's Exponential(β)
 * radius, a box's noise in the wrong proportions — are caught.
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

  /**
   * The box's K-norm noise ({@link BoxNoise}) for a sum whose neighbours differ by a vertex v = ρ·(s ⊙ e) of the box
   * (gauge ρ, the largest a term may have), seen through max_j e_j·z_j/s_j, which v moves by exactly ρ: the claim
   * ρ/β holds in floating point and on the lattice, and half the scale, or the box's proportions swapped (the wide
   * coordinate's noise on the narrow one), are caught.
   */
  @Test
  void boxSumNoise() {
    UniformRandomProvider rng = NoiseRandomness.seeded(34).provider();
    SumShape.Box box = SumShape.Box.of(new double[] {4, 1, 2}, 2);
    int d = box.dimension();
    double rho = 1.5;
    double epsilon = 1;
    double[] signs = {1, -1, 1};
    double[] v = new double[d];
    for (int j = 0; j < d; j++) {
      v[j] = rho * box.halfWidth(j) * signs[j];
    }
    ToDoubleFunction<double[]> along = z -> {
      double m = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < d; j++) {
        m = Math.max(m, signs[j] * z[j] / box.halfWidth(j));
      }
      return m;
    };
    BoxNoise right = new BoxNoise(box, rho / epsilon);
    assertPasses("box sum noise", epsilon, PrivacyAuditor.audit(() -> along.applyAsDouble(right.sample(rng)),
        () -> along.applyAsDouble(plus(right.sample(rng), v)), SAMPLES, ALPHA));
    VectorNoise lattice = LatticeNoise.countAndSum(1, rho / epsilon, box, d).sum();
    assertPasses("lattice box sum noise", epsilon, PrivacyAuditor.audit(
        () -> along.applyAsDouble(lattice.release(new double[d], rng)),
        () -> along.applyAsDouble(lattice.release(v, rng)), SAMPLES, ALPHA));
    BoxNoise half = new BoxNoise(box, rho / epsilon / 2);
    assertCaught("box sum noise at half the scale", epsilon, PrivacyAuditor.audit(
        () -> along.applyAsDouble(half.sample(rng)), () -> along.applyAsDouble(plus(half.sample(rng), v)), SAMPLES,
        ALPHA));
    BoxNoise swapped = new BoxNoise(SumShape.Box.of(new double[] {1, 4, 2}, 2), rho / epsilon);
    assertCaught("box sum noise in the box's proportions swapped", epsilon, PrivacyAuditor.audit(
        () -> along.applyAsDouble(swapped.sample(rng)), () -> along.applyAsDouble(plus(swapped.sample(rng), v)),
        SAMPLES, ALPHA));
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

  /**
   * One K-norm noise for a count and its ℓ2 sum ({@link CylinderNoise}) at ε = 1/β_c + ρ/β_s, for neighbours whose count
   * differs by 1 and sum by v with ‖v‖ = ρ (a vertex of the cylinder: the largest move a record makes), seen through
   * the likelihood-ratio direction max(|η|, ‖ζ‖/ρ) − max(|η − 1|, ‖ζ − v‖/ρ): the claim holds in floating point and on
   * the lattices, and the noise at twice the ε, or with the sum's reach halved (its sum noise half as large), is
   * caught.
   */
  @Test
  void jointCountAndSumNoise() {
    UniformRandomProvider rng = NoiseRandomness.seeded(35).provider();
    int d = 2;
    double rho = 1.5;
    double betaCount = 4;
    double betaSum = 2;
    double epsilon = 1 / betaCount + rho / betaSum;
    double[] v = {rho * 0.6, -rho * 0.8};
    ToDoubleFunction<double[]> ratio = cylinderRatio(rho, v);
    CylinderNoise right = CylinderNoise.replacing(betaCount, betaSum, rho, d);
    assertPasses("joint count and sum noise", epsilon, PrivacyAuditor.audit(
        () -> ratio.applyAsDouble(right.sample(rng)),
        () -> ratio.applyAsDouble(plus(right.sample(rng), new double[] {1, v[0], v[1]})), SAMPLES, ALPHA));
    LatticeNoise.Joint lattice = LatticeNoise.joint(betaCount, betaSum, rho, d);
    assertPasses("lattice joint count and sum noise", epsilon, PrivacyAuditor.audit(
        () -> ratio.applyAsDouble(released(lattice.release(10, new double[d], rng), 10, new double[d])),
        () -> ratio.applyAsDouble(released(lattice.release(11, v, rng), 10, new double[d])), SAMPLES, ALPHA));
    CylinderNoise twice = new CylinderNoise(2 * epsilon, rho, d);
    assertCaught("joint noise at twice the epsilon", epsilon, PrivacyAuditor.audit(
        () -> ratio.applyAsDouble(twice.sample(rng)),
        () -> ratio.applyAsDouble(plus(twice.sample(rng), new double[] {1, v[0], v[1]})), SAMPLES, ALPHA));
    // seen through its own likelihood-ratio direction
    CylinderNoise narrow = new CylinderNoise(epsilon, rho / 2, d);
    ToDoubleFunction<double[]> narrowRatio = cylinderRatio(rho / 2, v);
    assertCaught("joint noise with the sum's reach halved", epsilon, PrivacyAuditor.audit(
        () -> narrowRatio.applyAsDouble(narrow.sample(rng)),
        () -> narrowRatio.applyAsDouble(plus(narrow.sample(rng), new double[] {1, v[0], v[1]})), SAMPLES, ALPHA));
  }

  /**
   * max(|η|, ‖ζ‖/ρ) − max(|η − 1|, ‖ζ − v‖/ρ) of z = (η, ζ) in 2-d, rounded to 1e-9: it has atoms at ±1 (where the
   * count's term decides both norms), which floating-point rounding would otherwise split differently on D and D′.
   */
  private static ToDoubleFunction<double[]> cylinderRatio(double rho, double[] v) {
    return z -> Math.rint(1e9 * (Math.max(Math.abs(z[0]), Math.hypot(z[1], z[2]) / rho)
        - Math.max(Math.abs(z[0] - 1), Math.hypot(z[1] - v[0], z[2] - v[1]) / rho))) / 1e9;
  }

  /** A released count and sum as one vector, less the exact values of D. */
  private static double[] released(ClusterNoise.Released out, double count, double[] sum) {
    double[] z = new double[sum.length + 1];
    z[0] = out.count() - count;
    for (int i = 0; i < sum.length; i++) {
      z[i + 1] = out.sum()[i] - sum[i];
    }
    return z;
  }
}
