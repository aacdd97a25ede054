package io.pais.experiments;

import static io.pais.testing.TestVectors.relErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.NoiseRandomness;
import io.pais.testing.TestVectors;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Laplace weighted-sum study's formulas against section 7 of the shared test vectors. */
class LaplaceSumStudyTest {

  static double[][] vectorData() {
    double[][] x = new double[10][];
    for (int i = 0; i < 10; i++) {
      x[i] = new double[] {(i + 1) / 10.0, ((7 * i % 10) - 4.5) / 10, 0.05 * (i % 2 == 0 ? 1 : -1)};
    }
    return x;
  }

  @Test
  void designsMatchSection7() {
    double[][] x = vectorData();
    List<String> lines = TestVectors.section("7.");
    int checked = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("b=")) {
        continue;
      }
      double b = TestVectors.pairs(lines.get(i)).get("b");
      List<LaplaceSumStudy.Design> designs = LaplaceSumStudy.designsAtB(x, b);
      String qVar = lines.get(i + 2);
      String[] expectedQ = qVar.substring(qVar.indexOf('[') + 1, qVar.indexOf(']')).replace("'", "").split(",");
      for (int j = 0; j < 10; j++) {
        assertTrue(relErr(designs.get(1).q()[j], Double.parseDouble(expectedQ[j].trim())) < 1e-10, "q_var " + j);
      }
      String totals = lines.get(i + 3);
      assertTrue(relErr(designs.get(0).totalVariance(), TestVectors.after(totals, "priv=")) < 1e-10, totals);
      assertTrue(relErr(designs.get(1).totalVariance(), TestVectors.after(totals, "var=")) < 1e-10, totals);
      assertTrue(relErr(designs.get(2).totalVariance(), TestVectors.after(totals, "unif=")) < 1e-10, totals);
      String psi = totals.substring(totals.indexOf("max psi"));
      assertTrue(relErr(designs.get(0).maxPsi(), TestVectors.after(psi, "priv=")) < 1e-10, psi);
      assertTrue(relErr(designs.get(1).maxPsi(), TestVectors.after(psi, "var=")) < 1e-10, psi);
      assertTrue(relErr(designs.get(2).maxPsi(), TestVectors.after(psi, "unif=")) < 1e-10, psi);
      checked++;
    }
    assertEquals(3, checked);
  }

  /**
   * The simulated MSE agrees with the variance formula: over 4000 runs the relative standard error of the mean
   * squared error is below 5 %, so a 20 % tolerance leaves a false-failure rate far below 1e-3 (seed fixed).
   */
  @Test
  void simulatedMseMatchesTheVarianceFormula() {
    double[][] x = LaplaceSumStudy.data(NoiseRandomness.seeded(1).provider());
    for (LaplaceSumStudy.Design design : LaplaceSumStudy.designsAtB(x, 30)) {
      double mse = LaplaceSumStudy.empiricalMse(x, design.q(), 30, 4000, NoiseRandomness.seeded(2).provider());
      assertTrue(relErr(mse, design.totalVariance()) < 0.2, design.sampler() + " mse " + mse + " vs "
          + design.totalVariance());
    }
  }
}
