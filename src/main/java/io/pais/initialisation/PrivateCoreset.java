package io.pais.initialisation;

import io.pais.preprocessing.CachedSubsample;
import io.pais.preprocessing.PreparedData;
import io.pais.lloyd.CentreClips;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.WeightedKMeans;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.SubsampleAmplification;
import io.pais.estimation.CellBox;
import io.pais.estimation.CellSchedule;
import io.pais.estimation.PrivateCellTree;
import io.pais.estimation.PrivateCoresetPoints;
import io.pais.estimation.PrivateGrid;
import io.pais.estimation.PrivateSpreads;
import io.pais.estimation.PrivateTailAxes;
import io.pais.sampling.KeyedPoint;
import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.sampling.CoinSource;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.api.java.JavaRDD;

/**
 * The data-aware private initialiser ({@code --init private-coreset}): a private coreset, then weighted k-means++ on
 * the driver. Its share ε_i of the budget is spent in three recorded mechanisms (two in few dimensions):
 * <ol>
 *   <li>per-coordinate spreads σ̂ ({@link PrivateSpreads}, 10 % of ε_i): the public box Π [−3σ̂_j, 3σ̂_j] (each side
 *       at most r) that the cells split, widest side first ({@link CellSchedule});
 *   <li>a noisy cell tree ({@link PrivateCellTree}) of L levels (6 splits a coordinate, at most 20 levels), at
 *       45 % (20 levels, d ≥ 7) or L/(L + d) of the other 90 % (a shallower tree): cells are split while their noisy
 *       count is at least τ;
 *   <li>noisy sums of the resulting regions ({@link PrivateCoresetPoints}), at the rest: the coreset points, weighted
 *       by their noisy counts.
 * </ol> In d ≤ {@link BudgetAllocation.CoresetShares#GRID_MAX_DIMENSION}, and in d ≤
 * {@link BudgetAllocation.CoresetShares#SPARSE_GRID_MAX_DIMENSION} where n̂·ε/(k·d) is little
 * ({@link BudgetAllocation.CoresetShares#grid}), the second and third give way to a noisy grid
 * ({@link PrivateGrid}, the 90 %): one level of the same cells, each count with noise of scale Δ/ε (not Δ·L/ε), and the
 * kept cells' public middles, weighted by their noisy counts, as the coreset points; one pass for the cells. Each of
 * the tree's coreset points is then clamped into its region's cell ({@link CellBox}; the sides on the box's boundary
 * are open) and projected onto the ball again: the region's mean lies in both, so in ℓ2 neither step moves the point
 * away from it (post-processing; in ℓ1 the ball step is the same radial scaling as before the clamp). A noisy mean of a
 * region near τ can land far outside its cell, where k-means++ likes to put a centre (with ε = 3 on kddcup99 with
 * public bounds, three of one seed's ten initial centres held almost no points); clamped, it stays in the cell that
 * holds its points.
 *
 * <p>τ = 3·max(count noise scale Δ·L/ε_tree, Δ·d/ε_sums) (a shallow tree's shares make the two equal,
 * {@link BudgetAllocation.CoresetShares}) keeps a kept region's count three noise scales clear of zero and its noisy
 * mean within about r/3 of the true one (the sum noise has mean length about d·r/ε_sums, Δ = 1 or 2 by relation).
 * Weighted k-means++ and Lloyd on the coreset (best of 50 starts: with 10, ijcnn1 at ε = 10 ended in a local optimum
 * 1.3× the floor in 3 of 3 seeds, with 50 in none) are post-processing. Passes over the prepared points
 * ({@link CoresetPasses}: on the driver's copy when they fit): one for the spreads, one per group of tree levels (as
 * many levels a group as keep the driver's cell counts under 2^20), one for the sums. The pool DP-Lloyd re-seeds dead
 * centres from is the coreset and, beyond r, the heavy bands of its tail axes ({@link PrivateTailAxes}, their own share
 * of ε). The shares and constants were chosen with a scratch prototype of the strict pipeline on the shared data sets
 * (variants within seed noise); the utility benchmark (docs/results/utility.md, "Utility") measured the resulting
 * default against the data-independent starts but did not vary them.
 */
final class PrivateCoreset {
  /** The box's half-width in spreads. */
  static final double BOX_SPREADS = 3;
  static final double THRESHOLD_FACTOR = 3;
  static final int STARTS = 50;
  static final int MAX_LLOYD_ITERATIONS = 100;

  private PrivateCoreset() {}

  /**
   * k initial centres (k × d row-major, in the prepared coordinates) for {@code data} (norms ≤ r, n̂ public), at
   * {@code epsilon} from the ledger. When n̂ exceeds {@code sampleSize}, the three mechanisms read a Poisson subsample
   * of expected size about {@code sampleSize} by {@code coins}, which nothing else uses — {@code drawn}, when the
   * norm histogram's scan drew it (rate: sampleSize over the DP centre's count), else drawn here in a pass of its
   * own (rate γ = sampleSize/n̂) — cached once, and set their noise for the larger ε that subsampling amplifies to
   * their recorded shares ({@link SubsampleAmplification}). Fewer than k kept regions: the remaining centres come
   * from {@code fallback} (data-independent). With {@code tailAxes} (the scan's exact counts over every point, null:
   * none) and their ε, the pool DP-Lloyd re-seeds from also holds the tail's heavy bands ({@link PrivateTailAxes}):
   * not amplified (every point was counted), not in the start.
   */
  static CoresetStart initialCentres(PreparedData data, CachedSubsample drawn, PrivateTailAxes.AxisCounts tailAxes,
      int k, int sampleSize, BudgetAllocation.CoresetShares epsilon, Geometry geometry, PrivacyLedger ledger,
      UniformRandomProvider rng, CoinSource coins, java.util.function.IntFunction<double[]> fallback) {
    Checks.require(epsilon.runs(), "private-coreset needs its share of epsilon from the allocation");
    Checks.require(data.count() > 0, "private-coreset needs the DP estimate of n (the norm histogram)");
    double rate = drawn != null ? drawn.rate() : Math.min(1, sampleSize / (double) data.count());
    SubsampleAmplification amplification = SubsampleAmplification.poisson(rate,
        epsilon.spreads() + epsilon.tree() + epsilon.sums(), ledger.relation());
    CoresetStart start;
    if (!amplification.subsampled()) {
      start = initialCentres(data.points(), data.count(), data, k, epsilon, amplification, geometry, ledger, rng,
          fallback);
    } else {
      double expected = data.count() * rate;
      try (CachedSubsample subsample = drawn != null ? drawn : CachedSubsample.draw(data, coins, rate, expected)) {
        start = initialCentres(subsample.points(), expected, data, k, epsilon, amplification, geometry, ledger, rng,
            fallback);
      }
    }
    if (tailAxes == null || !epsilon.tailAxes()) {
      return start;
    }
    // counted over every point: weighted by the subsample's rate, a band weighs as a coreset region of its points
    SampleBlock bands = PrivateTailAxes.release(tailAxes, data.radius(), epsilon.tailCounts(),
        epsilon.tailPositions(), amplification.subsampled() ? rate : 1, ledger, rng);
    return new CoresetStart(start.centres(), start.coreset().followedBy(bands), start.cellMiddles(),
        start.centreClips());
  }

  /** The coreset and its centres from {@code points}, of public (expected) size {@code count}. */
  private static CoresetStart initialCentres(JavaRDD<KeyedPoint> points, double count, PreparedData data, int k,
      BudgetAllocation.CoresetShares epsilon, SubsampleAmplification amplification, Geometry geometry,
      PrivacyLedger ledger, UniformRandomProvider rng, java.util.function.IntFunction<double[]> fallback) {
    int d = data.dimension();
    double r = data.radius();

    // in units of r, so that the noise does not depend on the data's units
    CoresetPasses passes = CoresetPasses.over(points, count, d);
    double[] squares = passes.sum(d, (acc, x) -> {
      for (int j = 0; j < d; j++) {
        double u = x[j] / r;
        acc[j] += u * u;
      }
    });
    double[] spreads = PrivateSpreads.release(squares, count, epsilon.spreads(), amplification, ledger, rng);
    double[] halfWidths = new double[d];
    for (int j = 0; j < d; j++) {
      // a coordinate the noise shows as constant still gets a box (its splits come last)
      halfWidths[j] = r * Math.max(Math.min(BOX_SPREADS * spreads[j], 1), 1e-9);
    }
    CellSchedule schedule = CellSchedule.widestFirst(halfWidths, PrivateCellTree.DEPTH);
    GridCells grid = epsilon.grid()
        ? gridCells(passes, schedule, count, epsilon, amplification, r, geometry, ledger, rng) : null;
    SampleBlock coreset = grid != null ? grid.middles()
        : treeRegions(passes, schedule, count, epsilon, amplification, r, geometry, ledger, rng);
    // the grid's counts are of the points it read: a centre's share is of their (expected) count over k
    CentreClips clips = grid != null ? CentreClips.fromGrid(coreset, grid.cellSecondMoment(), count / k)
        : CentreClips.none();
    int f = coreset.rows();
    if (f < k) {
      double[] out = new double[k * d];
      for (int row = 0; row < f; row++) {
        coreset.copyRow(row, out, row * d);
      }
      System.arraycopy(fallback.apply(k - f), 0, out, f * d, (k - f) * d);
      return new CoresetStart(out, coreset, epsilon.grid(), clips);
    }
    return new CoresetStart(new WeightedKMeans(k, STARTS, MAX_LLOYD_ITERATIONS).fit(List.of(coreset), d, rng),
        coreset, epsilon.grid(), clips);
  }

  /**
   * The grid's kept cells (public middles, noisy counts) and the second moment of a point spread evenly over one of
   * its cells, Σ w_j²/12 for sides w_j.
   */
  private record GridCells(SampleBlock middles, double cellSecondMoment) {}

  /** The cell tree's kept regions: their noisy means clamped into their cells, weighted by their noisy counts. */
  private static SampleBlock treeRegions(CoresetPasses passes, CellSchedule schedule, double count,
      BudgetAllocation.CoresetShares epsilon, SubsampleAmplification amplification, double r, Geometry geometry,
      PrivacyLedger ledger, UniformRandomProvider rng) {
    int d = schedule.halfWidths().length;
    double treeEpsilon = epsilon.tree();
    double sumsEpsilon = epsilon.sums();
    int levels = epsilon.treeLevels();
    double threshold = THRESHOLD_FACTOR * Math.max(PrivateCellTree.countScale(levels, treeEpsilon, amplification,
        ledger),
        ledger.relation().sensitivityFactor() * d / amplification.noiseEpsilon(sumsEpsilon));
    PrivateCellTree.Regions regions = PrivateCellTree.release((live, from, to) -> passes.cellCounts(schedule, live,
        from, to), levels, count, threshold, treeEpsilon, amplification, ledger, rng);
    int f = regions.size();
    double[] coreset = new double[0];
    if (f > 0) {
      double[] sums = passes.sum(f * d, (acc, x) -> {
        int region = regions.indexOf(schedule.cell(x));
        if (region >= 0) {
          for (int t = 0; t < d; t++) {
            acc[region * d + t] += x[t] / r;
          }
        }
      });
      coreset = PrivateCoresetPoints.release(sums, regions.counts(), d, geometry, sumsEpsilon, amplification, ledger,
          rng);
      CellBox[] boxes = regions.boxes(schedule);
      for (int region = 0; region < f; region++) {
        double[] point = new double[d];
        for (int t = 0; t < d; t++) {
          point[t] = coreset[region * d + t] * r;
        }
        boxes[region].clampOnto(point, r, geometry);
        System.arraycopy(point, 0, coreset, region * d, d);
      }
    }
    return SampleBlock.ofRows(coreset, regions.counts(), d);
  }

  /**
   * The grid's kept cells: their middles (public) pulled onto the ball of radius r, weighted by their noisy counts.
   * The level is the finest the expected count affords ({@link PrivateGrid#levels}), at most the shares' levels.
   */
  private static GridCells gridCells(CoresetPasses passes, CellSchedule schedule, double count,
      BudgetAllocation.CoresetShares epsilon, SubsampleAmplification amplification, double r, Geometry geometry,
      PrivacyLedger ledger, UniformRandomProvider rng) {
    int d = schedule.halfWidths().length;
    int levels = PrivateGrid.levels(count, Math.min(epsilon.treeLevels(), PrivateGrid.MAX_LEVELS),
        PrivateGrid.countScale(epsilon.tree(), amplification, ledger));
    PrivateGrid.Cells cells = PrivateGrid.release(passes.cellCounts(schedule, new long[] {PrivateCellTree.ROOT}, 0,
        levels), levels, epsilon.tree(), amplification, ledger, rng);
    double[] middles = new double[cells.size() * d];
    for (int c = 0; c < cells.size(); c++) {
      double[] middle = schedule.middle(cells.paths()[c], cells.splits());
      double norm = geometry.norm(middle);
      for (int t = 0; t < d; t++) {
        middles[c * d + t] = norm > r ? middle[t] * r / norm : middle[t];
      }
    }
    double secondMoment = 0;
    for (double side : schedule.cellWidths(cells.splits())) {
      secondMoment += side * side / 12;
    }
    return new GridCells(SampleBlock.ofRows(middles, cells.counts(), d), secondMoment);
  }
}
