package io.pais.estimation;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * The public cells of the private coreset's tree: a k-d tree over the box Π [−h_j, h_j] whose every split halves the
 * currently widest side at its midpoint. All cells of one depth split the same coordinate, so a point's cell at depth
 * L is the L bits "which half" of its coordinates' positions, read in split order — computed in a map task from the
 * point alone. Points outside the box belong to the boundary cells. The schedule is a function of public values
 * (the DP half-widths), never of the data.
 *
 * @param halfWidths h_j &gt; 0 of the box, per coordinate
 * @param coordinate the coordinate split at each depth
 * @param splitIndex how many times that coordinate was split before (its bit position)
 */
public record CellSchedule(double[] halfWidths, int[] coordinate, int[] splitIndex) implements Serializable {

  public CellSchedule {
    Checks.notNull("halfWidths", halfWidths);
    for (double h : halfWidths) {
      Checks.positive("half-width of the coreset box", h);
    }
    Checks.require(coordinate.length == splitIndex.length && coordinate.length <= 62,
        "the schedule must have at most 62 splits, got " + coordinate.length);
    halfWidths = halfWidths.clone();
    coordinate = coordinate.clone();
    splitIndex = splitIndex.clone();
  }

  /** Halves the widest side {@code depth} times (ties: the lowest coordinate). */
  public static CellSchedule widestFirst(double[] halfWidths, int depth) {
    Checks.require(depth >= 1 && depth <= 62, "depth must be in [1, 62], got " + depth);
    double[] width = halfWidths.clone();
    int[] splits = new int[width.length];
    int[] coordinate = new int[depth];
    int[] splitIndex = new int[depth];
    for (int level = 0; level < depth; level++) {
      int widest = 0;
      for (int j = 1; j < width.length; j++) {
        if (width[j] > width[widest]) {
          widest = j;
        }
      }
      coordinate[level] = widest;
      splitIndex[level] = splits[widest]++;
      width[widest] /= 2;
    }
    return new CellSchedule(halfWidths, coordinate, splitIndex);
  }

  /**
   * The box of the cell whose path is the {@code splits} bits {@code path} (the first split in the highest bit, as
   * {@link #cell} reads them). A side no split moved off the schedule's box boundary is open.
   */
  public CellBox box(long path, int splits) {
    double[][] sides = sides(path, splits);
    double[] lower = sides[0];
    double[] upper = sides[1];
    for (int j = 0; j < lower.length; j++) {
      // a split always moves a side strictly inside the box, so a side still at ±h_j lies on its boundary
      lower[j] = lower[j] == -halfWidths[j] ? Double.NEGATIVE_INFINITY : lower[j];
      upper[j] = upper[j] == halfWidths[j] ? Double.POSITIVE_INFINITY : upper[j];
    }
    return new CellBox(lower, upper);
  }

  /**
   * The middle of the cell whose path is the {@code splits} bits {@code path}, within the schedule's box (a boundary
   * cell's middle is that of its part of the box).
   */
  public double[] middle(long path, int splits) {
    double[][] sides = sides(path, splits);
    double[] middle = new double[halfWidths.length];
    for (int j = 0; j < middle.length; j++) {
      middle[j] = (sides[0][j] + sides[1][j]) / 2;
    }
    return middle;
  }

  /**
   * The side lengths of every cell after the first {@code splits} splits (an inner cell's; a boundary cell's part of
   * the box has the same sides): 2h_j halved once per split of coordinate j.
   */
  public double[] cellWidths(int splits) {
    Checks.require(splits >= 0 && splits <= depth(), "splits must be in [0, " + depth() + "], got " + splits);
    double[] widths = new double[halfWidths.length];
    for (int j = 0; j < widths.length; j++) {
      widths[j] = 2 * halfWidths[j];
    }
    for (int level = 0; level < splits; level++) {
      widths[coordinate[level]] /= 2;
    }
    return widths;
  }

  /** The lower and upper ends per coordinate of the cell's part of the box, each split halving its coordinate. */
  private double[][] sides(long path, int splits) {
    Checks.require(splits >= 0 && splits <= depth(), "splits must be in [0, " + depth() + "], got " + splits);
    double[] lower = new double[halfWidths.length];
    double[] upper = new double[halfWidths.length];
    for (int j = 0; j < lower.length; j++) {
      lower[j] = -halfWidths[j];
      upper[j] = halfWidths[j];
    }
    for (int level = 0; level < splits; level++) {
      int j = coordinate[level];
      double middle = (lower[j] + upper[j]) / 2;
      if (((path >>> (splits - 1 - level)) & 1L) == 1L) {
        lower[j] = middle;
      } else {
        upper[j] = middle;
      }
    }
    return new double[][] {lower, upper};
  }

  public int depth() {
    return coordinate.length;
  }

  /**
   * The cell of x at full depth as {@link #depth()} bits, the first split in the highest bit. A split of coordinate
   * j for the (s + 1)-th time reads bit s + 1 of x_j's position t in [0, 1) in the box: ⌊t·2^(s+1)⌋ mod 2.
   */
  public long cell(double[] x) {
    long cell = 0;
    for (int level = 0; level < coordinate.length; level++) {
      int j = coordinate[level];
      double h = halfWidths[j];
      double t = Math.min(Math.max((x[j] + h) / (2 * h), 0), Math.nextDown(1.0));
      long bit = (long) Math.floor(Math.scalb(t, splitIndex[level] + 1)) & 1L;
      cell = (cell << 1) | bit;
    }
    return cell;
  }
}
