package io.pais.estimation;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;

/**
 * The public box of one cell of a {@link CellSchedule}: per coordinate, the interval the cell's splits leave. A side
 * on the schedule's box boundary is open (±∞): points beyond the box belong to the boundary cells. Every point of a
 * coreset region lies in its cell, so the region's mean does too; clamping a noisy mean into the box is a projection
 * onto a convex set that holds the true mean, and never moves the estimate farther from it (post-processing).
 *
 * @param lower the lower end per coordinate (−∞ when open)
 * @param upper the upper end per coordinate (+∞ when open)
 */
public record CellBox(double[] lower, double[] upper) {

  public CellBox {
    Checks.notNull("lower", lower);
    Checks.notNull("upper", upper);
    Checks.require(lower.length == upper.length, "lower and upper must have one end per coordinate, got "
        + lower.length + " and " + upper.length);
    for (int j = 0; j < lower.length; j++) {
      Checks.require(!Double.isNaN(lower[j]) && !Double.isNaN(upper[j]) && lower[j] < upper[j],
          "a cell's side must have lower < upper, got [" + lower[j] + ", " + upper[j] + "] at coordinate " + j);
    }
    lower = lower.clone();
    upper = upper.clone();
  }

  /**
   * {@code mean} (in place) clamped into the box, then scaled onto the ball of radius {@code radius} when it lies
   * outside: the region's mean lies in both, so for ℓ2 neither step moves the estimate away from it.
   */
  public void clampOnto(double[] mean, double radius, Geometry geometry) {
    Checks.positive("radius (r)", radius);
    Checks.require(mean.length == lower.length, "the mean must have " + lower.length + " coordinates, got "
        + mean.length);
    for (int j = 0; j < mean.length; j++) {
      mean[j] = Math.min(Math.max(mean[j], lower[j]), upper[j]);
    }
    double norm = geometry.norm(mean);
    if (norm > radius) {
      for (int j = 0; j < mean.length; j++) {
        mean[j] *= radius / norm;
      }
    }
  }
}
