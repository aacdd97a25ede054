package io.pais.settings;

import io.pais.accounting.BudgetAllocation;
import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The public inputs and ε shares of an end-to-end private ("strict") release (SPEC §13). Every raw point is
 * clipped to the ball of radius {@code clipRadius} around {@code origin}; the centre and the norm histogram are
 * estimated under DP with their shares of ε unless supplied publicly ({@link PublicConstants}), and DP-Lloyd gets
 * the rest.
 *
 * @param clipRadius R₀, in the run's geometry (NaN when {@code bounds} give it)
 * @param origin c₀ (null = the zero vector, or the box's centre with {@code bounds})
 * @param normQuantile the quantile of the noisy norm histogram taken as r̂ (the paper's 97.5 %)
 * @param tailRadius raise r̂ above the quantile where the noisy histogram shows that projecting onto it would move
 *     the points more than the larger radius's noise costs ({@code PrivateNormHistogram#tailAwareRadius})
 * @param dropOutliers drop points beyond r̂ instead of projecting them onto the ball (the default)
 * @param shares the shares of ε of the DP centre (when it is estimated), the DP norm histogram (when it is needed),
 *     a data-aware initialiser (private-coreset; the others spend nothing) and the private training summary
 * @param coresetSampleSize the private coreset reads a Poisson subsample of about this many points when n̂ is larger
 * @param bounds public per-coordinate bounds that every point is clamped to, which then give R₀ and c₀ (null: none)
 */
public record StrictRelease(double clipRadius, double[] origin, double normQuantile, boolean tailRadius,
    boolean dropOutliers,
    BudgetAllocation.Shares shares, int coresetSampleSize, CoordinateBounds bounds)
    implements Serializable {
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
    Checks.notNull("shares", shares);
    Checks.require(coresetSampleSize >= 1, "coreset-sample-size must be >= 1, got " + coresetSampleSize);
  }

  /**
   * Whether the release's private coreset also counts its tail axes: it runs, points beyond r are projected (dropped,
   * they are no tail for DP-Lloyd to serve), d, when known, is at most
   * {@link BudgetAllocation.CoresetShares#TAIL_AXES_MAX_DIMENSION} (before the data is read the share is reserved),
   * and the release does not follow a private choice of k: with the selection's share set apart, its DP-Lloyd keeps
   * about a tenth of ε, which the axes' {@value BudgetAllocation.CoresetShares#TAIL_AXES_SHARE} would halve (the
   * candidates, releases of their own, count them).
   */
  public boolean countsTailAxes(boolean coreset, boolean kSelection, java.util.Optional<Integer> dimension) {
    return coreset && !dropOutliers && !kSelection
        && dimension.map(d -> d <= BudgetAllocation.CoresetShares.TAIL_AXES_MAX_DIMENSION).orElse(true);
  }

  /** The same public inputs with other shares of ε. */
  public StrictRelease withShares(BudgetAllocation.Shares other) {
    return new StrictRelease(clipRadius, origin, normQuantile, tailRadius, dropOutliers, other, coresetSampleSize,
        bounds);
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

  @Override
  public boolean equals(Object o) {
    return o instanceof StrictRelease s && Double.compare(clipRadius, s.clipRadius) == 0
        && Arrays.equals(origin, s.origin) && Double.compare(normQuantile, s.normQuantile) == 0
        && tailRadius == s.tailRadius && dropOutliers == s.dropOutliers && shares.equals(s.shares) && coresetSampleSize == s.coresetSampleSize
        && Objects.equals(bounds, s.bounds);
  }

  @Override
  public int hashCode() {
    return Objects.hash(clipRadius, Arrays.hashCode(origin), normQuantile, tailRadius, dropOutliers, shares,
        coresetSampleSize, bounds);
  }

  @Override
  public String toString() {
    return "StrictRelease[clipRadius=" + clipRadius + ", origin=" + Arrays.toString(origin) + ", normQuantile="
        + normQuantile + ", tailRadius=" + tailRadius + ", dropOutliers=" + dropOutliers + ", " + shares + ", coresetSampleSize=" + coresetSampleSize
        + ", bounds=" + bounds + "]";
  }
}
