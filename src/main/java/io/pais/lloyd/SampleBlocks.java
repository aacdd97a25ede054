package io.pais.lloyd;

import io.pais.math.RandomSubspace;
import java.util.List;

/**
 * What one DP-Lloyd iteration reads: weighted blocks, each added to the per-cluster statistics by
 * {@link WeightedClusterStats#add}. A Spark sample and blocks held in memory (the experiment runner's thousands of
 * small runs, which would otherwise pay Spark's job overhead every iteration) differ only in how the blocks are
 * visited, so the update rule and the assignment are written once, in {@link WeightedLloyd} and
 * {@link WeightedClusterStats}. The Spark side is {@code io.pais.sampling.spark.SparkBlocks}.
 */
public interface SampleBlocks {

  /**
   * Σ w·x (or the clipped offsets {@code terms} names) and Σ w per nearest centre over every row of every block;
   * centres k × d row-major.
   */
  WeightedClusterStats clusterStats(double[] centres, int k, int dimension, LloydSums terms);

  /**
   * Per nearest centre the weight, and Σ w·min(min_j ‖x − c_j‖², cap), over every row of every block: the private
   * training summary's pass.
   */
  ClusterCosts clusterCosts(double[] centres, int k, int dimension, double cap);

  /**
   * The same rows seen in {@code subspace}, every block projected ({@link SampleBlock#projectedOnto}) once for the
   * passes that read them; {@link #release} them when done (the rows they came from are not released).
   */
  SampleBlocks projectedOnto(RandomSubspace subspace);

  /** Drops what these blocks hold in Spark's cache (nothing for blocks in memory). */
  default void release() {}

  /** Blocks held in memory, visited in order on the calling thread. */
  static SampleBlocks inMemory(List<SampleBlock> blocks) {
    return new SampleBlocks() {
      @Override
      public WeightedClusterStats clusterStats(double[] centres, int k, int d, LloydSums terms) {
        double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
        WeightedClusterStats stats = new WeightedClusterStats(k, d, terms);
        for (SampleBlock block : blocks) {
          stats.add(block, centres, norms);
        }
        return stats;
      }

      @Override
      public SampleBlocks projectedOnto(RandomSubspace subspace) {
        return inMemory(blocks.stream().map(block -> block.projectedOnto(subspace)).toList());
      }

      @Override
      public ClusterCosts clusterCosts(double[] centres, int k, int d, double cap) {
        double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
        ClusterCosts costs = new ClusterCosts(k, cap);
        for (SampleBlock block : blocks) {
          costs.add(block, centres, norms);
        }
        return costs;
      }
    };
  }
}
