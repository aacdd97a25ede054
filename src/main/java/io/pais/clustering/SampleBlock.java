package io.pais.clustering;

import java.io.Serializable;

/**
 * A dense block of weighted points: one row-major matrix and its weights, so that a cached sample costs two
 * arrays per block rather than one object per row, and distances to the centres are one matrix product.
 */
public final class SampleBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int rows;
  private final int dimension;
  private final double[] values;
  private final double[] weights;

  SampleBlock(int rows, int dimension, double[] values, double[] weights) {
    this.rows = rows;
    this.dimension = dimension;
    this.values = values;
    this.weights = weights;
  }

  public int rows() {
    return rows;
  }

  public int dimension() {
    return dimension;
  }

  /** Row-major values: row i occupies [i·d, (i + 1)·d). */
  double[] values() {
    return values;
  }

  double[] weights() {
    return weights;
  }

  /** Collects rows into blocks of at most {@code capacity} rows. */
  static final class Builder {
    private final int dimension;
    private final int capacity;
    private double[] values;
    private double[] weights;
    private int rows;

    Builder(int dimension, int capacity) {
      this.dimension = dimension;
      this.capacity = capacity;
      reset();
    }

    private void reset() {
      values = new double[Math.min(capacity, 256) * dimension];
      weights = new double[Math.min(capacity, 256)];
      rows = 0;
    }

    boolean isFull() {
      return rows == capacity;
    }

    boolean isEmpty() {
      return rows == 0;
    }

    void add(double[] x, double weight) {
      if (rows == weights.length) {
        int grown = Math.min(capacity, weights.length * 2);
        values = java.util.Arrays.copyOf(values, grown * dimension);
        weights = java.util.Arrays.copyOf(weights, grown);
      }
      System.arraycopy(x, 0, values, rows * dimension, dimension);
      weights[rows++] = weight;
    }

    SampleBlock build() {
      SampleBlock block = new SampleBlock(rows, dimension, java.util.Arrays.copyOf(values, rows * dimension),
          java.util.Arrays.copyOf(weights, rows));
      reset();
      return block;
    }
  }
}
