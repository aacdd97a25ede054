package io.pais.lloyd;

import io.pais.math.Checks;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Non-private weighted k-means on points held in memory: k-means++ seeding (Arthur and Vassilvitskii 2007, with
 * every probability multiplied by the point's weight) followed by weighted Lloyd until the centres stop moving, the
 * best of several starts by weighted cost. Two uses: on a private coreset it is post-processing (the initialiser
 * of {@link io.pais.initialisation.PrivateCoreset}); on data it is the non-private floor the utility benchmark compares with.
 *
 * @param k clusters
 * @param starts seedings tried; the one of least weighted cost after Lloyd is kept
 * @param maxIterations Lloyd iterations at most per start
 */
public record WeightedKMeans(int k, int starts, int maxIterations) {

  public WeightedKMeans {
    Checks.positive("k", k);
    Checks.positive("starts", starts);
    Checks.positive("maxIterations", maxIterations);
  }

  /**
   * The best centres (k × d row-major) over the weighted rows of {@code blocks}; rows of weight ≤ 0 are never picked.
   * With fewer than k rows of positive weight the remaining centres repeat chosen ones.
   */
  public double[] fit(List<SampleBlock> blocks, int dimension, UniformRandomProvider rng) {
    Checks.notNull("blocks", blocks);
    Checks.notNull("rng", rng);
    double[] best = null;
    double bestCost = Double.POSITIVE_INFINITY;
    for (int start = 0; start < starts; start++) {
      double[] centres = lloyd(blocks, dimension, seed(blocks, dimension, rng));
      double cost = KMeansCost.totalCost(blocks, centres, k);
      if (best == null || cost < bestCost) {
        best = centres;
        bestCost = cost;
      }
    }
    return best;
  }

  /** k-means++: the first centre with probability ∝ w, each next one ∝ w·D² (D: distance to the nearest so far). */
  double[] seed(List<SampleBlock> blocks, int d, UniformRandomProvider rng) {
    double[][] nearest = new double[blocks.size()][];
    for (int b = 0; b < blocks.size(); b++) {
      nearest[b] = new double[blocks.get(b).rows()];
      java.util.Arrays.fill(nearest[b], 1.0); // the first draw is ∝ w
    }
    double[] centres = new double[k * d];
    for (int j = 0; j < k; j++) {
      double total = 0;
      for (int b = 0; b < blocks.size(); b++) {
        double[] w = blocks.get(b).weights();
        for (int i = 0; i < w.length; i++) {
          total += Math.max(0, w[i]) * nearest[b][i];
        }
      }
      if (!(total > 0)) {
        // every positive-weight row is already a centre (or there is none): repeat the previous centre
        Checks.require(j > 0, "weighted k-means needs a row of positive weight");
        System.arraycopy(centres, (j - 1) * d, centres, j * d, d);
        continue;
      }
      // the row where the running mass passes the target (the last row of positive mass if rounding runs past it)
      double target = rng.nextDouble() * total;
      int pickBlock = -1;
      int pickRow = -1;
      pick:
      for (int b = 0; b < blocks.size(); b++) {
        double[] w = blocks.get(b).weights();
        for (int i = 0; i < w.length; i++) {
          double mass = Math.max(0, w[i]) * nearest[b][i];
          if (mass > 0) {
            pickBlock = b;
            pickRow = i;
            target -= mass;
            if (target < 0) {
              break pick;
            }
          }
        }
      }
      blocks.get(pickBlock).copyRow(pickRow, centres, j * d);
      for (int b = 0; b < blocks.size(); b++) {
        SampleBlock block = blocks.get(b);
        for (int i = 0; i < block.rows(); i++) {
          double sq = 0;
          for (int t = 0; t < d; t++) {
            double diff = block.value(i, t) - centres[j * d + t];
            sq += diff * diff;
          }
          nearest[b][i] = j == 0 ? sq : Math.min(nearest[b][i], sq);
        }
      }
    }
    return centres;
  }

  /** Weighted Lloyd from {@code initial}: a cluster of no weight keeps its centre. */
  double[] lloyd(List<SampleBlock> blocks, int d, double[] initial) {
    double[] centres = initial.clone();
    for (int iteration = 0; iteration < maxIterations; iteration++) {
      WeightedClusterStats stats = SampleBlocks.inMemory(blocks).clusterStats(centres, k, d, LloydSums.points());
      double[] next = centres.clone();
      for (int j = 0; j < k; j++) {
        double count = stats.count(j);
        if (count > 0) {
          double[] sum = stats.sum(j);
          for (int t = 0; t < d; t++) {
            next[j * d + t] = sum[t] / count;
          }
        }
      }
      if (java.util.Arrays.equals(next, centres)) {
        break;
      }
      centres = next;
    }
    return centres;
  }
}
