package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.noise.NoiseRandomness;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Weighted k-means++ and Lloyd on rows in memory (the coreset's post-processing and the benchmark's floor). */
class WeightedKMeansTest {

  private static SampleBlock block(double[] values, double[] weights) {
    return SampleBlock.ofRows(values, weights, values.length / weights.length);
  }

  @Test
  void findsTheWeightedMeansOfSeparatedGroups() {
    // 1-d: a group at 0 (weights 1 and 3 at -1 and 1: weighted mean 0.5) and one at 100 (101 and 99, equal weights)
    SampleBlock rows = block(new double[] {-1, 1, 99, 101}, new double[] {1, 3, 2, 2});
    double[] centres = new WeightedKMeans(2, 3, 50).fit(List.of(rows), 1, NoiseRandomness.seeded(1).provider());
    java.util.Arrays.sort(centres);
    assertArrayEquals(new double[] {0.5, 100}, centres, 1e-12);
  }

  @Test
  void neverPicksRowsWithoutWeightAndRepeatsWhenRowsRunOut() {
    SampleBlock rows = block(new double[] {5, 1000, -1000}, new double[] {2, 0, -4});
    double[] centres = new WeightedKMeans(3, 1, 10).fit(List.of(rows), 1, NoiseRandomness.seeded(2).provider());
    assertArrayEquals(new double[] {5, 5, 5}, centres);
    assertThrows(IllegalArgumentException.class, () -> new WeightedKMeans(1, 1, 1).fit(
        List.of(block(new double[] {1}, new double[] {0})), 1, NoiseRandomness.seeded(3).provider()));
  }

  /** k-means++ draws the next centre with probability ∝ w·D²: the frequencies match (binomial, 5-sigma bounds). */
  @Test
  void seedsProportionallyToWeightTimesSquaredDistance() {
    // first centre: the heavy row at 0 (weight 1e9 against 1e-9); then rows at 1 (w 1, D² 1) and 2 (w 1, D² 4)
    SampleBlock rows = block(new double[] {0, 1, 2}, new double[] {1e9, 1, 1});
    WeightedKMeans kmeans = new WeightedKMeans(2, 1, 1);
    var rng = NoiseRandomness.seeded(4).provider();
    int atTwo = 0;
    int trials = 20_000;
    for (int i = 0; i < trials; i++) {
      double[] seeds = kmeans.seed(List.of(rows), 1, rng);
      if (seeds[0] == 0 && seeds[1] == 2) {
        atTwo++;
      }
    }
    double p = 4.0 / 5;
    assertEquals(p * trials, atTwo, 5 * Math.sqrt(trials * p * (1 - p)));
  }

  @Test
  void bestOfSeveralStartsIsSeededAndReproducible() {
    double[] values = new double[200];
    double[] weights = new double[100];
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    for (int i = 0; i < 100; i++) {
      values[2 * i] = (i % 5) * 10 + random.nextGaussian();
      values[2 * i + 1] = random.nextGaussian();
      weights[i] = 1 + random.nextInt(3);
    }
    SampleBlock rows = block(values, weights);
    WeightedKMeans kmeans = new WeightedKMeans(5, 10, 100);
    double[] a = kmeans.fit(List.of(rows), 2, NoiseRandomness.seeded(6).provider());
    double[] b = kmeans.fit(List.of(rows), 2, NoiseRandomness.seeded(6).provider());
    assertArrayEquals(a, b);
    // five groups 10 apart with unit noise: the best start finds them (cost per weight near the noise's 2)
    double perWeight = KMeansCost.meanCost(List.of(rows), a, 5);
    assertTrue(perWeight < 3, "cost " + perWeight);
  }
}
