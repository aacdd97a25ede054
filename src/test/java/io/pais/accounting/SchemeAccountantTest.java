package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.UniformScheme;
import org.junit.jupiter.api.Test;

/**
 * The basic bound of T iterations: with a cached stage I and T = 1, WR(m of n₁) amplified by n₁/N is MUST.OW, so it
 * must reproduce the vectors' MUST.OW (ε′, δ′) (must-amplification-vectors §2); the solved base ε meets a target
 * and is the smallest that does.
 */
class SchemeAccountantTest {

  @Test
  void aCachedStageOneOnceIsMustOw() {
    // vectors §2: Laplace theta = 0.25 eps = 1 and Gaussian theta = 1 eps = 2, MUST.OW at N = 1000, n1 = 500, m = 400
    SchemeAccountant.Guarantee laplace = new SchemeAccountant(UniformScheme.MUST_OW, 1000, 500, 400,
        GroupProfile.LAPLACE, 0.25, 1, true).basic(1);
    assertEquals(0.3875815701773823, laplace.epsilon(), 1e-12 * 0.39);
    assertEquals(9.176858868289307e-05, laplace.delta(), 1e-12 * 9.2e-5);
    SchemeAccountant.Guarantee gaussian = new SchemeAccountant(UniformScheme.MUST_OW, 1000, 500, 400,
        GroupProfile.GAUSSIAN, 1, 1, true).basic(2);
    assertEquals(1.0153333767365853, gaussian.epsilon(), 1e-12);
    assertEquals(0.04481105906326889, gaussian.delta(), 1e-12 * 0.045);
  }

  @Test
  void solvedBoundsMeetTheirTargetsAndAreTheSmallest() {
    SchemeAccountant a = new SchemeAccountant(UniformScheme.WR, 100_000, 0, 5000, GroupProfile.GAUSSIAN, 0.5, 10,
        false);
    SchemeAccountant.Guarantee atDelta = a.basicAtDelta(1e-6);
    assertTrue(atDelta.delta() <= 1e-6, atDelta.toString());
    // a base epsilon 1e-6 smaller (relative) no longer meets delta: the per-iteration epsilon' inverts to it
    double perIteration = atDelta.epsilon() / 10;
    double eta = -Math.expm1(5000 * Math.log1p(-1e-5));
    double base = Math.log1p(Math.expm1(perIteration) / eta);
    assertTrue(a.basic(base * (1 - 1e-6)).delta() > 1e-6);

    SchemeAccountant.Guarantee atEpsilon = a.basicAtEpsilon(2);
    assertEquals(2, atEpsilon.epsilon(), 1e-12);
    assertTrue(atEpsilon.delta() > 1e-6, "a smaller epsilon costs more delta: " + atEpsilon);
  }

  @Test
  void refusesWhatCannotBeAccounted() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SchemeAccountant(
        UniformScheme.MUST_WW, 1000, 500, 400, GroupProfile.LAPLACE, 1, 10, true));
    assertTrue(e.getMessage().contains("must-ow only"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SchemeAccountant(UniformScheme.WR, 1000, 0, 400,
        GroupProfile.LAPLACE, Double.POSITIVE_INFINITY, 10, false));
    SchemeAccountant a = new SchemeAccountant(UniformScheme.WR, 1000, 0, 400, GroupProfile.LAPLACE, 1, 10, false);
    assertThrows(IllegalArgumentException.class, () -> a.basicAtDelta(0));
  }
}
