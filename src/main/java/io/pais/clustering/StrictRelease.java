package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.io.Serializable;

/**
 * The public inputs and budget shares of an end-to-end private ("strict") release (SPEC §13). Every raw point is
 * clipped to the ball of radius {@code clipRadius} around {@code origin}; the centre and the norm histogram are
 * estimated under DP with their shares of ε unless supplied publicly (the run's {@code center} and
 * {@code normBound}), and DP-Lloyd gets the rest.
 *
 * @param clipRadius R₀, in the run's geometry (NaN when {@code bounds} give it)
 * @param origin c₀ (null = the zero vector, or the box's centre with {@code bounds})
 * @param normQuantile the quantile of the noisy norm histogram taken as r̂ (the paper's 97.5 %)
 * @param dropOutliers drop points beyond r̂ instead of projecting them onto the ball (the default)
 * @param centreShare the share of ε for the DP centre (when it is estimated)
 * @param histogramShare the share of ε for the DP norm histogram (when it is needed)
 * @param initShare the share of ε for a data-aware initialiser (private-coreset; the others spend nothing)
 * @param bounds public per-coordinate bounds that every point is clamped to, which then give R₀ and c₀ (null: none)
 */
public record StrictRelease(double clipRadius, double[] origin, double normQuantile, boolean dropOutliers,
    double centreShare, double histogramShare, double initShare, CoordinateBounds bounds) implements Serializable {
  /** Default shares, chosen by the strict-versus-paper measurements in docs/RESULTS.md. */
  public static final double DEFAULT_CENTRE_SHARE = 0.05;
  public static final double DEFAULT_HISTOGRAM_SHARE = 0.05;
  public static final double DEFAULT_NORM_QUANTILE = 0.975;
  /**
   * Default share of the private coreset: from a prototype's measurements; the utility benchmark (docs/RESULTS.md,
   * "Utility") confirmed the configuration but did not vary the share.
   */
  public static final double DEFAULT_INIT_SHARE = 0.2;

  public StrictRelease {
    if (bounds != null) {
      Checks.require(Double.isNaN(clipRadius) && origin == null, "bounds give the clip radius (the box's "
          + "half-diagonal) and the origin (its centre): give bounds or clip-radius and origin, not both");
    } else {
      Checks.positive("clip-radius (R0)", clipRadius);
    }
    if (origin != null) {
      for (double c : origin) {
        Checks.finite("origin coordinate", c);
      }
      origin = origin.clone();
    }
    Checks.require(normQuantile > 0 && normQuantile <= 1, "norm-quantile must be in (0, 1], got " + normQuantile);
    BudgetAllocation.requireShares(centreShare, histogramShare, initShare, false);
  }

  /** A release clipped to a public ball (no bounds). */
  public StrictRelease(double clipRadius, double[] origin, double normQuantile, boolean dropOutliers,
      double centreShare, double histogramShare, double initShare) {
    this(clipRadius, origin, normQuantile, dropOutliers, centreShare, histogramShare, initShare, null);
  }

  /** R₀ in d dimensions: the public radius, or the bounds' half-diagonal. */
  public double clipRadius(int dimension, Geometry geometry) {
    return bounds == null ? clipRadius : bounds.halfDiagonal(dimension, geometry);
  }

  /** c₀ in d dimensions. */
  public double[] origin(int dimension) {
    if (bounds != null) {
      return bounds.midpoint(dimension);
    }
    if (origin == null) {
      return new double[dimension];
    }
    Checks.require(origin.length == dimension, "origin must have " + dimension + " coordinates, got "
        + origin.length);
    return origin.clone();
  }
}
