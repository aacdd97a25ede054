package io.pais.estimation;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * The exact statistics a private scaler noises ({@link PrivateMoments}), added up point by point (in map tasks) and
 * merged: the count, and per coordinate Σ z_j and Σ (z_j² − ½) with z_j = (clamp(x_j) − m_j)/h_j ∈ [−1, 1] the point
 * clamped into the public box and mapped to its units (m_j its midpoint, h_j its half-width; 0 where h_j = 0). One
 * point moves the count by 1, each sum by at most 1 and each centred square by at most ½, whatever the data. Never
 * published.
 */
public final class BoxMoments implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double[] midpoint;
  private final double[] halfWidth;
  private long count;
  private final double[] sums;
  private final double[] centredSquares;

  /**
   * @param lower the box's lower bounds, one per coordinate
   * @param upper its upper bounds (each at least the lower)
   */
  public BoxMoments(double[] lower, double[] upper) {
    Checks.notNull("lower", lower);
    Checks.notNull("upper", upper);
    Checks.require(lower.length > 0 && lower.length == upper.length, "the box must give as many lower as upper "
        + "bounds, at least one, got " + lower.length + " and " + upper.length);
    int d = lower.length;
    midpoint = new double[d];
    halfWidth = new double[d];
    for (int j = 0; j < d; j++) {
      Checks.finite("lower[" + j + "]", lower[j]);
      Checks.finite("upper[" + j + "]", upper[j]);
      Checks.require(lower[j] <= upper[j], "the box must have lower <= upper in every coordinate, got " + lower[j]
          + ":" + upper[j] + " in coordinate " + j);
      halfWidth[j] = (upper[j] - lower[j]) / 2;
      midpoint[j] = lower[j] + halfWidth[j];
    }
    sums = new double[d];
    centredSquares = new double[d];
  }

  /** Statistics given outright, for tests of the mechanism at sizes no test would add point by point. */
  static BoxMoments ofTotals(double[] lower, double[] upper, long count, double[] sums, double[] centredSquares) {
    BoxMoments m = new BoxMoments(lower, upper);
    m.count = count;
    System.arraycopy(sums, 0, m.sums, 0, sums.length);
    System.arraycopy(centredSquares, 0, m.centredSquares, 0, centredSquares.length);
    return m;
  }

  /** Adds one point (of the box's dimension). Returns this. */
  public BoxMoments add(double[] x) {
    Checks.require(x.length == sums.length, "a point of dimension " + x.length + " where the box has "
        + sums.length);
    count++;
    for (int j = 0; j < x.length; j++) {
      double z = unit(x[j], j);
      sums[j] += z;
      centredSquares[j] += z * z - 0.5;
    }
    return this;
  }

  /** Coordinate j of a point in the box's units: clamped into [−1, 1] (0 on a coordinate of width 0). */
  double unit(double value, int j) {
    if (halfWidth[j] == 0) {
      return 0;
    }
    double z = (value - midpoint[j]) / halfWidth[j];
    return Math.max(-1, Math.min(1, z)); // NaN stays NaN: the reader refuses it before
  }

  /** Adds {@code other} (over the same box) into this. Returns this. */
  public BoxMoments merge(BoxMoments other) {
    count += other.count;
    for (int j = 0; j < sums.length; j++) {
      sums[j] += other.sums[j];
      centredSquares[j] += other.centredSquares[j];
    }
    return this;
  }

  /** Whether no point was added (the count is never published otherwise). */
  public boolean isEmpty() {
    return count == 0;
  }

  public int dimension() {
    return sums.length;
  }

  long count() {
    return count;
  }

  double[] sums() {
    return sums.clone();
  }

  double[] centredSquares() {
    return centredSquares.clone();
  }

  double midpoint(int j) {
    return midpoint[j];
  }

  double halfWidth(int j) {
    return halfWidth[j];
  }
}
