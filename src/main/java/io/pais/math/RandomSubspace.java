package io.pais.math;

import java.io.Serializable;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * A random m-dimensional subspace of R^d, drawn without reading any data: m orthonormal directions (the rows of P),
 * Gaussian vectors orthonormalised by Gram–Schmidt, twice (one pass leaves an error that grows with the condition of
 * the vectors; the second brings it to rounding).
 *
 * <p>Why a subspace. A pure ε-DP sum of d coordinates carries noise whose norm grows as d; the same sum of the points'
 * m projections, as m. And for centres in the subspace lifted back, c = Pᵀy, every point's squared distance splits as
 * ‖x − Pᵀy‖² = ‖x − PᵀPx‖² + ‖Px − y‖², whose first term is the same for every centre: the nearest lifted centre is
 * the nearest centre in the subspace. A start found there among the projections is a start in R^d.
 *
 * @param dimension d
 * @param directions P, m × d row-major; its rows orthonormal
 */
public record RandomSubspace(int dimension, double[] directions) implements Serializable {

  public RandomSubspace {
    Checks.positive("dimension (d)", dimension);
    Checks.notNull("directions", directions);
    Checks.require(directions.length > 0 && directions.length % dimension == 0, "directions must be m x d = m x "
        + dimension + " values for some m >= 1, got " + directions.length);
    Checks.require(directions.length / dimension < dimension, "a subspace must have fewer dimensions than d = "
        + dimension + ", got m = " + directions.length / dimension);
    directions = directions.clone();
  }

  /** m directions in R^d drawn from {@code rng}: uniform over the m-dimensional subspaces (Haar). */
  public static RandomSubspace draw(int subspaceDimension, int dimension, UniformRandomProvider rng) {
    Checks.positive("subspace dimension (m)", subspaceDimension);
    Checks.positive("dimension (d)", dimension);
    Checks.require(subspaceDimension < dimension, "the subspace dimension m must be below d = " + dimension
        + ", got " + subspaceDimension);
    Checks.notNull("rng", rng);
    ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] p = new double[subspaceDimension * dimension];
    for (int i = 0; i < subspaceDimension; i++) {
      int row = i * dimension;
      double norm;
      do {
        for (int t = 0; t < dimension; t++) {
          p[row + t] = gaussian.sample();
        }
        for (int pass = 0; pass < 2; pass++) {
          for (int j = 0; j < i; j++) {
            double dot = dot(p, row, p, j * dimension, dimension);
            for (int t = 0; t < dimension; t++) {
              p[row + t] -= dot * p[j * dimension + t];
            }
          }
        }
        norm = Math.sqrt(dot(p, row, p, row, dimension));
      } while (!(norm > 1e-6)); // a draw in the span of the others (probability 0 but for rounding): draw again
      for (int t = 0; t < dimension; t++) {
        p[row + t] /= norm;
      }
    }
    return new RandomSubspace(dimension, p);
  }

  /** m. */
  public int subspaceDimension() {
    return directions.length / dimension;
  }

  /** P's rows, m × d row-major (a copy). */
  @Override
  public double[] directions() {
    return directions.clone();
  }

  /** Px: the point's m coordinates in the subspace. */
  public double[] project(double[] x) {
    Checks.require(x.length == dimension, "a point must have d = " + dimension + " coordinates, got " + x.length);
    int m = subspaceDimension();
    double[] y = new double[m];
    for (int j = 0; j < m; j++) {
      y[j] = dot(directions, j * dimension, x, 0, dimension);
    }
    return y;
  }

  /**
   * Pᵀy for each of the {@code rows} points of {@code y} (rows × m row-major): points of the subspace in R^d,
   * rows × d row-major.
   */
  public double[] lift(double[] y, int rows) {
    int m = subspaceDimension();
    Checks.require(rows >= 0 && y.length == rows * m, "points in the subspace must be rows x m = " + rows + " x " + m
        + " values, got " + y.length);
    double[] x = new double[rows * dimension];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < m; j++) {
        double coefficient = y[i * m + j];
        for (int t = 0; t < dimension; t++) {
          x[i * dimension + t] += coefficient * directions[j * dimension + t];
        }
      }
    }
    return x;
  }

  private static double dot(double[] a, int aOffset, double[] b, int bOffset, int length) {
    double sum = 0;
    for (int t = 0; t < length; t++) {
      sum += a[aOffset + t] * b[bOffset + t];
    }
    return sum;
  }
}
