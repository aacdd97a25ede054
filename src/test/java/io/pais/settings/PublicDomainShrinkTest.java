package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.LaplaceNoise;
import io.pais.noise.NoiseRandomness;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Issue 49, item 3: the DP centre drawn towards the public region's middle as far as its noise warrants — the linear
 * estimator of least worst-case squared error, then moved into the region; post-processing of a DP output.
 */
class PublicDomainShrinkTest {
  private static final PublicDomain BOX = new PublicDomain.Box(CoordinateBounds.parse("0:4,-1:1,3:3"), 3);
  private static final PublicDomain BALL = new PublicDomain.Ball(new double[] {1, 1}, 2);

  @Test
  void withoutNoiseTheEstimateStaysAndFarOutsideItGoesToTheMiddle() {
    assertArrayEquals(new double[] {3, 0.5, 3}, BOX.shrink(new double[] {3, 0.5, 3}, 0));
    assertArrayEquals(new double[] {4, -1, 3}, BOX.shrink(new double[] {9, -7, 5}, 0), "clamped");
    assertArrayEquals(new double[] {2, 0, 3}, BOX.shrink(new double[] {3, 0.5, 8}, 1e300), 1e-12);
    assertArrayEquals(new double[] {1, 1}, BALL.shrink(new double[] {1.5, 0.2}, 1e300), 1e-12);
    assertArrayEquals(new double[] {1.5, 0.2}, BALL.shrink(new double[] {1.5, 0.2}, 0), 1e-15);
  }

  @Test
  void theWeightIsTheReachSquaredOverReachSquaredPlusTheVariance() {
    // coordinate 0: middle 2, reach 2, weight 4/(4 + 1); coordinate 1: middle 0, reach 1, weight 1/2; coordinate 2: a
    // point (reach 0) stays at it
    double[] shrunk = BOX.shrink(new double[] {3, 0.8, 3}, 1);
    assertArrayEquals(new double[] {2 + 0.8, 0.4, 3}, shrunk, 1e-12);
    // the ball: weight R²/(R² + dσ²) = 4/(4 + 2·2) = 1/2 around the origin (1, 1)
    assertArrayEquals(new double[] {1.5, 0.5}, BALL.shrink(new double[] {2, 0}, 2), 1e-12);
    assertArrayEquals(new double[] {3, -2}, PublicDomain.NONE.shrink(new double[] {3, -2}, 5), 0,
        "no region: unchanged");
  }

  /**
   * At the worst mean (a corner of the box, reach a = 1) under Laplace noise of variance σ² = 4, the shrunk estimate's
   * mean squared error stays within the linear minimax bound a²σ²/(a² + σ²) = 0.8 per coordinate, while the raw
   * estimate's is σ² = 4: a weight of 1 (no shrink) would fail the bound fivefold. Over 40,000 coordinates the shrunk
   * mean has sd about 0.003 (the margin 0.03 is 10 sd) and the raw one about 0.045 (the band 0.2 is 4 sd): a
   * false-failure rate below 1e-4.
   */
  @Test
  void atTheWorstMeanTheErrorStaysWithinTheMinimaxBound() {
    PublicDomain square = new PublicDomain.Box(CoordinateBounds.parse("-1:1,-1:1"), 2);
    double[] corner = {1, 1};
    double variance = 4;
    LaplaceNoise noise = new LaplaceNoise(Math.sqrt(variance / 2));
    UniformRandomProvider rng = NoiseRandomness.seeded(49).provider();
    int draws = 20_000;
    double shrunkError = 0;
    double rawError = 0;
    for (int i = 0; i < draws; i++) {
      double[] estimate = {corner[0] + noise.sample(rng), corner[1] + noise.sample(rng)};
      double[] shrunk = square.shrink(estimate, variance);
      for (int t = 0; t < 2; t++) {
        shrunkError += (shrunk[t] - corner[t]) * (shrunk[t] - corner[t]);
        rawError += (estimate[t] - corner[t]) * (estimate[t] - corner[t]);
      }
    }
    double bound = variance / (1 + variance);
    assertTrue(shrunkError / (2.0 * draws) <= bound + 0.03, "shrunk " + shrunkError / (2.0 * draws));
    assertEquals(variance, rawError / (2.0 * draws), 0.2, "the raw estimate's error is its variance");
  }

  @Test
  void aNegativeOrNaNVarianceIsRefused() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> BOX.shrink(new double[3], -1))
        .getMessage().contains("variance"));
    assertThrows(IllegalArgumentException.class, () -> BALL.shrink(new double[2], Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> BOX.shrink(new double[2], 1));
  }
}
