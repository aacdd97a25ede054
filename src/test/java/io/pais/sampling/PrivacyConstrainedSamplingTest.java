package io.pais.sampling;

import static io.pais.testing.TestVectors.relErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees;
import io.pais.math.RootFinder;
import io.pais.privacy.Amplification;
import io.pais.privacy.LloydProfile;
import io.pais.testing.TestVectors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrivacyConstrainedSamplingTest {

  @Test
  void matchesSection2WeightsToMachinePrecision() {
    int checked = 0;
    for (String line : TestVectors.section("2.")) {
      if (!line.startsWith("z=")) {
        continue;
      }
      Map<String, Double> v = TestVectors.pairs(line);
      LloydProfile profile = new LloydProfile(v.get("T").intValue(), v.get("bc"), v.get("bs"),
          Double.MAX_VALUE);
      double epsStar = v.get("eps*");
      double z = v.get("z");
      assertTrue(relErr(profile.alpha(z), v.get("alpha")) < 1e-14, line);
      PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(profile, epsStar, z);
      double w = opt.weight(z);
      double truth = v.get("w");
      assertTrue(relErr(w, truth) < 1e-12, line + " -> " + w);
      assertTrue(relErr(opt.probability(z), v.get("q")) < 1e-12, line);
      double bisect = PrivacyConstrainedSampling.weightByBisection(profile.alpha(z), epsStar);
      assertTrue(relErr(bisect, truth) < 1e-12, line + " bisection -> " + bisect);
      double psi = Amplification.psiOfWeight(w, profile.alpha(z));
      assertTrue(psi <= epsStar && relErr(psi, epsStar) < 1e-12, line + " psi=" + psi);
      checked++;
    }
    assertEquals(14, checked);
  }

  @Test
  void neverExceedsTargetAndClosedFormAgreesWithBisectionAcrossNormsAndEpsilons() {
    double r = 10;
    int cases = 0;
    for (double epsStar = 1e-3; epsStar <= 1000; epsStar *= 1.9) {
      for (double share : new double[] {1e-6, 0.01, 0.3, 0.9, 0.999999, 1 - 1e-12}) {
        // a profile whose point at r costs share·ε*, with a count term of a tenth of that
        double alphaR = share * epsStar;
        LloydProfile profile = new LloydProfile(10, 10 / (0.1 * alphaR), 10 * r / (0.9 * alphaR),
            Double.MAX_VALUE);
        PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(profile, epsStar, r);
        for (int i = 0; i <= 20; i++) {
          double z = r * i / 20;
          double alpha = profile.alpha(z);
          double w = opt.weight(z);
          double psi = Amplification.psiOfWeight(w, alpha);
          String where = "eps*=" + epsStar + " share=" + share + " z=" + z + " w=" + w;
          assertTrue(w >= 1, where);
          assertTrue(psi <= epsStar, where + " psi=" + psi);
          if (w > 1) {
            assertTrue(relErr(psi, epsStar) < 1e-12, where + " psi=" + psi);
          }
          double bisect = PrivacyConstrainedSampling.weightByBisection(alpha, epsStar);
          assertTrue(relErr(w, bisect) < 1e-12, where + " bisection=" + bisect);
          cases++;
        }
      }
    }
    assertTrue(cases > 1000);
  }

  @Test
  void largeTargetPastTheOverflowPointUsesLogSpace() {
    LloydProfile profile = new LloydProfile(10, 1000, 100, Double.MAX_VALUE);
    for (double epsStar : new double[] {700, 709.5, 710, 1000, 5000, 1e4}) {
      PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(profile, epsStar, 1);
      double w = opt.weight(0.5);
      double psi = Amplification.psiOfWeight(w, profile.alpha(0.5));
      assertTrue(Double.isFinite(w) && psi <= epsStar && relErr(psi, epsStar) < 1e-12, "eps*=" + epsStar);
    }
  }

  @Test
  void maxPsiCheckHelperStaysAtOrBelowTarget() {
    LloydProfile profile = new LloydProfile(10, 300, 200, Double.MAX_VALUE);
    PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(profile, 3.0, 20);
    double[] norms = new double[500];
    for (int i = 0; i < norms.length; i++) {
      norms[i] = 20.0 * i / (norms.length - 1);
    }
    double max = SamplerGuarantees.optMaxPsi(opt, norms);
    assertTrue(max <= 3.0 && relErr(max, 3.0) < 1e-12, "max psi " + max);
  }

  @Test
  void infeasibleConfigurationIsRejectedWithTheNumbers() {
    LloydProfile profile = new LloydProfile(10, 1, 1, Double.MAX_VALUE);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new PrivacyConstrainedSampling(profile, 5.0, 2.0));
    assertTrue(e.getMessage().contains("targetEpsilon (epsilon*)") && e.getMessage().contains("30.0"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new PrivacyConstrainedSampling(profile, Double.NaN, 2.0));
    assertTrue(e.getMessage().contains("targetEpsilon") && e.getMessage().contains("NaN"), e.getMessage());
  }

  /** Section 7: the Laplace weighted sum's profile ε(w, x) = w‖x‖₁/b is linear too, so opt gives q_priv. */
  @Test
  void laplaceWeightedSumPrivacyConstrainedProbabilities() {
    double[] l1 = {0.6000000000000001, 0.5, 0.39999999999999997, 0.8, 0.9, 0.7000000000000001, 1.0, 1.3, 1.1, 1.2};
    List<String> lines = TestVectors.section("7.");
    int checked = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("b=")) {
        continue;
      }
      Map<String, Double> head = TestVectors.pairs(line);
      double b = head.get("b");
      double epsStar = 1.3 / b;
      double[] expected = parseList(lines.get(i + 1));
      double sum = 0;
      for (int j = 0; j < l1.length; j++) {
        double alpha = l1[j] / b;
        double q = 1 / weight(alpha, epsStar);
        assertTrue(relErr(q, expected[j]) < 1e-12, line + " j=" + j + " q=" + q);
        sum += q;
      }
      assertTrue(relErr(sum, head.get("q_priv")) < 1e-12, line);
      checked++;
    }
    assertEquals(3, checked);
    // fixed m = 4 at b = 1: ε* with Σ q = 4
    double epsStar = RootFinder.brent(e -> {
      double s = 0;
      for (double z : l1) {
        s += 1 / weight(z, e);
      }
      return s - 4;
    }, 1.3, 10, 1e-15);
    assertTrue(relErr(epsStar, 1.470934231984591) < 1e-10, "eps* " + epsStar);
  }

  private static double weight(double alpha, double epsStar) {
    return new OptimalWeight(epsStar).weight(alpha);
  }

  private static double[] parseList(String line) {
    String inside = line.substring(line.indexOf('[') + 1, line.indexOf(']'));
    String[] parts = inside.split(",");
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Double.parseDouble(parts[i].trim().replace("'", ""));
    }
    return out;
  }
}
