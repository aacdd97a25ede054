package io.pais.preprocessing;

import java.io.Serializable;

/**
 * Σ (x − c₀) and the count over a strict release's cached clipped blocks: what the DP centre is computed from (its
 * sensitivity is R₀: every stored point lies in the clip ball). Each coordinate is summed row by row in the rows'
 * order, as a sum point by point would be. Mergeable for treeAggregate; its exact values stay on the driver.
 */
final class OffsetSums implements Serializable {
  private static final long serialVersionUID = 1L;

  final double[] sum;
  long count;

  OffsetSums(int dimension) {
    this.sum = new double[dimension];
  }

  OffsetSums add(ClippedBlock block, double[] origin) {
    int rows = block.rows();
    for (int i = 0; i < rows; i++) {
      for (int t = 0; t < sum.length; t++) {
        sum[t] += block.coordinate(i, t, origin) - origin[t];
      }
    }
    count += rows;
    return this;
  }

  OffsetSums merge(OffsetSums other) {
    count += other.count;
    for (int t = 0; t < sum.length; t++) {
      sum[t] += other.sum[t];
    }
    return this;
  }
}
