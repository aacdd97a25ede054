package io.pais.lloyd;

import java.io.Serializable;

/**
 * Per centre, the weight of the rows nearest to it, and over all rows Σ w·min(min_j ‖x − c_j‖², cap): accumulated
 * over blocks in map tasks (or in memory) and merged. With cap = +∞ it is the k-means cost; with a finite cap each
 * row's term is bounded, as the private training summary's sensitivity needs. Exact values: they stay on the
 * driver and are never logged or released without noise.
 */
public final class ClusterCosts implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double[] weights;
  private final double cap;
  private double cost;
  /** The buffers of {@link NearestCentre}, reused by every block a task adds (never serialised). */
  private transient NearestCentre.Assignment scratch;

  /** Nothing added yet, for k centres; {@code cap} bounds each row's squared distance (+∞: none). */
  public ClusterCosts(int k, double cap) {
    this.weights = new double[k];
    this.cap = cap;
  }

  /** Adds every row of {@code block} to its nearest centre. Returns this. */
  public ClusterCosts add(SampleBlock block, double[] centres, double[] centreSquaredNorms) {
    int b = block.rows();
    int d = block.dimension();
    scratch = NearestCentre.assign(block, centres, centreSquaredNorms, weights.length,
        NearestCentre.Assignment.reuse(scratch, b));
    double[] x = block.columns();
    double[] w = block.weights();
    for (int i = 0; i < b; i++) {
      double sq = 0;
      for (int t = 0; t < d; t++) {
        double v = x[t * b + i];
        sq += v * v;
      }
      // ‖x‖² + (‖c‖² − 2 x·c); rounding can leave a tiny negative for a point on its centre
      cost += w[i] * Math.min(cap, Math.max(0, sq + scratch.partial[i]));
      weights[scratch.centre[i]] += w[i];
    }
    return this;
  }

  /** Adds {@code other} into this. Returns this. */
  public ClusterCosts merge(ClusterCosts other) {
    for (int j = 0; j < weights.length; j++) {
      weights[j] += other.weights[j];
    }
    cost += other.cost;
    return this;
  }

  /** Per centre, the weight of the rows nearest to it (a copy). */
  public double[] weights() {
    return weights.clone();
  }

  /** Σ w·min(min_j ‖x − c_j‖², cap). */
  public double cost() {
    return cost;
  }
}
