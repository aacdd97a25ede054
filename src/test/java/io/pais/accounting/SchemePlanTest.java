package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.UniformScheme;
import org.junit.jupiter.api.Test;

/**
 * The solved scales meet the target (ε, δ) and are tight: a few per cent less noise breaks it. The one-copy θ
 * follows from the scales by the sensitivities the plan states, and the pure cases are pure.
 */
class SchemePlanTest {
  private static final long N = 48_842;
  private static final int T = 10;
  private static final double R = 3.5;
  private static final int D = 6;

  private static SchemePlan.Request request(UniformScheme scheme, BaseNoise noise, double epsilon, double delta,
      boolean cached) {
    return new SchemePlan.Request(scheme, N, 10_000, 2_500, 2_500.0 / N, noise, T, D, R, epsilon, delta, cached,
        NoiseSplit.SU_ET_AL, Geometry.L2);
  }

  @Test
  void everySchemeMeetsItsTargetAndIsTight() {
    for (UniformScheme scheme : UniformScheme.values()) {
      for (BaseNoise noise : BaseNoise.values()) {
        SchemePlan.Request q = request(scheme, noise, 1, 1e-6, false);
        SchemePlan plan = SchemePlan.solve(q);
        String what = scheme.id() + "/" + noise.id();
        assertTrue(plan.epsilon() <= 1 * (1 + 1e-12), what + " eps " + plan.epsilon());
        assertTrue(plan.delta() <= 1e-6, what + " delta " + plan.delta());
        // 3 % less noise (a larger theta) must break the target: the search did not leave noise on the table
        SchemeAccountant tighter = q.accountant(plan.theta() * 1.03);
        double broken = plan.modelEpsilon() == null && noise == BaseNoise.GAUSSIAN
            && scheme == UniformScheme.POISSON_UNIFORM
            ? tighter.fourierDelta(tighter.fourier(), 1).upper() : tighter.basicAtEpsilon(1).delta();
        assertTrue(broken > 1e-6, what + ": 3 % less noise still meets delta (" + broken + ")");
        assertEquals(scheme == UniformScheme.POISSON_UNIFORM ? "add/remove one record"
            : "substitution of one record (N public)", plan.relation().description());
      }
    }
  }

  @Test
  void thetaFollowsFromTheScales() {
    SchemePlan gaussian = SchemePlan.solve(request(UniformScheme.WR, BaseNoise.GAUSSIAN, 1, 1e-6, false));
    // substitution with sigma_s = r sigma_c: theta^2 = max(4r^2/sigma_s^2, 2/sigma_c^2 + 2r^2/sigma_s^2)
    double sc = gaussian.countScale();
    double ss = gaussian.sumScale();
    assertEquals(R * sc, ss, 1e-12 * ss);
    assertEquals(Math.sqrt(Math.max(4 * R * R / (ss * ss), 2 / (sc * sc) + 2 * R * R / (ss * ss))),
        gaussian.theta(), 1e-12 * gaussian.theta());
    assertTrue(Double.isNaN(gaussian.noiseKnob()));
    SchemePlan laplace = SchemePlan.solve(request(UniformScheme.WOR, BaseNoise.LAPLACE, 1, 1e-6, false));
    assertEquals(2 * (1 / laplace.countScale() + R / laplace.sumScale()), laplace.theta(), 1e-12 * laplace.theta());
    SchemePlan poisson = SchemePlan.solve(request(UniformScheme.POISSON_UNIFORM, BaseNoise.LAPLACE, 1, 0, false));
    assertEquals(1 / poisson.countScale() + R / poisson.sumScale(), poisson.theta(), 1e-12 * poisson.theta());
  }

  @Test
  void laplaceWithoutMultisetsIsPure() {
    double gamma = 2_500.0 / N;
    SchemePlan poisson = SchemePlan.solve(request(UniformScheme.POISSON_UNIFORM, BaseNoise.LAPLACE, 1, 0, false));
    assertTrue(poisson.isPure());
    // per iteration eps' = log(1 + gamma (e^theta - 1)) = eps / T
    assertEquals(Math.log1p(Math.expm1(0.1) / gamma), poisson.theta(), 1e-8 * poisson.theta());
    SchemePlan wor = SchemePlan.solve(request(UniformScheme.WOR, BaseNoise.LAPLACE, 1, 0, false));
    assertTrue(wor.isPure());
    assertEquals(poisson.theta(), wor.theta(), 1e-8 * wor.theta());
    assertNull(wor.modelEpsilon());
  }

  @Test
  void gaussianPoissonIsGuaranteedByTheAccountantAndTheOthersCarryTheModel() {
    SchemePlan poisson = SchemePlan.solve(request(UniformScheme.POISSON_UNIFORM, BaseNoise.GAUSSIAN, 1, 1e-6,
        false));
    assertTrue(poisson.guaranteeMethod().startsWith("Fourier"), poisson.guaranteeMethod());
    assertNull(poisson.modelEpsilon());
    SchemePlan wr = SchemePlan.solve(request(UniformScheme.WR, BaseNoise.GAUSSIAN, 1, 1e-6, false));
    assertTrue(wr.guaranteeMethod().startsWith("Theorem 5"), wr.guaranteeMethod());
    assertNotNull(wr.modelEpsilon());
    // the proven accountant allows far less noise than basic composition of Theorem 5
    assertTrue(poisson.theta() > 3 * wr.theta(), poisson.theta() + " vs " + wr.theta());
    assertTrue(wr.modelEpsilon().upper() < 1, "the model is tighter than the guarantee: " + wr.modelEpsilon());
  }

  @Test
  void aCachedStageOneNeedsLessNoiseThanRedrawingIt() {
    SchemePlan redrawn = SchemePlan.solve(request(UniformScheme.MUST_OW, BaseNoise.LAPLACE, 1, 1e-6, false));
    SchemePlan cached = SchemePlan.solve(request(UniformScheme.MUST_OW, BaseNoise.LAPLACE, 1, 1e-6, true));
    assertTrue(cached.epsilon() <= 1 + 1e-12 && cached.delta() <= 1e-6);
    assertTrue(cached.theta() > 0 && redrawn.theta() > 0);
  }

  @Test
  void refusals() {
    IllegalArgumentException multiset = assertThrows(IllegalArgumentException.class,
        () -> request(UniformScheme.WR, BaseNoise.LAPLACE, 1, 0, false));
    assertTrue(multiset.getMessage().contains("delta must be > 0 for wr"), multiset.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> request(UniformScheme.POISSON_UNIFORM, BaseNoise.GAUSSIAN, 1, 0, false));
    assertThrows(IllegalArgumentException.class, () -> request(UniformScheme.WR, BaseNoise.LAPLACE, Double.NaN, 1e-6,
        false));
    assertThrows(IllegalArgumentException.class, () -> request(UniformScheme.WR, BaseNoise.LAPLACE, 1, Double.NaN,
        false));
    assertThrows(IllegalArgumentException.class, () -> request(UniformScheme.WR, BaseNoise.LAPLACE, 1, 1e-6, true));
  }
}
