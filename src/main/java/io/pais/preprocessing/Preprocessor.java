package io.pais.preprocessing;

import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.math.Checks;
import io.pais.math.Norms;
import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import java.util.Arrays;
import org.apache.spark.api.java.JavaDoubleRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * Brings the input into a ball of radius r (SPEC §8). Paper mode takes these passes over the cached input:
 * (1) mean and largest norm; (2) the exact 97.5 % percentile of centred ℓ2 norms with linear interpolation
 * (numpy's default) from the two order statistics around its rank, each found by {@link OrderStatistic} with
 * driver memory independent of n (a few histogram passes each); (3) the mean of the kept points; (4) r, x̃ and n
 * of the re-centred points. Sampling keys ride along unchanged.
 */
public final class Preprocessor {
  static final double PERCENTILE = 0.975;

  private Preprocessor() {}

  /** The paper's protocol. r and x̃ are measured in {@code geometry}; the percentile uses ℓ2 as in the paper. */
  public static PreparedData paper(JavaRDD<KeyedPoint> raw, int dimension, Geometry geometry, String source) {
    JavaRDD<PointBlock> inputCache = cached(raw, dimension);
    JavaRDD<KeyedPoint> input = PointBlock.points(inputCache);
    VectorStats first = stats(input, dimension, Geometry.L2);
    if (first.count == 0) {
      throw new InputException("no rows in input " + source);
    }
    double[] mu = first.mean();
    double upper = first.maxNorm + Geometry.L2.norm(mu);
    requireRepresentable(upper, source);
    long n = first.count;
    double h = PERCENTILE * (n - 1);
    long lo = (long) Math.floor(h);
    long hi = Math.min(lo + 1, n - 1);
    JavaDoubleRDD distances = input.mapToDouble(p -> distance(p.x(), mu));
    double vLo = OrderStatistic.select(distances, lo);
    double vHi = hi == lo ? vLo : OrderStatistic.select(distances, hi);
    double percentile = vLo + (h - lo) * (vHi - vLo);

    JavaRDD<KeyedPoint> kept = input.filter(p -> distance(p.x(), mu) < percentile);
    VectorStats keptStats = stats(kept, dimension, Geometry.L2);
    if (keptStats.count == 0) {
      throw new InputException("paper preprocessing keeps no row of " + source + ": every centred norm is at or "
          + "above the 97.5th percentile (all equal, as when a few extreme values dominate the mean); use "
          + "--preprocess public with a --norm-bound");
    }
    double[] mu2 = keptStats.mean();
    JavaRDD<PointBlock> centredCache = cached(kept.map(p -> new KeyedPoint(p.key(), subtract(p.x(), mu2))),
        dimension);
    JavaRDD<KeyedPoint> centred = PointBlock.points(centredCache);
    VectorStats last = stats(centred, dimension, geometry);
    inputCache.unpersist(false);
    double xTilde = geometry == Geometry.L2 ? last.sumSquaredL2 / last.count : last.sumL1 / last.count;
    requireRepresentable(xTilde, source);
    return new PreparedData(centred, dimension, last.count, last.maxNorm, xTilde, mu2, percentile,
        PointCache.ofPrepared(centredCache));
  }

  /** Public bounds: subtract {@code centre} (null = none) and project points with ‖x‖ &gt; r onto the ball. */
  public static PreparedData publicBounds(JavaRDD<KeyedPoint> input, int dimension, Geometry geometry, double radius,
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
    JavaRDD<PointBlock> cache = cached(input.map(p -> new KeyedPoint(p.key(),
        projectOntoBall(subtract(p.x(), c), radius, geometry))), dimension);
    JavaRDD<KeyedPoint> projected = PointBlock.points(cache);
    VectorStats s = stats(projected, dimension, geometry);
    if (s.count == 0) {
      throw new InputException("no rows in input " + source);
    }
    double xTilde = geometry == Geometry.L2 ? s.sumSquaredL2 / s.count : s.sumL1 / s.count;
    return new PreparedData(projected, dimension, s.count, radius, xTilde, c, Double.NaN,
        PointCache.ofPrepared(cache));
  }

  /** {@code points} cached in blocks (see {@link PointBlock}): read back through {@link PointBlock#points}. */
  private static JavaRDD<PointBlock> cached(JavaRDD<KeyedPoint> points, int dimension) {
    return points.mapPartitions(rows -> PointBlock.pack(rows, dimension), true)
        .persist(StorageLevel.MEMORY_AND_DISK());
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

  private static VectorStats stats(JavaRDD<KeyedPoint> points, int dimension, Geometry geometry) {
    return points.treeAggregate(new VectorStats(dimension, geometry), (s, p) -> s.add(p.x()), VectorStats::merge);
  }

  static double distance(double[] x, double[] mu) {
    return Norms.l2Distance(x, mu);
  }

  /**
   * Scales y in place onto the ball of radius r when it lies outside (the nearest point of the ball); returns y.
   * The test and the scaling use {@link Rounding#projectionRadius}, a hair inside r, so that the exact norm of the
   * result — what the sums add and the accounting bounds by r — is at most r despite the norm's rounding.
   */
  static double[] projectOntoBall(double[] y, double r, Geometry geometry) {
    return projectInside(y, Rounding.projectionRadius(r, y.length), geometry);
  }

  /** Scales y in place onto the ball of radius {@code inner} when its computed norm exceeds it; returns y. */
  static double[] projectInside(double[] y, double inner, Geometry geometry) {
    double norm = geometry.norm(y);
    if (norm > inner) {
      for (int i = 0; i < y.length; i++) {
        y[i] *= inner / norm;
      }
    }
    return y;
  }

  static double[] subtract(double[] x, double[] mu) {
    double[] y = Arrays.copyOf(x, x.length);
    for (int i = 0; i < y.length; i++) {
      y[i] -= mu[i];
    }
    return y;
  }
}
