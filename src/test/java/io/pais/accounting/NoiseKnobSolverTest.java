package io.pais.accounting;

import static io.pais.testing.TestVectors.relErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.ExactNorms;
import io.pais.sampling.NormHistogram;
import io.pais.sampling.PrivacyConstrainedSampling;
import io.pais.sampling.UniformSampling;
import io.pais.testing.TestVectors;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoiseKnobSolverTest {

  @Test
  void unifAndCoreBudgetsMatchSection5() {
    Map<String, double[]> sets = SamplerGuaranteesTest.dataSets();
    int checked = 0;
    for (String line : TestVectors.section("5.")) {
      if (!line.startsWith("set-")) {
        continue;
      }
      double[] s = sets.get(line.substring(0, 5));
      Map<String, Double> v = TestVectors.pairs(line.substring(6));
      double m = v.get("m");
      double eps = v.get("eps");
      NoiseKnobSolver solver = new NoiseKnobSolver(10, s[2], (int) s[1]);
      double bUnif = solver.uniform(eps, m / s[0]);
      assertTrue(relErr(bUnif, v.get("B_unif")) < 1e-12, line + " unif=" + bUnif);
      assertTrue(relErr(solver.scales(bUnif).betaSum(), v.get("bs")) < 1e-12, line);
      // the closed form inverts the guarantee
      double back = SamplerGuarantees.uniform(solver.scales(bUnif), new UniformSampling(m, s[0]));
      assertTrue(relErr(back, eps) < 1e-12, line);

      CoreSampling core = new CoreSampling(m, s[0], 0.5, s[3], s[2], Geometry.L2);
      double bGrid = solver.core(eps, core, CoreSupremum.REFERENCE_GRID_100);
      assertTrue(relErr(bGrid, v.get("B_core_grid100")) < 1e-9, line + " grid=" + bGrid);
      double bSup = solver.core(eps, core, CoreSupremum.EXACT);
      assertTrue(relErr(bSup, v.get("B_core_sup")) < 1e-7, line + " sup=" + bSup);
      assertTrue(bSup <= bGrid * (1 + 1e-12), line);
      double achieved = SamplerGuarantees.core(solver.scales(bSup), core, CoreSupremum.EXACT);
      assertTrue(relErr(achieved, eps) < 1e-12, line + " achieved=" + achieved);
      checked++;
    }
    assertEquals(32, checked);
  }

  @Test
  void coreSolverWorksFarOutsideTheReferenceBracket() {
    // set-E at ε = 1000 needs B ≈ 9.6e4, outside the reference code's [1e-7, 5e4]
    NoiseKnobSolver solver = new NoiseKnobSolver(10, 1.51, 22);
    CoreSampling core = new CoreSampling(20000, 48740, 0.5, 1.26, 1.51, Geometry.L2);
    double b = solver.core(1000, core, CoreSupremum.EXACT);
    assertTrue(relErr(b, 95998.35421020394) < 1e-7, "B=" + b);
    double tiny = solver.core(1e-6, core, CoreSupremum.EXACT);
    assertTrue(tiny > 0 && tiny < 1e-7);
    assertTrue(relErr(SamplerGuarantees.core(solver.scales(tiny), core, CoreSupremum.EXACT), 1e-6) < 1e-10);
  }

  @Test
  void optSolutionNeverExceedsBMaxEvenWhenMIsAtTheReachableLimit() {
    double[] norms = section6Norms();
    double r = norms[norms.length - 1];
    NoiseKnobSolver solver = new NoiseKnobSolver(10, r, 10);
    ExactNorms exact = new ExactNorms(norms);
    for (double eps : new double[] {0.5, 3, 300, 1000}) {
      double bMax = solver.optMaximum(eps);
      double reachable = solver.optExpectedSampleSize(eps, bMax, exact);
      for (double share : new double[] {0.999999, 0.9999999999, 1.0}) {
        double b = solver.opt(eps, share * reachable, exact);
        assertTrue(b <= bMax, "eps=" + eps + " share=" + share);
        // the sampler at that B accepts every norm up to r
        solver.optSampler(eps, b);
      }
    }
  }

  @Test
  void fullBudgetInvertsEpsFull() {
    NoiseKnobSolver solver = new NoiseKnobSolver(10, 8020.65, 74);
    double b = solver.full(3.0);
    assertTrue(relErr(solver.scales(b).fullDataEpsilon(), 3.0) < 1e-14);
  }

  private static double[] section6Norms() {
    double[] norms = new double[2000];
    for (int i = 0; i < norms.length; i++) {
      norms[i] = 10.0 * Math.sqrt((i + 0.5) / 2000);
    }
    return norms;
  }

  @Test
  void optBudgetMatchesSection6() {
    double[] norms = section6Norms();
    double r = norms[norms.length - 1];
    NoiseKnobSolver solver = new NoiseKnobSolver(10, r, 10);
    ExactNorms exact = new ExactNorms(norms);
    double epsStar = Double.NaN;
    int checked = 0;
    for (String line : TestVectors.section("6.")) {
      Map<String, Double> v = TestVectors.pairs(line);
      if (line.startsWith("eps*=")) {
        epsStar = v.get("eps*");
        double bMax = solver.optMaximum(epsStar);
        assertTrue(relErr(bMax, TestVectors.after(line, "^2=")) < 1e-12, line);
        double reachable = TestVectors.after(line, "m(B_max)=");
        assertTrue(relErr(solver.optExpectedSampleSize(epsStar, bMax, exact), reachable) < 1e-12, line);
      } else if (line.contains("infeasible")) {
        double m = v.get("m");
        double eps = epsStar;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> solver.opt(eps, m, exact));
        assertTrue(e.getMessage().contains("infeasible") && e.getMessage().contains("1000.0")
            && e.getMessage().contains("largest reachable"), e.getMessage());
        checked++;
      } else if (line.contains("-> B=")) {
        double b = solver.opt(epsStar, v.get("m"), exact);
        assertTrue(relErr(b, v.get("B")) < 1e-10, line + " B=" + b);
        NoiseScales scales = solver.scales(b);
        assertTrue(relErr(scales.betaSum(), v.get("beta_sum")) < 1e-10, line);
        PrivacyConstrainedSampling opt = solver.optSampler(epsStar, b);
        assertTrue(relErr(opt.weight(norms[0]), v.get("w(z_0)")) < 1e-9, line);
        assertTrue(relErr(opt.weight(norms[1000]), v.get("w(z_1000)")) < 1e-9, line);
        assertTrue(relErr(opt.weight(r), v.get("w(z_max)")) < 1e-9, line);
        // a histogram summary lands on nearly the same B (B does not affect ε, only the sample size)
        NormHistogram hist = new NormHistogram(r, 4096);
        for (double z : norms) {
          hist.add(z);
        }
        assertEquals(2000, hist.count());
        assertTrue(relErr(solver.opt(epsStar, v.get("m"), hist.binned()), b) < 1e-5);
        checked++;
      }
    }
    assertEquals(6, checked);
  }
}
