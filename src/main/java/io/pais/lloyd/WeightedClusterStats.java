package io.pais.lloyd;

import java.io.Serializable;

/**
 * Per-cluster weighted sums and weighted counts, k × (d + 1), accumulated over sample blocks in map tasks and
 * merged with treeAggregate (or over in-memory blocks in experiments); assignment through {@link NearestCentre}.
 */
public final class WeightedClusterStats implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int k;
  private final int dimension;
  private final double[] sums;
  private final double[] counts;
  /** The buffers of {@link NearestCentre}, reused by every block a task adds (never serialised). */
  private transient NearestCentre.Assignment scratch;

  public WeightedClusterStats(int k, int dimension) {
    this.k = k;
    this.dimension = dimension;
    this.sums = new double[k * dimension];
    this.counts = new double[k];
  }

  /** Adds every row of {@code block} to its nearest centre. Returns this. */
  public WeightedClusterStats add(SampleBlock block, double[] centres, double[] centreSquaredNorms) {
    int b = block.rows();
    double[] x = block.columns();
    double[] w = block.weights();
    scratch = NearestCentre.assign(block, centres, centreSquaredNorms, k, NearestCentre.Assignment.reuse(scratch, b));
    int[] best = scratch.centre;
    for (int i = 0; i < b; i++) {
      counts[best[i]] += w[i];
    }
    for (int t = 0; t < dimension; t++) { // coordinate by coordinate: the block's values are read in order
      int column = t * b;
      for (int i = 0; i < b; i++) {
        sums[best[i] * dimension + t] += w[i] * x[column + i];
      }
    }
    return this;
  }

  /** Adds {@code other} into this. Returns this. */
  public WeightedClusterStats merge(WeightedClusterStats other) {
    for (int i = 0; i < sums.length; i++) {
      sums[i] += other.sums[i];
    }
    for (int j = 0; j < k; j++) {
      counts[j] += other.counts[j];
    }
    return this;
  }

  /** Weighted count W_j (exact: stays on the driver, never logged or released). */
  public double count(int j) {
    return counts[j];
  }

  /** Weighted sum of cluster j, coordinate t. */
  public double sum(int j, int t) {
    return sums[j * dimension + t];
  }

  /** The weighted sum of cluster j (a copy). */
  public double[] sum(int j) {
    return java.util.Arrays.copyOfRange(sums, j * dimension, (j + 1) * dimension);
  }

  /** ‖c_j‖² for row-major centres. */
  public static double[] squaredNorms(double[] centres, int k, int dimension) {
    double[] out = new double[k];
    for (int j = 0; j < k; j++) {
      double s = 0;
      for (int t = 0; t < dimension; t++) {
        double v = centres[j * dimension + t];
        s += v * v;
      }
      out[j] = s;
    }
    return out;
  }
}
