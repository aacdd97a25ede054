package io.pais.settings;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;

/**
 * Public per-coordinate bounds (strict releases, {@code --bounds}): every raw point is clamped into the box
 * Π [lower_j, upper_j], a per-record map that reads nothing else. The box then gives the clip ball: its centre is the
 * origin and its half-diagonal the clip radius R₀, so the box lies inside the ball and the clip changes nothing more.
 * Bounds describe the data's range, not its values: like the clip radius they must come from outside the data (a
 * schema, a sensor's range, a questionnaire's scale).
 *
 * @param lower lower bounds; one value stands for every coordinate
 * @param upper upper bounds, as many as {@code lower}
 */
public record CoordinateBounds(double[] lower, double[] upper) implements Serializable {
  /** The largest bound's magnitude: squared norms of points in the box must stay far inside the double range. */
  public static final double MAX_MAGNITUDE = 1e150;
  /** The narrowest positive width of a coordinate's bounds: noise scales and the lattice stay normal doubles. */
  public static final double MIN_WIDTH = 1e-150;

  public CoordinateBounds {
    Checks.notNull("bounds lower", lower);
    Checks.notNull("bounds upper", upper);
    Checks.require(lower.length > 0 && lower.length == upper.length, "bounds must give as many lower as upper "
        + "values, at least one, got " + lower.length + " and " + upper.length);
    for (int j = 0; j < lower.length; j++) {
      Checks.finite("bounds lower[" + j + "]", lower[j]);
      Checks.finite("bounds upper[" + j + "]", upper[j]);
      Checks.require(lower[j] <= upper[j], "bounds must have lower <= upper in every coordinate, got " + lower[j]
          + ":" + upper[j] + " in coordinate " + j);
      Checks.require(Math.abs(lower[j]) <= MAX_MAGNITUDE && Math.abs(upper[j]) <= MAX_MAGNITUDE, "bounds must lie "
          + "within +-" + MAX_MAGNITUDE + " (pais squares norms in doubles; rescale the data), got " + lower[j] + ":"
          + upper[j] + " in coordinate " + j);
      double width = upper[j] - lower[j];
      Checks.require(width == 0 || width >= MIN_WIDTH, "bounds must be 0 or at least " + MIN_WIDTH + " wide in "
          + "every coordinate (rescale the data), got " + lower[j] + ":" + upper[j] + " in coordinate " + j);
    }
    boolean anyWidth = false;
    for (int j = 0; j < lower.length; j++) {
      anyWidth |= upper[j] > lower[j];
    }
    Checks.require(anyWidth, "bounds must be wider than 0 in at least one coordinate, got a single point");
    lower = lower.clone();
    upper = upper.clone();
  }

  /** {@code lo:hi} for every coordinate, or {@code lo:hi,lo:hi,…} one pair per coordinate. */
  public static CoordinateBounds parse(String text) {
    Checks.notNull("bounds", text);
    String[] pairs = text.split(",");
    double[] lower = new double[pairs.length];
    double[] upper = new double[pairs.length];
    for (int j = 0; j < pairs.length; j++) {
      String[] ends = pairs[j].strip().split(":");
      try {
        if (ends.length != 2) {
          throw new NumberFormatException();
        }
        lower[j] = Double.parseDouble(ends[0].strip());
        upper[j] = Double.parseDouble(ends[1].strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bounds must be lo:hi for every coordinate or a comma-separated lo:hi per "
            + "coordinate, got '" + pairs[j].strip() + "'");
      }
    }
    return new CoordinateBounds(lower, upper);
  }

  /** Whether the bounds fit d coordinates (one pair for all, or d pairs). */
  public void requireDimension(int dimension) {
    Checks.require(lower.length == 1 || lower.length == dimension, "bounds must give one lo:hi for every coordinate "
        + "or " + dimension + " pairs (one per coordinate), got " + lower.length);
  }

  /** Coordinate j's lower bound. */
  double lower(int j) {
    return lower[lower.length == 1 ? 0 : j];
  }

  /** Coordinate j's upper bound. */
  double upper(int j) {
    return upper[upper.length == 1 ? 0 : j];
  }

  /** The lower bounds of d coordinates (one pair for all, or d pairs). */
  public double[] lowerIn(int dimension) {
    requireDimension(dimension);
    double[] out = new double[dimension];
    for (int j = 0; j < dimension; j++) {
      out[j] = lower(j);
    }
    return out;
  }

  /** The upper bounds of d coordinates. */
  public double[] upperIn(int dimension) {
    requireDimension(dimension);
    double[] out = new double[dimension];
    for (int j = 0; j < dimension; j++) {
      out[j] = upper(j);
    }
    return out;
  }

  /** The box's centre in d coordinates: the clip ball's origin. */
  public double[] midpoint(int dimension) {
    requireDimension(dimension);
    double[] out = new double[dimension];
    for (int j = 0; j < dimension; j++) {
      out[j] = lower(j) + (upper(j) - lower(j)) / 2;
    }
    return out;
  }

  /** The box's half-widths a_j = (upper_j − lower_j)/2 in d coordinates. */
  public double[] halfWidthsIn(int dimension) {
    requireDimension(dimension);
    double[] half = new double[dimension];
    for (int j = 0; j < dimension; j++) {
      half[j] = (upper(j) - lower(j)) / 2;
    }
    return half;
  }

  /** The box's half-diagonal in the geometry: the clip radius R₀ (at least a tiny positive value for a point box). */
  public double halfDiagonal(int dimension, Geometry geometry) {
    return Math.max(geometry.norm(halfWidthsIn(dimension)), Double.MIN_NORMAL);
  }

  /**
   * (Σ a_j)² / Σ a_j² over the half-widths a_j of the pairs given: d when every coordinate is as wide, near 1 when one
   * is much wider than the rest (see {@link GeometryChoice}).
   */
  public double effectiveDimension() {
    double sum = 0;
    double squares = 0;
    double widest = 0;
    for (int j = 0; j < lower.length; j++) {
      widest = Math.max(widest, upper[j] - lower[j]);
    }
    for (int j = 0; j < lower.length; j++) {
      double half = (upper[j] - lower[j]) / widest; // relative to the widest: no overflow for bounds up to 1e150
      sum += half;
      squares += half * half;
    }
    return sum * sum / squares;
  }

  /** x clamped into the box (a new array). */
  public double[] clamp(double[] x) {
    double[] out = new double[x.length];
    for (int j = 0; j < x.length; j++) {
      out[j] = Math.min(Math.max(x[j], lower(j)), upper(j));
    }
    return out;
  }

  /** As given on the command line. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    for (int j = 0; j < lower.length; j++) {
      out.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%s:%s", lower[j], upper[j]));
    }
    return out.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CoordinateBounds b && Arrays.equals(lower, b.lower) && Arrays.equals(upper, b.upper);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(lower) + Arrays.hashCode(upper);
  }

  @Override
  public String toString() {
    return "CoordinateBounds[" + describe() + "]";
  }
}
