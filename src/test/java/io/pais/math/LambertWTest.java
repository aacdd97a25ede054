package io.pais.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LambertWTest {

  @Test
  void lowerBranchSolvesItsDefiningEquation() {
    assertEquals(-1.0, LambertW.lowerBranch(-Math.exp(-1)), 1e-7);
    for (double x = -0.3678; x < 0; x = x * 0.7 - 1e-300) {
      double w = LambertW.lowerBranch(x);
      assertTrue(w <= -1, "x=" + x);
      // w·e^w = x in log form (e^w itself is ill-conditioned for large |w|): w + log(−w) = log(−x)
      assertEquals(Math.log(-x), w + Math.log(-w), 4e-16 * Math.abs(w) + 1e-15, "x=" + x);
      if (x > -1e-250) {
        break;
      }
    }
    // a known value: W₋₁(−0.1) = −3.577152063957297
    assertEquals(-3.577152063957297, LambertW.lowerBranch(-0.1), 1e-14);
  }

  @Test
  void rejectsArgumentsOutsideTheBranch() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LambertW.lowerBranch(0.5));
    assertTrue(e.getMessage().contains("[-1/e, 0)") && e.getMessage().contains("0.5"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> LambertW.rootOfTMinusLogT(0.5));
  }
}
