package io.pais.privacy;

import static io.pais.testing.TestVectors.relErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.TestVectors;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoiseScalesTest {

  @Test
  void matchesSection1Vectors() {
    int checked = 0;
    for (String line : TestVectors.section("1.")) {
      if (!line.startsWith("T=")) {
        continue;
      }
      Map<String, Double> v = TestVectors.pairs(line);
      NoiseScales s = NoiseScales.calibrate(v.get("T").intValue(), v.get("r"), v.get("d").intValue(), v.get("B"));
      assertTrue(relErr(s.betaSum(), v.get("beta_sum")) < 1e-13, line);
      assertTrue(relErr(s.betaCount(), v.get("beta_count")) < 1e-13, line);
      assertTrue(relErr(s.fullDataEpsilon(), v.get("eps_full")) < 1e-13, line);
      // the early text's typo reading must not be what we compute
      assertTrue(relErr(s.betaCount(), v.get("typo_bc")) > 1e-3, line);
      checked++;
    }
    assertEquals(8, checked);
  }

  @Test
  void fullEpsilonGrowsLikeSqrtB() {
    double unit = NoiseScales.fullDataEpsilonAtUnitBudget(10, 420.67, 8, NoiseSplit.SU_ET_AL, Geometry.L2);
    for (double b : new double[] {1e-7, 0.5, 4, 5e4}) {
      double eps = NoiseScales.calibrate(10, 420.67, 8, b).fullDataEpsilon();
      assertTrue(relErr(eps, Math.sqrt(b) * unit) < 1e-13);
    }
  }

  /** β_count = g·β_sum/r with g = cbrt(2 m2): d(d + 1) for l2 noise, 2d for l1; B is the square of ε_full. */
  @Test
  void unitFreeSplitFollowsItsDerivation() {
    for (Geometry geometry : Geometry.values()) {
      for (int d : new int[] {1, 3, 8, 38}) {
        double m2 = geometry == Geometry.L2 ? d * (d + 1.0) : 2.0 * d;
        double g = Math.cbrt(2 * m2);
        assertTrue(relErr(NoiseSplit.unitFreeRatio(d, geometry), g) < 1e-15);
        NoiseScales s = NoiseScales.calibrate(7, 3.5, d, 4.0, NoiseSplit.UNIT_FREE, geometry);
        assertTrue(relErr(s.betaCount() * 3.5 / s.betaSum(), g) < 1e-13);
        assertTrue(relErr(s.fullDataEpsilon(), 2.0) < 1e-13, "eps_full = sqrt(B)");
        // the sums get g/(1 + g) of every iteration's epsilon
        assertTrue(relErr(3.5 / s.betaSum(), 2.0 / 7 * g / (1 + g)) < 1e-13);
      }
    }
  }

  /**
   * Rescaling the data (r) rescales the unit-free sum noise and leaves the count noise alone, so the release
   * changes only by the rescaling; the paper's split moves budget between counts and sums instead.
   */
  @Test
  void unitFreeSplitIsCovariantUnderRescaling() {
    NoiseScales small = NoiseScales.calibrate(10, 2.0, 8, 1.5, NoiseSplit.UNIT_FREE, Geometry.L2);
    NoiseScales large = NoiseScales.calibrate(10, 2000.0, 8, 1.5, NoiseSplit.UNIT_FREE, Geometry.L2);
    assertTrue(relErr(large.betaSum(), 1000 * small.betaSum()) < 1e-13);
    assertTrue(relErr(large.betaCount(), small.betaCount()) < 1e-13);
    // the paper's split at the same full-data epsilon: the count noise depends on the units
    double eps = small.fullDataEpsilon();
    NoiseScales paperSmall = new io.pais.accounting.NoiseKnobSolver(10, 2.0, 8).scales(
        new io.pais.accounting.NoiseKnobSolver(10, 2.0, 8).full(eps));
    NoiseScales paperLarge = new io.pais.accounting.NoiseKnobSolver(10, 2000.0, 8).scales(
        new io.pais.accounting.NoiseKnobSolver(10, 2000.0, 8).full(eps));
    assertTrue(paperLarge.betaCount() > 100 * paperSmall.betaCount());
  }

  @Test
  void rejectsBadParametersNamingThem() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> NoiseScales.calibrate(10, Double.NaN, 2, 1));
    assertTrue(e.getMessage().contains("radius (r)") && e.getMessage().contains("> 0")
        && e.getMessage().contains("NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NoiseScales.calibrate(0, 1, 2, 1));
    assertTrue(e.getMessage().contains("iterations (T)") && e.getMessage().contains("0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NoiseScales.calibrate(10, 1, -3, 1));
    assertTrue(e.getMessage().contains("dimension (d)") && e.getMessage().contains("-3"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> NoiseScales.calibrate(10, 1, 2, Double.POSITIVE_INFINITY));
    assertTrue(e.getMessage().contains("noise knob (B)") && e.getMessage().contains("Infinity"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> NoiseScales.calibrate(10, 1, 2, 1, null, Geometry.L2));
    assertTrue(e.getMessage().contains("split"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NoiseSplit.unitFreeRatio(0, Geometry.L2));
    assertTrue(e.getMessage().contains("dimension (d)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new LloydProfile(10, 0.0, 1.0, 1.0));
    assertTrue(e.getMessage().contains("betaCount"), e.getMessage());
  }

  /**
   * Scales calibrated to a sum bound ρ (sums of clipped offsets): a point's profile has min(‖x‖, ρ), so every point at
   * or beyond ρ costs ε_full, one nearer the origin less, and the bound is validated with its name.
   */
  @Test
  void theProfileIsFlatBeyondTheSumBound() {
    NoiseScales s = NoiseScales.calibrate(5, 0.5, 3, 2.0, NoiseSplit.UNIT_FREE, Geometry.L2);
    LloydProfile profile = s.profile();
    assertEquals(s.fullDataEpsilon(), profile.alpha(0.5));
    assertEquals(profile.alpha(0.5), profile.alpha(40));
    assertTrue(profile.alpha(0.25) < profile.alpha(0.5));
    assertEquals(5 / s.betaCount() + 5 * 0.25 / s.betaSum(), profile.alpha(0.25), 1e-12);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LloydProfile(10, 1.0, 1.0, Double.NaN));
    assertTrue(e.getMessage().contains("sumBound") && e.getMessage().contains("NaN"), e.getMessage());
  }
}
