package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Amplification;
import org.junit.jupiter.api.Test;

/**
 * The tabulated start against the closed form with Halley's method: the same weight to rounding, never above ε*,
 * both where the table replaces Halley's method (a narrow α range) and where it only starts it (a wide one).
 */
class OptimalWeightTableTest {

  @Test
  void tabulatedWeightsEqualTheClosedFormAndNeverOvershoot() {
    double[][] ranges = {{0.5, 0.0156, 0.3536}, {3, 0.0937, 2.121}, {100, 3.12, 70.7}, {1000, 31.2, 707},
        {0.5, 1e-9, 0.49}, {2, 1e-12, 1.99}}; // the last two span 20 and 28 e-folds of α: a coarse table
    for (double[] range : ranges) {
      double epsStar = range[0];
      OptimalWeight table = new OptimalWeight(epsStar, range[1], range[2]);
      OptimalWeight closedForm = new OptimalWeight(epsStar);
      Amplification.Cap cap = new Amplification.Cap(epsStar);
      int n = 20_000;
      for (int i = 0; i < n; i++) {
        // log-uniform over the range and its ends
        double alpha = range[1] * Math.pow(range[2] / range[1], i / (n - 1.0));
        double w = table.weight(alpha);
        double reference = closedForm.weight(alpha);
        String where = "eps*=" + epsStar + " alpha=" + alpha;
        assertTrue(Math.abs(w - reference) <= 1e-13 * reference, where + " w=" + w + " closed form=" + reference);
        assertTrue(cap.holds(1 / w, alpha * w), where + ": psi above eps*");
      }
    }
  }
}
