package io.pais.settings;

import io.pais.math.Checks;
import io.pais.math.MeanSpread;
import io.pais.privacy.Geometry;

/**
 * The public region every point a strict release reads lies in: the box of {@code --bounds}, or the clip ball of
 * {@code --clip-radius} around {@code --origin}. A centre outside it is moved to the region's nearest point —
 * post-processing of DP outputs with public constants, so free of ε — and never moves away from any point inside:
 * the Euclidean projection onto a convex set is non-expansive, so every point's distance to a moved centre is at
 * most what it was, and the k-means cost of the points the release read can only fall.
 */
public sealed interface PublicDomain {

  /** No public region (paper mode, or an ℓ1 clip ball, whose Euclidean projection is not a radial scaling). */
  PublicDomain NONE = new None();

  /** The region of a release made with {@code settings} in d dimensions. */
  static PublicDomain of(KMeansSettings settings, int d) {
    if (!(settings.privacy() instanceof PrivacyMode.Strict strict)) {
      return NONE;
    }
    StrictRelease release = strict.release();
    if (release.bounds() != null) {
      return new Box(release.bounds(), d);
    }
    return settings.geometry() == Geometry.L2 ? new Ball(release.origin(d), release.clipRadius(d, Geometry.L2))
        : NONE;
  }

  /**
   * Moves each of the k centres (row-major, d each) that lies outside the region to its nearest point of it, in
   * place. The centres are in coordinates shifted by −{@code offset} (the preprocessed ones); returns how many moved.
   */
  int moveInto(double[] centres, int k, double[] offset);

  /**
   * A noisy estimate of a mean of points of the region (in input coordinates), each coordinate of whose noise has
   * {@code variance}, drawn towards the region's middle (the box's midpoint, the ball's origin: public points) by a
   * linear weight — in the box the one of least squared error for a mean whose offset from the middle is estimated
   * from the estimate itself, at most the box's reach; in the ball the linear estimator of least worst-case squared
   * error for a mean anywhere in it —, then moved into it.
   * Post-processing: public constants and DP outputs only. Where the noise is small against the region the estimate
   * barely moves; where it is wider than the region itself (little data, many dimensions) the middle is the better
   * guess, and the estimate stays near it.
   */
  double[] shrink(double[] estimate, double variance);

  /** No region: nothing moves. */
  record None() implements PublicDomain {
    @Override
    public int moveInto(double[] centres, int k, double[] offset) {
      return 0;
    }

    @Override
    public double[] shrink(double[] estimate, double variance) {
      return estimate.clone();
    }
  }

  /** The box of public per-coordinate bounds: each coordinate clamped. */
  record Box(CoordinateBounds bounds, int dimension) implements PublicDomain {
    public Box {
      bounds.requireDimension(dimension);
    }

    @Override
    public int moveInto(double[] centres, int k, double[] offset) {
      Checks.require(offset.length == dimension, "offset must have " + dimension + " coordinates");
      int moved = 0;
      for (int j = 0; j < k; j++) {
        double[] x = new double[dimension];
        for (int t = 0; t < dimension; t++) {
          x[t] = centres[j * dimension + t] + offset[t];
        }
        double[] inside = bounds.clamp(x);
        boolean changed = false;
        for (int t = 0; t < dimension; t++) {
          if (inside[t] != x[t]) {
            centres[j * dimension + t] = inside[t] - offset[t];
            changed = true;
          }
        }
        moved += changed ? 1 : 0;
      }
      return moved;
    }

    /**
     * Per coordinate, a mean θ in [m − a, m + a] seen as x = θ + noise of variance σ²: m + λ(x − m) has squared
     * error λ²σ² + (1 − λ)²(θ − m)², least at λ = τ²/(τ² + σ²/a²) where τ² = (θ − m)²/a² ≤ 1. The worst case, τ² = 1,
     * is the minimax weight a²/(a² + σ²); τ² is estimated from the estimate itself ({@link MeanSpread}).
     */
    @Override
    public double[] shrink(double[] estimate, double variance) {
      Checks.require(estimate.length == dimension, "estimate must have " + dimension + " coordinates");
      Checks.nonNegative("variance", variance);
      double[] middle = bounds.midpoint(dimension);
      double[] halves = bounds.halfWidthsIn(dimension);
      double[] scaled = new double[dimension];
      double[] noise = new double[dimension];
      for (int t = 0; t < dimension; t++) {
        double half = halves[t];
        scaled[t] = half == 0 ? 0 : (estimate[t] - middle[t]) / half;
        noise[t] = half == 0 ? Double.POSITIVE_INFINITY : variance / (half * half);
      }
      double spread = MeanSpread.of(scaled, noise);
      double[] out = new double[dimension];
      for (int t = 0; t < dimension; t++) {
        double half = halves[t];
        // τ²a²/(τ²a² + σ²): at τ² = 1 the minimax weight to the bit
        double weight = half == 0 ? 0 : spread * half * half / (spread * half * half + variance);
        out[t] = middle[t] + weight * (estimate[t] - middle[t]);
      }
      return bounds.clamp(out);
    }
  }

  /** The ℓ2 clip ball: a centre outside is scaled towards its middle onto the sphere. */
  record Ball(double[] origin, double radius) implements PublicDomain {
    public Ball {
      origin = origin.clone();
      Checks.positive("radius", radius);
    }

    @Override
    public int moveInto(double[] centres, int k, double[] offset) {
      int d = origin.length;
      int moved = 0;
      for (int j = 0; j < k; j++) {
        double[] v = new double[d];
        for (int t = 0; t < d; t++) {
          v[t] = centres[j * d + t] + offset[t] - origin[t];
        }
        double norm = Geometry.L2.norm(v);
        if (norm > radius) {
          double scale = radius / norm;
          for (int t = 0; t < d; t++) {
            centres[j * d + t] = origin[t] + v[t] * scale - offset[t];
          }
          moved++;
        }
      }
      return moved;
    }

    /**
     * A mean θ within R of the origin c seen as x = θ + noise of variance σ² per coordinate: c + λ(x − c) has
     * squared error λ²dσ² + (1 − λ)²‖θ − c‖², at most λ²dσ² + (1 − λ)²R², least at λ = R²/(R² + dσ²). The worst case
     * is kept here, unlike the box's estimate of the mean's offset: a clip ball is a bound on every point's norm,
     * not a range the data spans, and drawing ĉ to its origin as far as that estimate says cost kddcup99 at ε = 0.5
     * (docs/results/history.md, "The DP centre's shrink follows the mean's offset").
     */
    @Override
    public double[] shrink(double[] estimate, double variance) {
      int d = origin.length;
      Checks.require(estimate.length == d, "estimate must have " + d + " coordinates");
      Checks.nonNegative("variance", variance);
      double weight = radius * radius / (radius * radius + d * variance);
      double[] out = new double[d];
      for (int t = 0; t < d; t++) {
        out[t] = origin[t] + weight * (estimate[t] - origin[t]);
      }
      moveInto(out, 1, new double[d]);
      return out;
    }
  }
}
