package io.pais.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Benchmark data: points around {@code blobs} means uniform in [−5, 5]^d, with unit Gaussian noise. */
final class GaussianBlobs {
  private GaussianBlobs() {}

  /** n points: the means drawn first, then each point's blob and coordinates, all from {@code random}. */
  static List<double[]> points(int n, int d, int blobs, SplittableRandom random) {
    return around(means(blobs, d, random), n, random);
  }

  /** {@code blobs} means uniform in [−5, 5]^d. */
  static double[][] means(int blobs, int d, SplittableRandom random) {
    double[][] means = new double[blobs][d];
    for (double[] m : means) {
      for (int t = 0; t < d; t++) {
        m[t] = random.nextDouble(-5, 5);
      }
    }
    return means;
  }

  /** n points, each around a mean chosen uniformly, with unit Gaussian noise. */
  static List<double[]> around(double[][] means, int n, SplittableRandom random) {
    int d = means[0].length;
    List<double[]> points = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      double[] m = means[random.nextInt(means.length)];
      double[] x = new double[d];
      for (int t = 0; t < d; t++) {
        x[t] = m[t] + random.nextGaussian();
      }
      points.add(x);
    }
    return points;
  }
}
