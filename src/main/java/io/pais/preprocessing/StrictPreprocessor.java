package io.pais.preprocessing;

import io.pais.planning.ReleaseStages;
import io.pais.planning.TailNoise;
import io.pais.settings.PublicConstants;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.StrictRelease;
import io.pais.settings.KMeansSettings;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyLedger;
import io.pais.estimation.NoisyCount;
import io.pais.estimation.PrivateCentre;
import io.pais.settings.PublicDomain;
import io.pais.estimation.PrivateNormHistogram;
import io.pais.estimation.PrivateTailAxes;
import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import io.pais.sampling.CoinSource;
import io.pais.sampling.NormSummary;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * The preprocessing of a strict release (SPEC §13): every raw point clipped to the public ball B(c₀, R₀); a DP
 * centre unless one is public; a DP norm histogram when r, n or x̃ must be estimated or opt must search B; r̂ a
 * quantile of it; points beyond r projected onto the ball (or dropped). The data is read only through the two
 * DP mechanisms, which spend from the ledger; what comes out (ĉ, r, n̂, x̃̂, the noisy norm summary) is public.
 */
public final class StrictPreprocessor {
  /** Bins of the DP norm histogram on [0, R₁]: fine enough for r̂, few enough that its noise stays small. */
  static final int HISTOGRAM_BINS = 128;

  /**
   * The prepared points and the DP estimates.
   *
   * @param data the points DP-Lloyd sees, a lazy map over the cached clipped points (its {@code cache}, the one
   *     cached copy: a sampled run reads the map once, to build its sample, and then releases the cache; full
   *     data reads the cache through the same centring and projection at every iteration); its
   *     count is n̂ (0 when not estimated), its radius r, its x̃ x̃̂ (NaN when not estimated), its offset ĉ
   * @param norms the noisy norm summary of the points DP-Lloyd sees, or null when no histogram was needed
   * @param estimatedCentre ĉ when it was estimated, else null
   * @param radiusEstimated whether r is the DP quantile r̂ (else the public norm bound)
   * @param coresetSubsample the subsample the histogram's scan drew for the private coreset (see
   *     {@link CoresetRequest}), or null when none was drawn
   * @param tailAxes the exact counts per signed dominant axis the scan took for the private coreset's tail axes (never
   *     published), or null when it took none
   * @param allocation the release's split of ε at n̂ (an auto init share chosen; the centre's and the histogram's ε
   *     are the ones they spent)
   */
  public record Result(PreparedData data, NormSummary norms, double[] estimatedCentre,
      boolean radiusEstimated, CachedSubsample coresetSubsample, PrivateTailAxes.AxisCounts tailAxes,
      BudgetAllocation allocation) {}

  /**
   * What the norm histogram's scan takes for the private coreset rather than in passes of its own: its subsample, the
   * records {@code coins} keep at rate min(1, size / the DP centre's noisy count), drawn only when the centre and the
   * histogram are estimated and the rate is below 1; and, when {@code tailAxes}, the exact counts of its tail axes.
   *
   * @param coins the coreset's own coins
   * @param size the coreset sample size
   * @param tailAxes whether to count every point per signed dominant axis in the histogram's bins
   */
  public record CoresetRequest(CoinSource coins, int size, boolean tailAxes) {}

  private StrictPreprocessor() {}

  /**
   * @param allocation the split of ε before any data is read, for the DP centre and histogram
   * @param coreset what the histogram's scan should also take for the private coreset, or null
   */
  public static Result run(JavaRDD<KeyedPoint> input, int dimension, KMeansSettings settings, BudgetAllocation allocation,
      PrivacyLedger ledger, UniformRandomProvider rng, String source, CoresetRequest coreset) {
    StrictRelease strict = settings.strictRelease();
    PublicConstants constants = settings.privacy().constants();
    Geometry geometry = settings.geometry();
    double r0 = strict.clipRadius(dimension, geometry);
    double[] origin = strict.origin(dimension);
    CoordinateBounds bounds = strict.bounds();
    // with bounds, the clamped box lies in the ball: the clip only guards against rounding
    double inner = clipRadius(r0, origin, geometry);
    JavaRDD<KeyedPoint> clamped = bounds == null ? input : input.map(p -> new KeyedPoint(p.key(),
        bounds.clamp(p.x())));
    JavaRDD<ClippedBlock> cache = clamped.mapPartitions(rows -> ClippedBlock.pack(rows, dimension, origin, inner,
        geometry), true).persist(StorageLevel.MEMORY_AND_DISK());

    double[] centre;
    double[] estimatedCentre = null;
    NoisyCount centreCount = null;
    double rate = 1;
    if (constants.hasCentre()) {
      centre = constants.centre();
      if (centre.length != dimension) {
        throw new IllegalArgumentException("center must have " + dimension + " coordinates, got " + centre.length);
      }
    } else {
      OffsetSums sums = offsetSums(cache, origin);
      requireRows(sums.count, source);
      PrivateCentre.Estimate estimate = PrivateCentre.release(sums.sum, sums.count, origin, r0, geometry,
          allocation.centre(), ledger, rng);
      // drawn towards the public region's middle as far as its noise warrants (post-processing, no ε): with little
      // data in many dimensions the noise alone can carry ĉ beyond the region, and every later stage centres on it
      centre = settings.guards().enabled() ? PublicDomain.of(settings, dimension).shrink(
          estimate.centre(), estimate.coordinateVariance()) : estimate.centre();
      estimatedCentre = centre.clone();
      centreCount = estimate.count();
      rate = coreset == null ? 1 : Math.min(1, coreset.size() / centreCount.value());
    }
    double r1 = r0 + geometry.norm(Preprocessor.subtract(centre, origin));

    PrivateNormHistogram histogram = null;
    JavaRDD<HistogramScan> drawn = null;
    PrivateTailAxes.AxisCounts tailAxes = null;
    if (ReleaseStages.needsNormHistogram(settings)) {
      double gamma = rate;
      CoinSource coins = coreset == null ? null : coreset.coins();
      // the centring alone (no projection: r is what the histogram finds)
      CentringView centring = new CentringView(origin, centre, Double.POSITIVE_INFINITY, geometry, false);
      JavaRDD<HistogramScan> scans = HistogramScan.of(cache, centring, r1, HISTOGRAM_BINS,
          coreset != null && coreset.tailAxes(), gamma < 1 ? key -> Rounding.keeps(coins.uniform(key), gamma)
              : KeyFilter.NONE);
      if (gamma < 1) {
        // on disk: in memory it would evict the clipped cache's blocks, which MEMORY_AND_DISK then writes to disk
        // (at 20M x 20 that took 3 s of the scan's 4.5); the coreset's few passes read it back from the page cache
        drawn = scans.persist(CachedSubsample.STORAGE);
      }
      HistogramScan scanned = HistogramScan.total(scans);
      long[] counts = scanned.counts();
      tailAxes = scanned.axes();
      long total = 0;
      for (long count : counts) {
        total += count;
      }
      requireRows(total, source);
      histogram = PrivateNormHistogram.release(counts, r1, allocation.histogram(), ledger, rng);
    }
    double n = histogram == null ? 0 : pointCount(histogram, centreCount);
    // the rest of the release's split, at n̂: the centre's and the histogram's ε do not depend on it
    BudgetAllocation atScale = histogram == null ? allocation : ReleaseStages.allocation(settings, n, dimension);
    boolean drop = strict.dropOutliers();
    boolean radiusEstimated = !constants.hasNormBound();
    double r = radiusEstimated ? histogram.radius(strict.normQuantile(), n) : constants.normBound();
    if (radiusEstimated && strict.tailRadius()) {
      double tail = histogram.tailAwareRadius(r, n, TailNoise.relativeError(settings, atScale.lloyd(), dimension,
          n, r));
      // a larger r must not leave opt without a plan: its B search, run on the histogram at r, can find none
      if (tail > r && TailNoise.optPlanExists(settings, atScale.lloyd(), dimension, n, tail,
          histogram.projectedOnto(tail, drop, n))) {
        r = tail;
      }
    }
    // centred and projected in one map (one array a point), not cached: the clipped copy stays the one cached copy
    // (until a sample is built; for full data, throughout DP-Lloyd, which applies the same step block by block)
    CentringView view = new CentringView(origin, centre, r, geometry, drop);
    JavaRDD<KeyedPoint> prepared = view.prepared(cache, KeyFilter.ALL);

    NormSummary norms = histogram == null ? null : histogram.projectedOnto(r, drop, n);
    long nHat = norms == null ? 0 : norms.count();
    double xTilde = norms == null ? Double.NaN : PrivateNormHistogram.meanNormStatistic(norms, geometry);
    // every point as the clip put it, in the ball of radius R₁ (the histogram's range): DP-Lloyd's reading when it sums
    // clipped offsets over every point (PreparedData#withinClip)
    CentringView withinClip = drop ? null : new CentringView(origin, centre, r1, geometry, false);
    PreparedData data = new PreparedData(prepared, dimension, nHat, r, xTilde, centre, Double.NaN,
        PointCache.ofClipped(cache, view, withinClip));
    CachedSubsample coresetSubsample = drawn == null ? null : CachedSubsample.ofScan(drawn, view, rate, rate * nHat);
    return new Result(data, norms, estimatedCentre, radiusEstimated, coresetSubsample, tailAxes, atScale);
  }

  /**
   * n̂ of every point: the histogram's sum of noisy counts combined by inverse variance with the DP centre's noisy
   * count when there is one (both count every clipped point; post-processing, no further ε). The centre's count is
   * the more precise by far — one noise of variance 8/ε_c² against 2/ε_h² in each of the 130 bins — so n̂ and what
   * follows from it (T, m as a fraction, the opt plan, the coreset's subsample size) no longer carry the histogram's
   * noise.
   */
  private static double pointCount(PrivateNormHistogram histogram, NoisyCount centreCount) {
    NoisyCount total = histogram.total();
    return (centreCount == null ? total : total.combinedWith(centreCount)).value();
  }

  /** Σ (x − c₀) and the count over the cached clipped blocks (see {@link OffsetSums}). */
  static OffsetSums offsetSums(JavaRDD<ClippedBlock> cache, double[] origin) {
    return cache.treeAggregate(new OffsetSums(origin.length), (s, block) -> s.add(block, origin), OffsetSums::merge);
  }

  /**
   * The radius raw points are clipped to so that what the DP centre sums, fl(x′ − c₀), has an exact norm of at most
   * R₀: {@link Rounding#projectionRadius} for the norm's rounding, less 2⁻⁵¹·‖c₀‖ for the rounding of adding c₀ back
   * to a projected point and subtracting it again (each coordinate off by at most u·(2|y| + |c₀|)).
   */
  static double clipRadius(double r0, double[] origin, Geometry geometry) {
    double inner = Rounding.projectionRadius(r0, origin.length) - 0x1.0p-51 * geometry.norm(origin);
    if (!(inner > 0)) {
      throw new IllegalArgumentException("clip radius " + r0 + " is too small for double precision around an origin "
          + "of norm " + geometry.norm(origin) + ": the clipped points cannot be told apart from rounding; rescale the "
          + "data or widen the radius or bounds");
    }
    return inner;
  }

  private static void requireRows(long count, String source) {
    if (count == 0) {
      throw new InputException("no rows in input " + source);
    }
  }
}
