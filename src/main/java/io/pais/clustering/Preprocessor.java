package io.pais.clustering;

import io.pais.io.InputException;
import io.pais.math.Checks;
import io.pais.math.Norms;
import io.pais.privacy.Geometry;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * Brings the input into a ball of radius r (SPEC §8). Paper mode takes five passes over the cached input:
 * (1) mean and largest norm; (2) a fine histogram of centred ℓ2 norms; (3) the norms in the one or two bins that
 * hold the order statistics around the 97.5 % rank, for the exact percentile with linear interpolation (numpy's
 * default); (4) the mean of the kept points; (5) r, x̃ and n of the re-centred points.
 */
public final class Preprocessor {
  static final double PERCENTILE = 0.975;
  private static final int HISTOGRAM_BINS = 1 << 13;

  private Preprocessor() {}

  /** The paper's protocol. r and x̃ are measured in {@code geometry}; the percentile uses ℓ2 as in the paper. */
  public static PreparedData paper(JavaRDD<double[]> input, int dimension, Geometry geometry, String source) {
    input.persist(StorageLevel.MEMORY_AND_DISK());
    VectorStats first = stats(input, dimension, Geometry.L2);
    if (first.count == 0) {
      throw new InputException("no rows in input " + source);
    }
    double[] mu = first.mean();
    double upper = first.maxNorm + Geometry.L2.norm(mu);
    requireRepresentable(upper, source);
    double binWidth = upper > 0 ? upper / HISTOGRAM_BINS : 1;
    long[] histogram = input.treeAggregate(new long[HISTOGRAM_BINS], (h, x) -> {
      h[bin(distance(x, mu), binWidth)]++;
      return h;
    }, (a, b) -> {
      for (int i = 0; i < a.length; i++) {
        a[i] += b[i];
      }
      return a;
    });
    long n = first.count;
    double h = PERCENTILE * (n - 1);
    long lo = (long) Math.floor(h);
    long hi = Math.min(lo + 1, n - 1);
    int binLo = binOfRank(histogram, lo);
    int binHi = binOfRank(histogram, hi);
    long below = 0;
    for (int i = 0; i < binLo; i++) {
      below += histogram[i];
    }
    List<Double> inBins = input.map(x -> distance(x, mu))
        .filter(z -> {
          int b = bin(z, binWidth);
          return b >= binLo && b <= binHi;
        }).collect();
    double[] sorted = inBins.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double vLo = sorted[(int) (lo - below)];
    double vHi = sorted[(int) (hi - below)];
    double percentile = vLo + (h - lo) * (vHi - vLo);

    JavaRDD<double[]> kept = input.filter(x -> distance(x, mu) < percentile);
    VectorStats keptStats = stats(kept, dimension, Geometry.L2);
    if (keptStats.count == 0) {
      throw new InputException("paper preprocessing keeps no row of " + source + ": every centred norm is at or "
          + "above the 97.5th percentile (all equal, as when a few extreme values dominate the mean); use "
          + "--preprocess public with a --norm-bound");
    }
    double[] mu2 = keptStats.mean();
    JavaRDD<double[]> centred = kept.map(x -> subtract(x, mu2)).persist(StorageLevel.MEMORY_AND_DISK());
    VectorStats last = stats(centred, dimension, geometry);
    input.unpersist(false);
    double xTilde = geometry == Geometry.L2 ? last.sumSquaredL2 / last.count : last.sumL1 / last.count;
    requireRepresentable(xTilde, source);
    return new PreparedData(centred, dimension, last.count, last.maxNorm, xTilde, mu2, percentile);
  }

  /** Public bounds: subtract {@code centre} (null = none) and project points with ‖x‖ &gt; r onto the ball. */
  public static PreparedData publicBounds(JavaRDD<double[]> input, int dimension, Geometry geometry, double radius,
      double[] centre, String source) {
    Checks.positive("normBound (r)", radius);
    if (centre != null) {
      Checks.require(centre.length == dimension, "center must have " + dimension + " coordinates, got "
          + centre.length);
      for (double c : centre) {
        Checks.finite("center coordinate", c);
      }
    }
    double[] c = centre == null ? new double[dimension] : centre.clone();
    JavaRDD<double[]> projected = input.map(x -> {
      double[] y = subtract(x, c);
      double norm = geometry.norm(y);
      if (norm > radius) {
        for (int i = 0; i < y.length; i++) {
          y[i] *= radius / norm;
        }
      }
      return y;
    }).persist(StorageLevel.MEMORY_AND_DISK());
    VectorStats s = stats(projected, dimension, geometry);
    if (s.count == 0) {
      throw new InputException("no rows in input " + source);
    }
    double xTilde = geometry == Geometry.L2 ? s.sumSquaredL2 / s.count : s.sumL1 / s.count;
    return new PreparedData(projected, dimension, s.count, radius, xTilde, c, Double.NaN);
  }

  /**
   * Norms and sums past the double range (coordinates near 1e154 and above) cannot be calibrated: say so
   * instead of computing with infinities.
   */
  private static void requireRepresentable(double statistic, String source) {
    if (!Double.isFinite(statistic)) {
      throw new InputException("the values of " + source + " are too large for double precision (their sums or "
          + "squared norms overflow); rescale the data");
    }
  }

  private static VectorStats stats(JavaRDD<double[]> points, int dimension, Geometry geometry) {
    return points.treeAggregate(new VectorStats(dimension, geometry), VectorStats::add, VectorStats::merge);
  }

  private static int bin(double z, double width) {
    return (int) Math.min(HISTOGRAM_BINS - 1, Math.floor(z / width));
  }

  private static int binOfRank(long[] histogram, long rank) {
    long seen = 0;
    for (int i = 0; i < histogram.length; i++) {
      seen += histogram[i];
      if (seen > rank) {
        return i;
      }
    }
    return histogram.length - 1;
  }

  static double distance(double[] x, double[] mu) {
    return Norms.l2Distance(x, mu);
  }

  static double[] subtract(double[] x, double[] mu) {
    double[] y = Arrays.copyOf(x, x.length);
    for (int i = 0; i < y.length; i++) {
      y[i] -= mu[i];
    }
    return y;
  }
}
