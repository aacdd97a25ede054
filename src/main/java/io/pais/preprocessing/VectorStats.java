package io.pais.preprocessing;

import io.pais.privacy.Geometry;
import java.io.Serializable;

/**
 * One pass of summary statistics over points: count, coordinate sums, largest norm, and the sums of squared ℓ2
 * and of ℓ1 norms. Mergeable for treeAggregate. Its exact values stay on the driver.
 */
final class VectorStats implements Serializable {
  private static final long serialVersionUID = 1L;

  long count;
  final double[] sum;
  double maxNorm;
  double sumSquaredL2;
  double sumL1;
  private final Geometry maxNormGeometry;

  VectorStats(int dimension, Geometry maxNormGeometry) {
    this.sum = new double[dimension];
    this.maxNormGeometry = maxNormGeometry;
  }

  VectorStats add(double[] x) {
    count++;
    double sq = 0;
    double l1 = 0;
    for (int i = 0; i < x.length; i++) {
      sum[i] += x[i];
      sq += x[i] * x[i];
      l1 += Math.abs(x[i]);
    }
    sumSquaredL2 += sq;
    sumL1 += l1;
    maxNorm = Math.max(maxNorm, maxNormGeometry.norm(x));
    return this;
  }

  VectorStats merge(VectorStats other) {
    count += other.count;
    for (int i = 0; i < sum.length; i++) {
      sum[i] += other.sum[i];
    }
    maxNorm = Math.max(maxNorm, other.maxNorm);
    sumSquaredL2 += other.sumSquaredL2;
    sumL1 += other.sumL1;
    return this;
  }

  double[] mean() {
    double[] m = new double[sum.length];
    for (int i = 0; i < m.length; i++) {
      m[i] = sum[i] / count;
    }
    return m;
  }
}
