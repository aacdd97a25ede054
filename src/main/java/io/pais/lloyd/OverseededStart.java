package io.pais.lloyd;

import io.pais.math.Checks;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * DP-Lloyd's first iteration over more centres than k, merged into k: the start of a strict release whose private
 * coreset is the cell tree's (docs/results/history.md, "An over-seeded first step").
 *
 * <p>Why. The tree keeps a few regions a cluster, boxes in a fixed schedule that can straddle two clusters, so
 * k-means on its noisy region means can put one centre between two clusters and two in one; Lloyd's steps keep such
 * a start where it is (on mixtures in 5–12 dimensions with budget to spare, thirty noise-free steps from it ended at
 * 1.2–2.0 × the floor). Over-seeding lets a bad basin be left by merging rather than by luck (as
 * {@code io.pais.initialisation.SubspaceStart} does in high d):
 * <ol>
 *   <li>k′ = min({@value #SEEDS_PER_CENTRE}·k, the coreset's rows of positive weight) seeds, where those rows are
 *       at most {@value #MAX_ROWS_PER_CENTRE}·k (a coarse coreset): weighted k-means on the coreset (post-processing
 *       of a DP output);</li>
 *   <li>DP-Lloyd's first iteration from the seeds: every point is in one of the k′ clusters, so their noisy sums and
 *       counts are the iteration's release at its ε and noise, as k clusters' would be (parallel composition);</li>
 *   <li>the noisy centres whose noisy count clears the dead-centre threshold
 *       ({@link DeadCentres#COUNT_DEVIATIONS} count deviations) merged into k by weighted k-means on their noisy
 *       counts ({@link WeightedLloyd.Iterates#mergedInto}, post-processing): the start of the other T − 1.</li>
 * </ol>
 */
public final class OverseededStart {
  /**
   * Seeds per centre: the merge needs more seeds than centres, and the coreset rarely has more than two regions a
   * centre where the tree runs (k = 20 in 5-d: 40–44 regions), so 3 moved seven mid-d cells by the seeds' spread
   * only (1.185 against 1.195; docs/results/history.md, "An over-seeded first step").
   */
  public static final int SEEDS_PER_CENTRE = 2;
  /**
   * The most coreset rows a centre for which the first iteration over-seeds: with more, the coreset resolves the
   * clusters itself and its k-means starts nearer than a merge of 2k noisy centres (on the utility benchmark cod-rna,
   * with 22–365 rows a centre, rose 1–4 % at every ε; htru2 at ε = 10, 20 a centre, 1–2 %), while the mid-d mixtures
   * gained up to 10.9 a centre (15 clusters in 12-d at ε = 3: 1.53 → 1.00; docs/results/history.md, "An over-seeded
   * first step").
   */
  public static final int MAX_ROWS_PER_CENTRE = 12;
  private static final int SEED_STARTS = 50;
  private static final int MAX_ITERATIONS = 100;

  private OverseededStart() {}

  /**
   * k′ for k centres and {@code coreset}: {@value #SEEDS_PER_CENTRE}·k, at most the coreset's rows of positive weight;
   * k (no over-seeding) where those rows are more than {@value #MAX_ROWS_PER_CENTRE}·k.
   */
  public static int seeds(int k, SampleBlock coreset) {
    Checks.positive("k", k);
    Checks.notNull("coreset", coreset);
    int positive = 0;
    for (double w : coreset.weights()) {
      if (w > 0) {
        positive++;
      }
    }
    return positive > (long) MAX_ROWS_PER_CENTRE * k ? k : Math.min(SEEDS_PER_CENTRE * k, positive);
  }

  /**
   * The k centres (k × d row-major) DP-Lloyd's other iterations start from.
   *
   * @param firstIteration DP-Lloyd's first iteration over k′ = {@link #seeds} clusters (one iteration, the run's sums
   *     and first reach; a dead seed keeps its place and is left out of the merge)
   * @param sample the first iteration's sample
   * @param coreset the private coreset the seeds are fitted to
   * @param noise the first iteration's noise
   * @param countDeviation its count noise's standard deviation
   */
  public static double[] centres(WeightedLloyd firstIteration, int k, SampleBlocks sample, SampleBlock coreset,
      int dimension, LloydNoise noise, double countDeviation, UniformRandomProvider rng) {
    Checks.require(firstIteration.iterations() == 1, "an over-seeded start is one iteration, got "
        + firstIteration.iterations());
    Checks.require(firstIteration.k() > k, "an over-seeded start needs more seeds than k = " + k + ", got "
        + firstIteration.k());
    Checks.positive("countDeviation", countDeviation);
    double[] seeds = new WeightedKMeans(firstIteration.k(), SEED_STARTS, MAX_ITERATIONS).fit(List.of(coreset),
        dimension, rng);
    WeightedLloyd.Iterates iterates = firstIteration.runWithCounts(sample, dimension, seeds, noise);
    return iterates.mergedInto(k, dimension, DeadCentres.COUNT_DEVIATIONS * countDeviation, rng);
  }
}
