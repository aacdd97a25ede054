package io.pais.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class RandomSubspaceTest {

  private static UniformRandomProvider rng(long seed) {
    return RandomSource.SPLIT_MIX_64.create(seed);
  }

  @Test
  void itsDirectionsAreOrthonormal() {
    for (int[] md : new int[][] {{1, 2}, {4, 256}, {8, 9}, {30, 64}}) {
      RandomSubspace subspace = RandomSubspace.draw(md[0], md[1], rng(md[0] * 1000L + md[1]));
      double[] p = subspace.directions();
      int m = md[0];
      int d = md[1];
      assertEquals(m, subspace.subspaceDimension());
      for (int i = 0; i < m; i++) {
        for (int j = 0; j <= i; j++) {
          double dot = 0;
          for (int t = 0; t < d; t++) {
            dot += p[i * d + t] * p[j * d + t];
          }
          assertEquals(i == j ? 1 : 0, dot, 1e-13, "row " + i + " . row " + j + " at m = " + m + ", d = " + d);
        }
      }
    }
  }

  @Test
  void theSameSeedDrawsTheSameSubspace() {
    assertArrayEquals(RandomSubspace.draw(4, 50, rng(7)).directions(), RandomSubspace.draw(4, 50, rng(7)).directions());
  }

  /**
   * The split behind the start: for a centre Pᵀy of the subspace, ‖x − Pᵀy‖² = ‖x − PᵀPx‖² + ‖Px − y‖², so the
   * nearest lifted centre is the nearest centre in the subspace.
   */
  @Test
  void distancesToLiftedCentresSplitIntoTheSubspacesAndTheRest() {
    int d = 40;
    RandomSubspace subspace = RandomSubspace.draw(3, d, rng(11));
    UniformRandomProvider points = rng(12);
    for (int trial = 0; trial < 50; trial++) {
      double[] x = new double[d];
      for (int t = 0; t < d; t++) {
        x[t] = 10 * points.nextDouble() - 5;
      }
      double[] y = {points.nextDouble(), -points.nextDouble(), 3 * points.nextDouble()};
      double[] px = subspace.project(x);
      double[] back = subspace.lift(px, 1);
      double[] centre = subspace.lift(y, 1);
      double whole = 0;
      double rest = 0;
      double inSubspace = 0;
      for (int t = 0; t < d; t++) {
        whole += (x[t] - centre[t]) * (x[t] - centre[t]);
        rest += (x[t] - back[t]) * (x[t] - back[t]);
      }
      for (int j = 0; j < 3; j++) {
        inSubspace += (px[j] - y[j]) * (px[j] - y[j]);
      }
      assertEquals(whole, rest + inSubspace, 1e-10 * whole);
    }
  }

  /**
   * Uniform over subspaces: a fixed unit vector's squared projection has mean m/d (here 4/64 = 0.0625, variance
   * 2m(d − m)/(d²(d + 2)) ≈ 1.7e-3 for the Beta(m/2, (d − m)/2) it follows). Over 2,000 draws the mean's standard
   * error is about 9.4e-4; the test allows 5 of them (a false failure about once in 1.7 million runs) and would reject
   * a draw that favoured the first coordinates (a subspace of coordinate axes gives 0 or 1, and rows drawn uniform in
   * [0, 1) instead of Gaussian give a mean of about 0.93 for the vector (1, 1, ..., 1)/8).
   */
  @Test
  void aFixedVectorsSquaredProjectionHasMeanMOverD() {
    int m = 4;
    int d = 64;
    double[] unit = new double[d];
    java.util.Arrays.fill(unit, 1 / 8.0);
    UniformRandomProvider rng = rng(2026);
    int draws = 2000;
    double sum = 0;
    for (int i = 0; i < draws; i++) {
      double[] y = RandomSubspace.draw(m, d, rng).project(unit);
      for (double v : y) {
        sum += v * v;
      }
    }
    double standardError = Math.sqrt(2.0 * m * (d - m) / ((double) d * d * (d + 2)) / draws);
    assertEquals((double) m / d, sum / draws, 5 * standardError);
  }

  @Test
  void rejectsWhatIsNotASubspace() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RandomSubspace.draw(5, 5, rng(1))).getMessage()
        .contains("subspace dimension m must be below d = 5, got 5"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RandomSubspace.draw(0, 5, rng(1))).getMessage()
        .contains("subspace dimension (m)"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new RandomSubspace(3, new double[7])).getMessage()
        .contains("m x 3"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RandomSubspace.draw(2, 6, rng(1))
        .project(new double[5])).getMessage().contains("d = 6 coordinates, got 5"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RandomSubspace.draw(2, 6, rng(1))
        .lift(new double[5], 2)).getMessage().contains("2 x 2"));
  }
}
