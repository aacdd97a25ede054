package io.pais.settings;

import io.pais.math.Checks;
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

  /** No region: nothing moves. */
  record None() implements PublicDomain {
    @Override
    public int moveInto(double[] centres, int k, double[] offset) {
      return 0;
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
  }
}
