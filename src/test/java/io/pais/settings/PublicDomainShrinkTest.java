package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.LaplaceNoise;
import io.pais.noise.NoiseRandomness;
import java.util.Collections;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Issue 49, item 3: the DP centre drawn towards the public region's middle as far as its noise warrants — by the
 * linear estimator of least worst-case squared error, or in a box of five coordinates or more by the weight of least
 * error for the mean's offset estimated from the estimate itself —, then moved into the region; post-processing of a
 * DP output.
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

  /**
   * In 64 coordinates of a box [−1, 1]⁶⁴, with noise of variance σ² = 4 against a reach of 1, the pooled estimate of
   * the mean's offset lets the shrink follow the mean: at a mean ±0.2 from the middle in every coordinate the error per
   * coordinate is about 0.09 (bound 0.12), where the worst-case weight 1/(1 + σ²) leaves 0.16 + 0.64·0.04 = 0.186
   * whatever the draw; at a corner, the worst mean, about 0.84 (bound 0.9: the minimax weight's 0.8, and the raw
   * estimate's 4). Over 2,000 draws of 64 coordinates the means' standard errors are about 0.0015 and 0.0025, so each
   * bound is over 12 standard errors away: a false failure below 1e-30. A wrong noise variance fails: a quarter of it
   * leaves 0.43 at ±0.2 (too little shrink), four times it 1.0 at the corner (too much). The clip ball keeps the
   * worst-case weight in any dimension.
   */
  @Test
  void inManyCoordinatesTheBoxsShrinkFollowsTheMeanAndRejectsAWrongNoiseScale() {
    int d = 64;
    CoordinateBounds unit = CoordinateBounds.parse(String.join(",", Collections.nCopies(d, "-1:1")));
    PublicDomain.Box cube = new PublicDomain.Box(unit, d);
    double variance = 4;
    assertTrue(meanError(cube, 0.2, variance, variance) <= 0.12, "near the middle");
    assertTrue(meanError(cube, 1, variance, variance) <= 0.9, "at a corner");
    assertTrue(meanError(cube, 0.2, variance, variance / 4) > 0.12, "a quarter of the variance passed");
    assertTrue(meanError(cube, 1, variance, variance * 4) > 0.9, "four times the variance passed");

    double[] estimate = new double[d];
    double[] expected = new double[d];
    for (int t = 0; t < d; t++) {
      estimate[t] = t % 2 == 0 ? 0.5 : -0.3;
      expected[t] = estimate[t] * 64 / (64 + d * variance);
    }
    assertArrayEquals(expected, new PublicDomain.Ball(new double[d], 8).shrink(estimate, variance), 1e-15,
        "the ball: R²/(R² + dσ²)");
  }

  /**
   * The mean squared error per coordinate of {@code domain}'s shrink over 2,000 Laplace draws of variance
   * {@code variance} around a mean ±tau in every coordinate (signs alternating), told the noise has {@code told}.
   */
  private static double meanError(PublicDomain.Box domain, double tau, double variance, double told) {
    int d = domain.dimension();
    LaplaceNoise noise = new LaplaceNoise(Math.sqrt(variance / 2));
    UniformRandomProvider rng = NoiseRandomness.seeded(4964).provider();
    int draws = 2_000;
    double error = 0;
    for (int i = 0; i < draws; i++) {
      double[] mean = new double[d];
      double[] estimate = new double[d];
      for (int t = 0; t < d; t++) {
        mean[t] = t % 2 == 0 ? tau : -tau;
        estimate[t] = mean[t] + noise.sample(rng);
      }
      double[] shrunk = domain.shrink(estimate, told);
      for (int t = 0; t < d; t++) {
        error += (shrunk[t] - mean[t]) * (shrunk[t] - mean[t]);
      }
    }
    return error / ((double) draws * d);
  }

  @Test
  void aNegativeOrNaNVarianceIsRefused() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> BOX.shrink(new double[3], -1))
        .getMessage().contains("variance"));
    assertThrows(IllegalArgumentException.class, () -> BALL.shrink(new double[2], Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> BOX.shrink(new double[2], 1));
  }
}
