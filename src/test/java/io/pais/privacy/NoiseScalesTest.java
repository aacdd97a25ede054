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
    double unit = NoiseScales.fullDataEpsilonAtUnitBudget(10, 420.67, 8);
    for (double b : new double[] {1e-7, 0.5, 4, 5e4}) {
      double eps = NoiseScales.calibrate(10, 420.67, 8, b).fullDataEpsilon();
      assertTrue(relErr(eps, Math.sqrt(b) * unit) < 1e-13);
    }
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
    assertTrue(e.getMessage().contains("budget (B)") && e.getMessage().contains("Infinity"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new LloydProfile(10, 0.0, 1.0));
    assertTrue(e.getMessage().contains("betaCount"), e.getMessage());
  }
}
