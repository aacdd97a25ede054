package io.pais.experiments;

import io.pais.math.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * A Gaussian mixture of the generalisation benchmark: k spherical clusters in d dimensions whose centres are uniform
 * in [−1, 1]^d, drawn apart or together, then every coordinate stretched by its own scale. The shapes it spans are
 * those a benchmark of eight real sets never showed (issue 49): many clusters, small clusters, unequal sizes,
 * features of unequal scale, overlapping to well separated, little budget per centre.
 *
 * @param name the cell's name
 * @param n the number of points
 * @param d the dimension
 * @param k the number of clusters (the ground-truth k)
 * @param sizeRatio the largest cluster's size over the smallest's, ≥ 1: sizes fall geometrically from the first
 *     cluster to the last
 * @param scaleSpan the largest coordinate scale over the smallest, ≥ 1: scales rise geometrically from the first
 *     coordinate to the last, so the last few coordinates hold most of the variance
 * @param separation how far apart the clusters are: a cluster's typical radius (σ√d) is half the median distance
 *     from a centre to its nearest other centre divided by this; below 1 they overlap, from about 2 on they are well
 *     separated
 * @param seed the generator's seed
 */
record Mixture(String name, int n, int d, int k, double sizeRatio, double scaleSpan, double separation, long seed) {

  Mixture {
    Checks.require(k >= 1 && d >= 1 && n >= k, "a mixture needs n >= k >= 1 and d >= 1, got n = " + n + ", k = " + k
        + ", d = " + d);
    Checks.require(sizeRatio >= 1 && Double.isFinite(sizeRatio), "sizeRatio must be finite and >= 1, got "
        + sizeRatio);
    Checks.require(scaleSpan >= 1 && Double.isFinite(scaleSpan), "scaleSpan must be finite and >= 1, got "
        + scaleSpan);
    Checks.positive("separation", separation);
  }

  /** How many points each cluster holds: geometric from the largest to the smallest, summing to n, each >= 1. */
  int[] sizes() {
    double[] weights = new double[k];
    double total = 0;
    for (int j = 0; j < k; j++) {
      weights[j] = Math.pow(sizeRatio, -(k == 1 ? 0 : (double) j / (k - 1)));
      total += weights[j];
    }
    int[] sizes = new int[k];
    int given = 0;
    for (int j = 0; j < k; j++) {
      sizes[j] = Math.max(1, (int) Math.floor(n * weights[j] / total));
      given += sizes[j];
    }
    for (int j = 0; given < n; j = (j + 1) % k) { // the rounding's remainder, one point each from the largest
      sizes[j]++;
      given++;
    }
    for (int j = k - 1; given > n; j = j == 0 ? k - 1 : j - 1) { // the minimum of one point may overshoot
      if (sizes[j] > 1) {
        sizes[j]--;
        given--;
      }
    }
    return sizes;
  }

  /** Each coordinate's scale: geometric from 1 to {@link #scaleSpan}. */
  double[] scales() {
    double[] scales = new double[d];
    for (int t = 0; t < d; t++) {
      scales[t] = Math.pow(scaleSpan, d == 1 ? 0 : (double) t / (d - 1));
    }
    return scales;
  }

  /** The points, in a random order, with their cluster as label. */
  LabelledPoints generate() {
    UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
    double[][] centres = new double[k][d];
    for (double[] c : centres) {
      for (int t = 0; t < d; t++) {
        c[t] = 2 * rng.nextDouble() - 1;
      }
    }
    double sigma = k == 1 ? 0.25 / Math.sqrt(d) : medianNearestDistance(centres) / (2 * separation * Math.sqrt(d));
    double[] scales = scales();
    int[] sizes = sizes();
    List<double[]> points = new ArrayList<>(n);
    int[] labels = new int[n];
    int i = 0;
    for (int j = 0; j < k; j++) {
      for (int m = 0; m < sizes[j]; m++, i++) {
        double[] x = new double[d];
        for (int t = 0; t < d; t++) {
          x[t] = (centres[j][t] + sigma * gaussian.sample()) * scales[t];
        }
        points.add(x);
        labels[i] = j;
      }
    }
    for (int a = n - 1; a > 0; a--) { // Fisher-Yates: no partition holds one cluster
      int b = rng.nextInt(a + 1);
      double[] x = points.get(a);
      points.set(a, points.get(b));
      points.set(b, x);
      int y = labels[a];
      labels[a] = labels[b];
      labels[b] = y;
    }
    return new LabelledPoints(points, labels);
  }

  private static double medianNearestDistance(double[][] centres) {
    double[] nearest = new double[centres.length];
    for (int a = 0; a < centres.length; a++) {
      double best = Double.POSITIVE_INFINITY;
      for (int b = 0; b < centres.length; b++) {
        if (a != b) {
          double s = 0;
          for (int t = 0; t < centres[a].length; t++) {
            double diff = centres[a][t] - centres[b][t];
            s += diff * diff;
          }
          best = Math.min(best, s);
        }
      }
      nearest[a] = Math.sqrt(best);
    }
    Arrays.sort(nearest);
    return nearest[nearest.length / 2];
  }
}
