package io.pais.lloyd;

import io.pais.math.RandomSubspace;
import java.io.Serializable;
import java.util.Arrays;

/**
 * A dense block of weighted points: one matrix and its weights, so that a cached sample costs two arrays per block
 * rather than one object per row, and the products with the centres are one kernel call. The matrix is stored
 * coordinate-major (coordinate t of every row, then coordinate t + 1): the distance kernel then runs over
 * consecutive rows with vector instructions and no per-pass transposition.
 */
public final class SampleBlock implements Serializable {
  private static final long serialVersionUID = 2L;
  /** Rows transposed together when a block is built: a tile's rows stay in the L1 cache. */
  private static final int TRANSPOSE_TILE = 16;

  private final int rows;
  private final int dimension;
  private final double[] columns;
  private final double[] weights;

  private SampleBlock(int rows, int dimension, double[] columns, double[] weights) {
    this.rows = rows;
    this.dimension = dimension;
    this.columns = columns;
    this.weights = weights;
  }

  /** A block of no rows in d dimensions. */
  public static SampleBlock empty(int dimension) {
    return new SampleBlock(0, dimension, new double[0], new double[0]);
  }

  /** A block of {@code weights.length} rows given row-major (row i at [i·d, (i + 1)·d)). */
  public static SampleBlock ofRows(double[] values, double[] weights, int dimension) {
    Builder builder = new Builder(dimension, weights.length);
    for (int i = 0; i < weights.length; i++) {
      builder.add(values, i * dimension, weights[i]);
    }
    return builder.build();
  }

  /**
   * A block over arrays a task reuses (see {@link io.pais.preprocessing.CentringView}): {@code columns} holds at least rows·d values
   * (coordinate t of row i at t·rows + i) and {@code weights} at least rows; valid until the arrays are rewritten.
   */
  public static SampleBlock over(int rows, int dimension, double[] columns, double[] weights) {
    return new SampleBlock(rows, dimension, columns, weights);
  }

  public int rows() {
    return rows;
  }

  public int dimension() {
    return dimension;
  }

  /** Coordinate-major values: coordinate t of row i is at t·rows + i. */
  public double[] columns() {
    return columns;
  }

  public double[] weights() {
    return weights;
  }

  /** Coordinate t of row i. */
  public double value(int row, int t) {
    return columns[t * rows + row];
  }

  /** Copies row i into {@code out} at {@code offset}. */
  public void copyRow(int row, double[] out, int offset) {
    for (int t = 0; t < dimension; t++) {
      out[offset + t] = columns[t * rows + row];
    }
  }

  /**
   * The rows' coordinates in {@code subspace} (Px for every row x, weights as they are), in a new block of m
   * coordinates: coordinate j of every row is Σ_t P_jt·x_t, summed over the block's columns in order.
   */
  public SampleBlock projectedOnto(RandomSubspace subspace) {
    io.pais.math.Checks.require(subspace.dimension() == dimension, "the subspace must lie in d = " + dimension
        + ", got d = " + subspace.dimension());
    int m = subspace.subspaceDimension();
    double[] p = subspace.directions();
    double[] projected = new double[rows * m];
    for (int j = 0; j < m; j++) {
      int out = j * rows;
      for (int t = 0; t < dimension; t++) {
        double coefficient = p[j * dimension + t];
        int column = t * rows;
        for (int i = 0; i < rows; i++) {
          projected[out + i] += coefficient * columns[column + i];
        }
      }
    }
    return new SampleBlock(rows, m, projected, Arrays.copyOf(weights, rows));
  }

  /** The rows of this block followed by those of {@code more} (same d), in a new block. */
  public SampleBlock followedBy(SampleBlock more) {
    int d = dimension();
    io.pais.math.Checks.require(more.dimension() == d, "blocks must have the same dimension, got " + d + " and "
        + more.dimension());
    Builder builder = new Builder(d, rows() + more.rows());
    double[] row = new double[d];
    for (SampleBlock block : new SampleBlock[] {this, more}) {
      for (int i = 0; i < block.rows(); i++) {
        block.copyRow(i, row, 0);
        builder.add(row, block.weights()[i]);
      }
    }
    return builder.build();
  }

  /** Collects rows into blocks of at most {@code capacity} rows. */
  public static final class Builder {
    private final int dimension;
    private final int capacity;
    private double[] values;
    private double[] weights;
    private int rows;

    public Builder(int dimension, int capacity) {
      this.dimension = dimension;
      this.capacity = capacity;
      reset();
    }

    private void reset() {
      values = new double[Math.min(capacity, 256) * dimension];
      weights = new double[Math.min(capacity, 256)];
      rows = 0;
    }

    public boolean isFull() {
      return rows == capacity;
    }

    public boolean isEmpty() {
      return rows == 0;
    }

    public void add(double[] x, double weight) {
      add(x, 0, weight);
    }

    /** Adds the row x[offset, offset + d). */
    public void add(double[] x, int offset, double weight) {
      if (rows == weights.length) {
        int grown = Math.min(capacity, weights.length * 2);
        values = Arrays.copyOf(values, grown * dimension);
        weights = Arrays.copyOf(weights, grown);
      }
      System.arraycopy(x, offset, values, rows * dimension, dimension);
      weights[rows++] = weight;
    }

    /** The rows so far as a block (row-major as collected, stored coordinate-major); the builder starts anew. */
    public SampleBlock build() {
      double[] columns = new double[rows * dimension];
      for (int from = 0; from < rows; from += TRANSPOSE_TILE) {
        int to = Math.min(rows, from + TRANSPOSE_TILE);
        for (int t = 0; t < dimension; t++) {
          int column = t * rows;
          for (int i = from; i < to; i++) {
            columns[column + i] = values[i * dimension + t];
          }
        }
      }
      SampleBlock block = new SampleBlock(rows, dimension, columns, Arrays.copyOf(weights, rows));
      reset();
      return block;
    }
  }
}
