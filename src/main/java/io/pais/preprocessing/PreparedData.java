package io.pais.preprocessing;

import io.pais.sampling.spark.SparkBlocks;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlocks;
import io.pais.sampling.KeyedPoint;
import io.pais.lloyd.KMeansCost;
import io.pais.lloyd.SampleBlock;
import io.pais.math.Norms;
import io.pais.privacy.Geometry;
import io.pais.sampling.BinnedNorms;
import io.pais.sampling.NormHistogram;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;

/**
 * Preprocessed points with ‖x‖ ≤ r in the run's geometry, and the statistics taken along the way.
 *
 * @param points the points with their sampling keys (persisted)
 * @param dimension d
 * @param count n after preprocessing
 * @param radius r
 * @param meanNormStatistic x̃: mean squared ℓ2 norm (ℓ2) or mean ℓ1 norm (ℓ1)
 * @param offset the centre subtracted from every point (the second centring's mean in paper mode)
 * @param percentile the 97.5th percentile of centred ℓ2 norms (paper mode), NaN otherwise
 * @param cache the cached blocks behind {@code points} (the run's one cached copy, which full-data DP-Lloyd reads
 *     directly), or null when {@code points} is itself persisted
 */
public record PreparedData(JavaRDD<KeyedPoint> points, int dimension, long count, double radius,
    double meanNormStatistic, double[] offset, double percentile, PointCache<?> cache) {

  /** Prepared points that are themselves persisted. */
  public PreparedData(JavaRDD<KeyedPoint> points, int dimension, long count, double radius, double meanNormStatistic,
      double[] offset, double percentile) {
    this(points, dimension, count, radius, meanNormStatistic, offset, percentile, null);
  }

  /** Drops the cached copy behind the points (a later pass recomputes them from the input). */
  public void release() {
    if (cache != null) {
      cache.release();
    } else {
      points.unpersist(false);
    }
  }

  /**
   * Every point with weight 1, as full-data DP-Lloyd reads it: from the cached blocks in at most
   * {@code maxPartitions} tasks (no copy), or, without a cache, blocks made from {@code points} at each pass.
   */
  public SampleBlocks allPoints(int maxPartitions) {
    return cache != null ? cache.allPoints(maxPartitions)
        : SparkBlocks.of(PoissonSampler.sample(points, dimension, null, null, null));
  }

  /**
   * Every point with weight 1 centred but not projected onto r, each where the clip to R₀ put it, with the radius of
   * the ball that holds them, R₁ = R₀ + ‖ĉ − c₀‖: for full-data DP-Lloyd summing offsets clipped to ρ, whose noise is
   * calibrated to ρ whatever a point's norm, so that the projection's distortion of a heavy tail is not part of the
   * release. Strict releases that project read from their cache; empty otherwise (points beyond r dropped, paper and
   * public preprocessing).
   */
  public Optional<PointsWithinClip> withinClip(int maxPartitions) {
    return cache != null ? cache.withinClip(maxPartitions) : Optional.empty();
  }

  /**
   * Every point as the clip alone bounds it ({@link #withinClip}).
   *
   * @param points every point with weight 1
   * @param radius R₁: no point's norm exceeds it
   */
  public record PointsWithinClip(SampleBlocks points, double radius) {}

  /**
   * The points whose keys {@code keep} keeps: from the cache, whose rows are tested by key before they are made into
   * points, when there is one.
   */
  public JavaRDD<KeyedPoint> points(KeyFilter keep) {
    return cache != null ? cache.points(keep) : points.filter(p -> keep.keeps(p.key()));
  }

  /**
   * Every point, for a pass that consumes each at once (the Poisson sampler): read from the cache with one array a
   * task when there is one — a point's array is valid only until the next point is read.
   */
  public JavaRDD<KeyedPoint> transientPoints() {
    return cache != null ? cache.transientPoints() : points;
  }

  /** Partitions of the points. */
  public int partitions() {
    return cache != null ? cache.partitions() : points.getNumPartitions();
  }

  /**
   * The exact norms of the points summarised in {@code bins} bins on [0, r], in one pass: read without privacy
   * (paper mode's opt B search and --iterations auto).
   */
  public BinnedNorms exactNorms(Geometry geometry, int bins) {
    return points.treeAggregate(new NormHistogram(radius, bins), (h, p) -> h.add(geometry.norm(p.x())),
        NormHistogram::merge).binned();
  }

  /** The k-means cost (1/n) Σ min_j ‖x − c_j‖² of {@code centres} (k × d row-major): an evaluation, NOT private. */
  public double cost(double[] centres, int k) {
    // every point with weight 1, in blocks built as the pass reads them (not cached)
    JavaRDD<SampleBlock> blocks = PoissonSampler.sample(points, dimension, null, null, null);
    return blocks.map(block -> KMeansCost.totalCost(List.of(block), centres, k)).fold(0.0, Double::sum) / count;
  }

  /** ℓ2 norm of the subtracted centre. */
  public double centreNorm() {
    return Norms.l2(offset);
  }
}
