package io.pais.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.SumShape;
import java.util.Arrays;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The box's K-norm noise ({@link BoxNoise}): density ∝ exp(−‖ζ‖_K/β). Each acceptance test has a false-failure rate of
 * at most 1e-3 (KS p-value threshold, fixed seeds); the power checks show the same tests reject 10 % too little noise,
 * the ball's radius law Gamma(d) in place of Gamma(d + 1), and a draw that ignores the box's proportions.
 */
class BoxNoiseTest {
  private static final int N = 20_000;
  private static final double ALPHA = 1e-3;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();
  private static final SumShape.Box BOX = SumShape.Box.of(new double[] {8, 4, 1, 0.5, 2}, 2.0);

  private static double[] gauges(BoxNoise noise, SumShape.Box box, UniformRandomProvider rng) {
    double[] out = new double[N];
    for (int i = 0; i < N; i++) {
      out[i] = box.gauge(noise.sample(rng));
    }
    return out;
  }

  /** ‖ζ‖_K ~ Gamma(d, β): the polar radius of exp(−‖ζ‖_K/β), what the sum's privacy rests on. */
  @Test
  void theGaugeIsGammaDBetaAndLessNoiseIsRejected() {
    int d = BOX.dimension();
    double beta = 1.3;
    UniformRandomProvider rng = NoiseRandomness.seeded(91).provider();
    GammaDistribution law = new GammaDistribution(d, beta);
    assertTrue(KS.kolmogorovSmirnovTest(law, gauges(new BoxNoise(BOX, beta), BOX, rng)) > ALPHA);
    assertTrue(KS.kolmogorovSmirnovTest(law, gauges(new BoxNoise(BOX, 0.9 * beta), BOX, rng)) < ALPHA,
        "10 % too little noise should be rejected");
    // the ball's Gamma(d) radius times a uniform point of the box (whose gauge is the largest |U_j|): too light
    GammaDistribution ballRadius = new GammaDistribution(new Well19937c(95), d, beta);
    double[] ballLaw = new double[N];
    for (int i = 0; i < N; i++) {
      double largest = 0;
      for (int j = 0; j < d; j++) {
        largest = Math.max(largest, rng.nextDouble());
      }
      ballLaw[i] = ballRadius.sample() * largest;
    }
    assertTrue(KS.kolmogorovSmirnovTest(law, ballLaw) < ALPHA, "a Gamma(d) radius should be rejected");
  }

  /**
   * Given the gauge, the point is uniform on the box's surface: |ζ_j|/(s_j‖ζ‖_K) is uniform on [0, 1] for a coordinate
   * that is not the largest, and the scaled largest coordinate is the gauge itself; so max_j |ζ_j|/s_j over the
   * other coordinates behaves as the max of d − 1 uniforms, Beta(d − 1, 1), and the signs are fair. A draw whose
   * coordinates all had the widest half-width would fail the first coordinate's test.
   */
  @Test
  void theDirectionIsUniformOverTheBoxInItsProportions() {
    int d = BOX.dimension();
    UniformRandomProvider rng = NoiseRandomness.seeded(92).provider();
    BoxNoise noise = new BoxNoise(BOX, 0.7);
    double[] secondLargest = new double[N];
    double[] narrowCoordinate = new double[N];
    int positive = 0;
    for (int i = 0; i < N; i++) {
      double[] z = noise.sample(rng);
      double gauge = BOX.gauge(z);
      double[] scaled = new double[d];
      int largest = 0;
      for (int j = 0; j < d; j++) {
        scaled[j] = Math.abs(z[j]) / BOX.halfWidth(j) / gauge;
        largest = scaled[j] > scaled[largest] ? j : largest;
      }
      double next = 0;
      for (int j = 0; j < d; j++) {
        next = j == largest ? next : Math.max(next, scaled[j]);
      }
      secondLargest[i] = next;
      narrowCoordinate[i] = Math.abs(z[3]) / BOX.halfWidth(3) / gauge;
      positive += z[3] > 0 ? 1 : 0;
    }
    assertTrue(KS.kolmogorovSmirnovTest(new BetaDistribution(d - 1, 1), secondLargest) > ALPHA);
    // coordinate 4 (0-based 3) is the largest with probability 1/d: |ζ_4|/(s_4 gauge) mixes U(0, 1) and the point 1
    double[] below = Arrays.stream(narrowCoordinate).filter(v -> v < 1).toArray();
    assertTrue(KS.kolmogorovSmirnovTest(new UniformRealDistribution(0, 1), below) > ALPHA);
    assertTrue(Math.abs(positive - N / 2.0) < 3.3 * Math.sqrt(N / 4.0), "signs: " + positive + " of " + N);
    // the widest half-width in every coordinate: the narrow coordinate's scaled value is far above U(0, 1)
    double widest = BOX.halfWidth(0);
    double[] wrong = new double[N];
    for (int i = 0; i < N; i++) {
      double[] z = noise.sample(rng);
      wrong[i] = Math.min(1, Math.abs(z[3]) / BOX.halfWidth(3) * BOX.halfWidth(3) / widest / BOX.gauge(z));
    }
    assertTrue(KS.kolmogorovSmirnovTest(new UniformRealDistribution(0, 1), wrong) < ALPHA);
  }

  /**
   * E‖ζ‖₂² = (d + 1)(d + 2)β²Σ s_j²/3 = m₂β² ({@link SumShape.Box#secondMoment}); the sample mean over N draws has a
   * relative sd below 0.02 here, so a 10 % band is 5 sd wide (false-failure rate below 1e-6), and the ball's m₂ at the
   * same κ, d(d + 1)κ², lies outside it.
   */
  @Test
  void theSecondMomentIsWhatTheSplitWeighs() {
    int d = BOX.dimension();
    double beta = 0.4;
    UniformRandomProvider rng = NoiseRandomness.seeded(93).provider();
    BoxNoise noise = new BoxNoise(BOX, beta);
    double squares = 0;
    for (int i = 0; i < N; i++) {
      for (double z : noise.sample(rng)) {
        squares += z * z;
      }
    }
    double mean = squares / N;
    double claimed = BOX.secondMoment(d) * beta * beta;
    assertEquals((d + 1.0) * (d + 2) * 4 / 3, BOX.secondMoment(d), 1e-12, "sum of s_j^2 is kappa^2 = 4");
    assertTrue(Math.abs(mean / claimed - 1) < 0.1, mean + " vs " + claimed);
    assertTrue(Math.abs(mean / (d * (d + 1) * 4 * beta * beta) - 1) > 0.1, "the ball's would pass");
    assertEquals(claimed / d, noise.coordinateVariance(), 1e-12 * claimed);
  }

  /**
   * The lattice: spacing at most (δ/2)·Δ·min s_j (a move of the spacing in every coordinate is at most δΔ/2 in the
   * gauge), the scale inflated by δ, and the released values on the lattice.
   */
  @Test
  void theLatticeFollowsTheNarrowestCoordinate() {
    int d = BOX.dimension();
    double beta = 2;
    double sensitivity = 0.5;
    LatticeSumNoise noise = LatticeNoise.sum(beta, sensitivity, BOX, d);
    double g = noise.lattice().spacing();
    assertTrue(g <= LatticeNoise.SCALE_INFLATION / 2 * sensitivity * BOX.narrowest());
    assertTrue(2 * g > LatticeNoise.SCALE_INFLATION / 2 * sensitivity * BOX.narrowest(), "the largest such power");
    assertEquals(beta * (1 + LatticeNoise.SCALE_INFLATION), noise.scale(), 0);
    double[] released = noise.release(new double[] {1, 2, 3, 4, 5}, NoiseRandomness.seeded(94).provider());
    for (double v : released) {
      assertEquals(0, Math.IEEEremainder(v, g), 0, "on the lattice: " + v);
    }
    assertThrows(IllegalArgumentException.class, () -> LatticeNoise.sum(beta, sensitivity, BOX, d + 1));
    assertThrows(IllegalArgumentException.class, () -> new BoxNoise(BOX, Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new BoxNoise(BOX, Double.POSITIVE_INFINITY));
  }
}
