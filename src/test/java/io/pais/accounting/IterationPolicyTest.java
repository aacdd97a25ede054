package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.Sampler;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IterationPolicyTest {

  /** T for full data in a strict release (unit-free split), through the real plan at every candidate T. */
  private static int fullDataChoice(double lloydEpsilon, long n, int d, int k, double r, Geometry geometry) {
    return IterationPolicy.choose(t -> {
      NoiseScales s = PrivacyPlan.solve(new PrivacyPlan.Request(Sampler.FULL, geometry, lloydEpsilon, n, 0.5, t, d, n,
          r, Double.NaN, CoreSupremum.EXACT, NoiseSplit.UNIT_FREE), () -> null).scales();
      return Optional.of(IterationNoise.laplace(s.betaCount(), s.betaSum(), d, geometry));
    }, (double) n / k, r);
  }

  /**
   * Pinned choices. Expected values from the closed form, computed independently (Python): with the unit-free split
   * e(T) = T·C/(ε·n/k), C = sqrt(m₂(1 + 1/g)² + (g + 1)²/2), g = cbrt(2m₂), m₂ = d(d+1) (ℓ2) or 2d (ℓ1); T is the
   * largest in [2, 7] with e(T) ≤ 0.03. E.g. HTRU2's size (n̂ ≈ 17,450, d = 8, k = 10): e(3) = 0.0271 and
   * e(4) = 0.0361 at ε_L = 0.7 (ε = 1 less the strict stages' 30 %).
   */
  @Test
  void pinnedChoices() {
    assertEquals(2, fullDataChoice(0.35, 17_450, 8, 10, 1, Geometry.L2)); // e(2) = 0.036 > 0.03: the floor
    assertEquals(3, fullDataChoice(0.7, 17_450, 8, 10, 1, Geometry.L2));
    assertEquals(7, fullDataChoice(2.1, 17_450, 8, 10, 1, Geometry.L2)); // e(7) = 0.021
    assertEquals(6, fullDataChoice(1.4, 19_000, 10, 10, 1, Geometry.L2)); // MAGIC's size at ε = 2
    assertEquals(6, fullDataChoice(0.7, 17_450, 8, 10, 1, Geometry.L1)); // ℓ1's sum noise is lighter
    assertEquals(2, fullDataChoice(0.7, 1_000, 2, 5, 1, Geometry.L2));
    assertEquals(7, fullDataChoice(0.35, 480_000, 38, 10, 1, Geometry.L2)); // KDD Cup's size at ε = 0.5
    assertEquals(7, fullDataChoice(0.7, 1_000_000, 50, 25, 1, Geometry.L2));
  }

  @Test
  void choiceIsUnitFreeAndGrowsWithEpsilonAndN() {
    for (double r : new double[] {1e-3, 1, 420.67, 1e6}) {
      assertEquals(3, fullDataChoice(0.7, 17_450, 8, 10, r, Geometry.L2), "r = " + r);
    }
    int previous = IterationPolicy.MIN_ITERATIONS;
    for (double eps : new double[] {0.1, 0.5, 0.8, 1.2, 1.6, 2.0, 5.0}) {
      int t = fullDataChoice(eps, 17_450, 8, 10, 1, Geometry.L2);
      assertTrue(t >= previous && t >= IterationPolicy.MIN_ITERATIONS && t <= IterationPolicy.MAX_ITERATIONS,
          "epsilon " + eps + ": " + t);
      previous = t;
    }
    assertTrue(fullDataChoice(0.7, 170_000, 8, 10, 1, Geometry.L2) > fullDataChoice(0.7, 17_000, 8, 10, 1,
        Geometry.L2));
  }

  @Test
  void relativeErrorIsTheFirstOrderCentreError() {
    // E|zeta|^2 = 4, E[eta^2] = 8, r = 2: sqrt(4 + 1 * 8) / (100 * 2)
    assertEquals(Math.sqrt(12) / 200, IterationPolicy.relativeError(new IterationNoise(8, 4), 100, 2), 1e-15);
    // clipped offsets: the count's noise scales an offset of about rho/2 = 0.25: sqrt(4 + 0.0625 * 8) / (100 * 2)
    assertEquals(Math.sqrt(4.5) / 200, IterationPolicy.relativeError(new IterationNoise(8, 4), 100, 2, 0.25), 1e-15);
    IterationNoise laplace = IterationNoise.laplace(3, 0.5, 4, Geometry.L2);
    assertEquals(18, laplace.countVariance(), 1e-12);
    assertEquals(20 * 0.25, laplace.sumSecondMoment(), 1e-12);
    assertEquals(8 * 0.25, IterationNoise.laplace(3, 0.5, 4, Geometry.L1).sumSecondMoment(), 1e-12);
    IterationNoise gaussian = IterationNoise.gaussian(3, 0.5, 4);
    assertEquals(9, gaussian.countVariance(), 1e-12);
    assertEquals(1, gaussian.sumSecondMoment(), 1e-12);
  }

  @Test
  void infeasibleIterationCountsArePassedOver() {
    // plans at T > 4 cannot be solved; e(T) = T/200 would allow 6, so T = 4 is chosen
    int t = IterationPolicy.choose(c -> c > 4 ? Optional.empty() : Optional.of(new IterationNoise(0, c * c / 4.0)), 100, 1);
    assertEquals(4, t);
    assertEquals(IterationPolicy.MIN_ITERATIONS, IterationPolicy.choose(c -> Optional.empty(), 100, 1));
  }

  @Test
  void aStrictLevelIsTheLesserOfRsAndAClustersShare() {
    assertEquals(IterationPolicy.MAX_RELATIVE_ERROR, IterationPolicy.level(0.5)); // 0.05 r: r's 0.03 is less
    assertEquals(IterationPolicy.MAX_RELATIVE_ERROR, IterationPolicy.level(0.3)); // 0.1 · 0.3 = 0.03
    assertEquals(0.1 * 0.05, IterationPolicy.level(0.05)); // birch2's many small clusters: 0.005 r
    assertEquals(0, IterationPolicy.level(0));
    // e(T) = T/200: the largest T within the level
    java.util.function.IntFunction<Optional<IterationNoise>> linear = c -> Optional.of(new IterationNoise(0,
        c * c / 4.0));
    assertEquals(6, IterationPolicy.choose(linear, 100, 1, 1, IterationPolicy.level(1)));
    assertEquals(4, IterationPolicy.choose(linear, 100, 1, 1, IterationPolicy.level(0.2)));
    assertEquals(IterationPolicy.MIN_ITERATIONS, IterationPolicy.choose(linear, 100, 1, 1, IterationPolicy.level(0)));
    assertEquals(IterationPolicy.choose(linear, 100, 1, 1), IterationPolicy.choose(linear, 100, 1, 1,
        IterationPolicy.MAX_RELATIVE_ERROR), "without a level: r's");
  }

  @Test
  void refusesInvalidArguments() {
    for (double bad : new double[] {Double.NaN, -0.1, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IterationPolicy.level(bad));
      assertTrue(e.getMessage().contains("clusterRadius") && e.getMessage().contains(">= 0")
          && e.getMessage().contains(String.valueOf(bad)), e.getMessage());
    }
    for (double bad : new double[] {Double.NaN, -0.01, 0.031}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> IterationPolicy.choose(c -> Optional.empty(), 100, 1, 1, bad));
      assertTrue(e.getMessage().contains("level must be in [0, 0.03]") && e.getMessage().contains(String.valueOf(bad)),
          e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IterationPolicy.choose(c -> Optional.empty(), Double.NaN, 1));
    assertTrue(e.getMessage().contains("clusterWeight") && e.getMessage().contains("NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> IterationPolicy.relativeError(new IterationNoise(1, 1), 10, Double.POSITIVE_INFINITY));
    assertTrue(e.getMessage().contains("radius"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new IterationNoise(-1, 0));
    assertTrue(e.getMessage().contains("countVariance"), e.getMessage());
  }

  /**
   * The lightness: the harmonic mean of the weights (each at least a quarter of their mean) over their mean. Expected
   * values by hand: [3000, 3000, 100, 100] has mean 1550, the light ones count at 387.5, and 4/(2/3000 + 2/387.5) =
   * 686.0, so 0.4426.
   */
  @Test
  void lightnessIsTheFlooredHarmonicMeanOverTheMean() {
    assertEquals(1, IterationPolicy.lightness(new double[] {500, 500, 500}), 1e-15);
    assertEquals(1, IterationPolicy.lightness(new double[] {0, 0}), 0, "no weight: n/k as it was");
    assertEquals(4 / (2 / 3000.0 + 2 / 387.5) / 1550, IterationPolicy.lightness(new double[] {3000, 3000, 100, 100}),
        1e-12);
    // unequal weights lower it; the floor bounds it below: one cluster of everything and k - 1 empty
    assertEquals(2 / (1 / 400.0 + 1 / (IterationPolicy.LIGHT_CLUSTER_FLOOR * 200)) / 200,
        IterationPolicy.lightness(new double[] {400, 0}), 1e-12);
    assertTrue(IterationPolicy.lightness(new double[] {1, 1000, 1000}) >= IterationPolicy.LIGHT_CLUSTER_FLOOR);
    // a multiple of the weights gives the same factor (it is unit-free)
    assertEquals(IterationPolicy.lightness(new double[] {3, 7, 90}), IterationPolicy.lightness(new double[] {30, 70,
        900}), 1e-15);
    for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> IterationPolicy.lightness(new double[] {1, bad}));
      assertTrue(e.getMessage().contains("cluster weight") && e.getMessage().contains(">= 0"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> IterationPolicy.lightness(new double[0]));
  }
}
