package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.CopyCounts;
import io.pais.sampling.UniformScheme;
import io.pais.testing.TestVectors;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Fourier accountant against exact values: the T-fold Gaussian mechanism (μ-GDP with μ = θ√T, vectors §3)
 * lies inside every δ and ε bracket and the ε bracket is at most 2·T·step wide; for T = 1 the Poisson bracket
 * contains Theorem 5's δ′ (tight for that pair) and for the substitution schemes Theorem 5's δ′ is above the
 * bracket's lower end (it is an upper bound of the modelled pair, looser for multisets).
 */
class FourierAccountantTest {

  private static double value(String field) {
    return Double.parseDouble(field.substring(field.indexOf('=') + 1));
  }

  @Test
  void bracketsContainTheExactComposedGaussian() {
    Map<String, FourierAccountant> built = new HashMap<>();
    int checked = 0;
    for (String line : TestVectors.lines("must-amplification-vectors.txt")) {
      if (!line.startsWith("theta=") || !line.contains(" T=")) {
        continue;
      }
      String[] f = line.trim().split("\\s+");
      double theta = value(f[0]);
      int t = (int) value(f[1]);
      double eps = value(f[2]);
      double exact = value(f[3]);
      // T = 1000 at the default step takes seconds; a coarser step keeps the test quick and the bracket valid
      double step = Math.max(FourierAccountant.defaultStep(t), 5e-5);
      FourierAccountant fa = built.computeIfAbsent(f[0] + f[1], key -> FourierAccountant.compose(
          LossPair.addRemove(1, GroupProfile.GAUSSIAN, theta), t, step, true));
      FourierAccountant.Bounds d = fa.delta(eps);
      FourierAccountant.Bounds e = fa.epsilon(exact);
      assertTrue(d.lower() <= exact && exact <= d.upper(), line + ": delta bracket " + d);
      assertTrue(e.lower() <= eps && eps <= e.upper(), line + ": epsilon bracket " + e);
      assertTrue(e.upper() - e.lower() <= 2 * t * step, line + ": epsilon bracket too wide " + e);
      checked++;
    }
    assertEquals(20, checked);
  }

  @Test
  void aFivePercentWrongNoiseScaleFallsOutsideTheBracket() {
    // vectors §3: theta = 0.5, T = 10, eps = 1 gives delta = 0.35251805889488713
    double exact = 0.35251805889488713;
    for (double theta : new double[] {0.5 / 1.05, 0.5 * 1.05}) {
      FourierAccountant.Bounds d = FourierAccountant.compose(LossPair.addRemove(1, GroupProfile.GAUSSIAN, theta), 10,
          FourierAccountant.defaultStep(10), true).delta(1);
      assertTrue(exact < d.lower() || exact > d.upper(), "theta " + theta + ": " + d);
    }
  }

  @Test
  void oneApplicationAgreesWithTheorem5() {
    for (UniformScheme scheme : UniformScheme.values()) {
      CopyCounts counts = CopyCounts.of(scheme, 1000, 500, 400);
      for (GroupProfile noise : GroupProfile.values()) {
        for (double theta : new double[] {0.25, 1}) {
          FourierAccountant fa = FourierAccountant.forScheme(counts, noise, theta, 1);
          assertEquals(scheme == UniformScheme.POISSON_UNIFORM, fa.dominatingPairProven());
          for (double eps : new double[] {0.05, 0.5, 1, 2, 3}) {
            MustAmplification.Amplified thm5 = MustAmplification.amplify(counts, noise, theta, eps);
            FourierAccountant.Bounds d = fa.delta(thm5.epsilon());
            String what = scheme + " " + noise + " theta=" + theta + " eps=" + eps + ": Theorem 5 " + thm5.delta()
                + ", FA " + d;
            assertTrue(d.lower() <= d.upper(), what);
            assertTrue(d.lower() <= thm5.delta() * (1 + 1e-9) + 1e-15, what);
            if (scheme == UniformScheme.POISSON_UNIFORM) {
              assertTrue(thm5.delta() <= d.upper() * (1 + 1e-9), what);
            }
          }
        }
      }
    }
  }

  @Test
  void composedPoissonIsTighterThanBasicCompositionAndStillAbovePoissonOnce() {
    CopyCounts counts = CopyCounts.of(UniformScheme.POISSON_UNIFORM, 10_000, 0, 100);
    FourierAccountant once = FourierAccountant.forScheme(counts, GroupProfile.GAUSSIAN, 1, 1);
    FourierAccountant ten = FourierAccountant.forScheme(counts, GroupProfile.GAUSSIAN, 1, 10);
    double delta = 1e-6;
    double single = once.epsilon(delta).upper();
    FourierAccountant.Bounds composed = ten.epsilon(delta);
    assertTrue(composed.upper() < 10 * single, "FA " + composed + " against basic " + 10 * single);
    assertTrue(composed.lower() > single, "ten iterations cost more than one: " + composed + " vs " + single);
  }

  @Test
  void rejectsInvalidParameters() {
    CopyCounts counts = CopyCounts.of(UniformScheme.WR, 1000, 0, 10);
    assertThrows(IllegalArgumentException.class, () -> FourierAccountant.forScheme(counts, GroupProfile.LAPLACE,
        Double.NaN, 1));
    assertThrows(IllegalArgumentException.class, () -> FourierAccountant.forScheme(counts, GroupProfile.LAPLACE, 1,
        0));
    FourierAccountant fa = FourierAccountant.forScheme(counts, GroupProfile.LAPLACE, 1, 2);
    assertThrows(IllegalArgumentException.class, () -> fa.epsilon(0));
    assertThrows(IllegalArgumentException.class, () -> fa.delta(Double.POSITIVE_INFINITY));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LossPair.addRemove(1.5, GroupProfile.GAUSSIAN, 1));
    assertTrue(e.getMessage().contains("gamma"), e.getMessage());
  }
}
