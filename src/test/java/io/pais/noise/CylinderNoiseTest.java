package io.pais.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The K-norm noise of a count and its sum ({@link CylinderNoise}): its law and moments, on and off the lattices, the
 * rule that says where it is smaller than the split, and its parameters' checks. KS tests at a 1e-3 false-failure rate
 * each (seeds fixed); each is shown to reject the law at half the ε.
 */
class CylinderNoiseTest {
  private static final int N = 20_000;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();

  /**
   * Density ∝ exp(−ε·‖z‖_K) in d + 1 dimensions has its norm ‖z‖_K = max(|η|, ‖ζ‖/ρ) distributed Gamma(d + 1, 1/ε)
   * (the density of the norm ∝ s^d·e^(−εs)), whatever K; the polar draw with a Gamma(d + 2) radius must give it.
   */
  @Test
  void itsCylinderNormIsGammaOfDPlusOneAndHalfTheEpsilonIsRejected() {
    for (int d : new int[] {1, 2, 7}) {
      double epsilon = 0.8;
      double rho = 3;
      CylinderNoise noise = new CylinderNoise(epsilon, rho, d);
      UniformRandomProvider rng = NoiseRandomness.seeded(40 + d).provider();
      double[] norms = new double[N];
      for (int i = 0; i < N; i++) {
        double[] z = noise.sample(rng);
        double squares = 0;
        for (int j = 1; j <= d; j++) {
          squares += z[j] * z[j];
        }
        norms[i] = Math.max(Math.abs(z[0]), Math.sqrt(squares) / rho);
      }
      assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d + 1, 1 / epsilon), norms) > 1e-3, "d = " + d);
      assertTrue(KS.kolmogorovSmirnovTest(new GammaDistribution(d + 1, 2 / epsilon), norms) < 1e-3, "d = " + d);
    }
  }

  /**
   * The moments the dominance rule compares: Var η = (d + 2)(d + 3)/(3ε²) and E‖ζ‖² = d(d + 3)ρ²/ε², within 5 % over
   * 20,000 draws. The relative spread of a mean of squares of these laws is below 1.2 % at this n (a fourth moment
   * under 3.6 times the squared second, Gamma(d + 2)'s with d ≥ 2), so 5 % is four spreads (false failure below 1e-4
   * each); the moments at 1.5ε (44 % smaller) fail. The lattice release has the same moments (its rounding moves a
   * value by at most 2^-21 of a count).
   */
  @Test
  void itsMomentsAreTheOnesTheRuleCompares() {
    int d = 3;
    double rho = 2;
    LatticeNoise.Joint lattice = LatticeNoise.joint(2, 4, rho, d);
    CylinderNoise noise = lattice.noise();
    assertEquals((1 / 2.0 + rho / 4) / (1 + LatticeNoise.SCALE_INFLATION), noise.epsilon(), 1e-15);
    UniformRandomProvider rng = NoiseRandomness.seeded(47).provider();
    double countSquares = 0;
    double sumSquares = 0;
    double[] directions = new double[N];
    for (int i = 0; i < N; i++) {
      ClusterNoise.Released out = lattice.release(5, new double[] {1, -1, 0.5}, rng);
      double eta = out.count() - 5;
      countSquares += eta * eta;
      double[] zeta = {out.sum()[0] - 1, out.sum()[1] + 1, out.sum()[2] - 0.5};
      sumSquares += zeta[0] * zeta[0] + zeta[1] * zeta[1] + zeta[2] * zeta[2];
      directions[i] = zeta[0] / Math.sqrt(zeta[0] * zeta[0] + zeta[1] * zeta[1] + zeta[2] * zeta[2]);
    }
    assertEquals(1, countSquares / N / noise.countVariance(), 0.05);
    assertEquals(1, sumSquares / N / noise.sumSecondMoment(), 0.05);
    assertEquals(noise.countVariance(), lattice.countDeviation() * lattice.countDeviation(), 1e-9);
    CylinderNoise stronger = new CylinderNoise(1.5 * noise.epsilon(), rho, d);
    assertTrue(Math.abs(countSquares / N / stronger.countVariance() - 1) > 0.05);
    assertTrue(Math.abs(sumSquares / N / stronger.sumSecondMoment() - 1) > 0.05);
    // a uniform direction in 3 dimensions: a coordinate of the unit vector is uniform on [−1, 1]
    assertTrue(KS.kolmogorovSmirnovTest(new UniformRealDistribution(-1, 1), directions) > 1e-3);
    assertTrue(KS.kolmogorovSmirnovTest(new BetaDistribution(2, 2), directions) < 1e-3);
  }

  /**
   * Where it replaces the split: in 2-d with the sum's share of ε three times the count's, both moments are smaller;
   * with nine times, the sum's is larger; with half, the count's; in 64 dimensions the count's by far. Scale-free.
   */
  @Test
  void theRuleComparesBothMoments() {
    // 2-d, ε_c = 1/β_c = 1, ε_s = ρ/β_s = 3: ε = 4; count 20/(3·16) = 0.42 ≤ 2; sum 10ρ²/16 = 0.625ρ² ≤ 6ρ²/9
    assertTrue(CylinderNoise.smallerThanSplit(1, 1.0 / 3, 1, 2));
    // the same with ε_s = 9: ε = 10; sum 10/100 = 0.1 against 6/81 = 0.074: larger
    assertFalse(CylinderNoise.smallerThanSplit(1, 1.0 / 9, 1, 2));
    // ε_s = 0.5: ε = 1.5; count 20/(3·2.25) = 2.96 against 2: larger
    assertFalse(CylinderNoise.smallerThanSplit(1, 2, 1, 2));
    // 64-d at ε_s = 3ε_c: count (66·67/3)/16 = 92 against 2
    assertFalse(CylinderNoise.smallerThanSplit(1, 1.0 / 3, 1, 64));
    // scale-free: the same ratio at another ρ and scale
    assertTrue(CylinderNoise.smallerThanSplit(5, 5 * 7 / 3.0, 7, 2));
  }

  @Test
  void parametersAreValidated() {
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CylinderNoise(bad, 1, 2));
      assertTrue(e.getMessage().contains("epsilon of the count and sum noise"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> new CylinderNoise(1, bad, 2));
      assertTrue(e.getMessage().contains("reach (rho)"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> LatticeNoise.joint(bad, 1, 1, 2));
      assertTrue(e.getMessage().contains("betaCount"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CylinderNoise(1, 1, 0));
    assertTrue(e.getMessage().contains("dimension (d)"), e.getMessage());
    LatticeNoise.Joint joint = LatticeNoise.joint(1, 1, 1, 2);
    e = assertThrows(IllegalArgumentException.class, () -> joint.release(0, new double[3],
        NoiseRandomness.seeded(1).provider()));
    assertTrue(e.getMessage().contains("2 coordinates, got 3"), e.getMessage());
  }
}
