package io.pais.initialisation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedClusterStats;
import io.pais.lloyd.WeightedLloyd;
import io.pais.math.Checks;
import io.pais.math.RandomSubspace;
import io.pais.math.Rounding;
import io.pais.noise.LatticeNoise;
import io.pais.noise.LatticeSumNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import java.math.BigDecimal;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * k starting centres found in a random subspace, for a strict release in many dimensions that has no coreset
 * (docs/results/history.md, "A start in a random subspace for high d"); its share and m are
 * {@link io.pais.accounting.InitShare.Auto#SUBSPACE_SHARE} and {@code SUBSPACE_DIMENSION}.
 *
 * <p>Why. Where n̂·ε/(k·d) is small a release starts from k points in the domain's shape, and k-means's bad basins
 * keep DP-Lloyd's steps from the clusters (wide-5x256: two of five merged). In a data-free random subspace of m
 * dimensions the steps' sum noise grows as m, not d, and for centres of the subspace lifted back the nearest centre
 * is the subspace's nearest ({@link RandomSubspace}). So the points are seen there, and:
 * <ol>
 *   <li>the reference: a DP mean of their projections (clipped to {@link #REFERENCE_CLIP}·r̂·√(m/d));</li>
 *   <li>the spread: their DP root mean square distance from it (capped at {@link #SPREAD_CAP}·r̂·√(m/d)), whose
 *       {@link #CLIP_SPREADS} multiple clips the steps' offsets;</li>
 *   <li>{@link #STEPS} DP-Lloyd steps over {@link #SEEDS_PER_CENTRE}·k centres drawn around the reference
 *       (over-seeding: a bad basin is left by merging, not by luck);</li>
 *   <li>the noisy centres whose noisy count clears {@link #KEEP_SCALES} count-noise scales merged into k by weighted
 *       k-means on the noisy counts, and lifted (post-processing).</li>
 * </ol>
 * Each point is read by each of the three releases once (the steps in sequence), so their ε add up: the caller's
 * share, split {@link #REFERENCE_SHARE}, {@link #SPREAD_SHARE} and what is left equally between the steps.
 */
public final class SubspaceStart {
  /**
   * Centres per final centre in the subspace's steps: 2, 3 and 4 alike on the high-d cells, 1 (no over-seeding)
   * splits the clusters of {@code SubspaceStartTest} in 18 of 40 seeds against 34 (docs/results/history.md, "A start
   * in a random subspace for high d").
   */
  public static final int SEEDS_PER_CENTRE = 3;
  /** DP-Lloyd steps in the subspace (structural, not tuned: the prototype's, as the shares and clips below). */
  public static final int STEPS = 3;
  /** The reference's share of the start's ε. */
  static final double REFERENCE_SHARE = 0.25;
  /** The spread's share of the start's ε. */
  static final double SPREAD_SHARE = 0.10;
  /** Each step's share for its counts; the rest for its sums. */
  static final double COUNT_SHARE = 0.2;
  /** The steps' offset clip in units of the points' DP root mean square distance from the reference. */
  static final double CLIP_SPREADS = 2;
  /** The reference's clip in units of r̂·√(m/d), the projection's typical length of a vector of norm r̂. */
  static final double REFERENCE_CLIP = 3;
  /** The spread's cap in the same units; the clip stays within [cap/16, cap]. */
  static final double SPREAD_CAP = 1.5;
  /** A noisy centre whose noisy count is at most this many count-noise scales is left out of the merge. */
  static final double KEEP_SCALES = 3;

  private SubspaceStart() {}

  /**
   * The reference and the steps' clip, as released: DP outputs.
   *
   * @param reference the DP mean of the projections (m coordinates)
   * @param clip the steps' offset clip in the subspace
   * @param count the reference's noisy count (at least 1)
   * @param meanEpsilon the ε the reference spent
   * @param spreadEpsilon the ε the spread spent
   */
  record Reference(double[] reference, double clip, double count, double meanEpsilon, double spreadEpsilon) {}

  /**
   * k starting centres in the sample's coordinates (k × d row-major), all in the subspace: DP outputs of
   * {@code epsilon}, recorded in {@code ledger}.
   *
   * @param sample the points (full d), weights as DP-Lloyd reads them
   * @param subspace the data-free subspace they are seen in
   * @param radius r̂, the points' DP radius (a DP output: sets the clips)
   */
  public static double[] find(SampleBlocks sample, RandomSubspace subspace, int k, double radius, double epsilon,
      PrivacyLedger ledger, NoiseRandomness randomness) {
    Checks.notNull("sample", sample);
    Checks.notNull("subspace", subspace);
    Checks.positive("k", k);
    Checks.positive("radius (r)", radius);
    Checks.positive("epsilon of the subspace start", epsilon);
    Checks.notNull("ledger", ledger);
    Checks.notNull("randomness", randomness);
    // the sensitivities below are add-or-remove-one's (a release on every point, weight 1)
    Checks.require(ledger.relation() == Relation.ADD_REMOVE, "a start in a random subspace is calibrated to adding or "
        + "removing one point, got a ledger under " + ledger.relation());
    int m = subspace.subspaceDimension();
    int seeds = SEEDS_PER_CENTRE * k;
    SampleBlocks projected = sample.projectedOnto(subspace);
    WeightedLloyd.Iterates iterates;
    double keepAbove;
    try {
      double unit = radius * Math.sqrt((double) m / subspace.dimension());
      Reference reference = reference(projected, m, unit, epsilon, ledger, randomness.provider());

      // what is left of the share, exactly and rounded down (the lattice's inflated scales keep each step's real ε
      // below its third)
      double stepsEpsilon = Rounding.down(new BigDecimal(epsilon).subtract(new BigDecimal(reference.meanEpsilon()))
          .subtract(new BigDecimal(reference.spreadEpsilon())));
      double stepEpsilon = stepsEpsilon / STEPS;
      LatticeNoise.Pair noise = LatticeNoise.countAndSum(1 / (COUNT_SHARE * stepEpsilon),
          reference.clip() / ((1 - COUNT_SHARE) * stepEpsilon), Geometry.L2, m);
      ledger.spend(new LedgerEntry(LedgerStage.INIT_SUBSPACE, String.format(Locale.ROOT, "%d DP-Lloyd steps over %d "
          + "centres in a random %d-dimensional subspace (%s)", STEPS, seeds, m, noise.describe(Geometry.L2)),
          stepsEpsilon, 0,
          String.format(Locale.ROOT, "sum: %.6g (the offsets' clip in the subspace, l2); count: 1", reference.clip()),
          String.format(Locale.ROOT, "sum: %.6g; count: %.6g", noise.sum().scale(), noise.count().scale()),
          "the start's centres and counts in the subspace"));
      WeightedLloyd steps = new WeightedLloyd(seeds, STEPS, unit * REFERENCE_CLIP, Geometry.L2, true, 1,
          LloydSums.clippedOffsets(reference.clip(), Geometry.L2), DeadCentres.none());
      iterates = steps.runWithCounts(projected, m,
          around(reference.reference(), seeds, reference.clip() / 2, randomness.provider()),
          LloydNoise.of(noise.count(), noise.sum(), randomness));
      keepAbove = KEEP_SCALES * noise.count().scale();
    } finally {
      projected.release();
    }
    double[] merged = iterates.mergedInto(k, m, keepAbove, randomness.provider());
    return subspace.lift(merged, k);
  }

  /** The reference and the clip, released in {@code ledger} at {@link #REFERENCE_SHARE} and {@link #SPREAD_SHARE}. */
  static Reference reference(SampleBlocks projected, int m, double unit, double epsilon, PrivacyLedger ledger,
      UniformRandomProvider rng) {
    double meanEpsilon = REFERENCE_SHARE * epsilon;
    double meanClip = REFERENCE_CLIP * unit;
    // one centre at the origin and offsets clipped to meanClip: the sum of the clipped projections and the count
    WeightedClusterStats sums = projected.clusterStats(new double[m], 1, m,
        LloydSums.clippedOffsets(meanClip, Geometry.L2));
    LatticeNoise.Pair meanNoise = LatticeNoise.countAndSum(2 / meanEpsilon, meanClip / (meanEpsilon / 2),
        Geometry.L2, m);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_SUBSPACE, "the reference: a noisy clipped sum of the projections "
        + "over a noisy count (" + meanNoise.describe(Geometry.L2) + ")", meanEpsilon, 0,
        String.format(Locale.ROOT, "sum: %.6g (the clip in the subspace, l2); count: 1", meanClip),
        String.format(Locale.ROOT, "sum: %.6g; count: %.6g", meanNoise.sum().scale(), meanNoise.count().scale()),
        "the reference"));
    double[] centre = meanNoise.sum().release(sums.sum(0), rng);
    double count = Math.max(1, meanNoise.count().release(sums.count(0), rng));
    for (int j = 0; j < m; j++) {
      centre[j] /= count;
    }

    double spreadEpsilon = SPREAD_SHARE * epsilon;
    double cap = SPREAD_CAP * unit;
    ClusterCosts squares = projected.clusterCosts(centre, 1, m, cap * cap);
    LatticeSumNoise spreadNoise = LatticeNoise.sum(cap * cap / spreadEpsilon, cap * cap, Geometry.L1, 1);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_SUBSPACE, "the spread: a noisy capped sum of squared distances "
        + "from the reference (Laplace on a lattice)", spreadEpsilon, 0,
        String.format(Locale.ROOT, "%.6g (the cap, squared)", cap * cap),
        String.format(Locale.ROOT, "%.6g", spreadNoise.scale()), "the steps' clip"));
    double noisySquares = spreadNoise.release(new double[] {squares.cost()}, rng)[0];
    double clip = CLIP_SPREADS * Math.sqrt(Math.max(0, noisySquares) / count);
    clip = Math.min(cap, Math.max(cap / 16, clip));
    return new Reference(centre, clip, count, meanEpsilon, spreadEpsilon);
  }

  /** {@code seeds} points uniform in the ball of radius {@code radius} around {@code centre} (data-free draws). */
  private static double[] around(double[] centre, int seeds, double radius, UniformRandomProvider rng) {
    int m = centre.length;
    double[] points = InitialCentres.randomBall(seeds, m, radius, Geometry.L2, rng);
    for (int i = 0; i < points.length; i++) {
      points[i] += centre[i % m];
    }
    return points;
  }
}
