package io.pais.lloyd;

import java.util.List;

/**
 * What one DP-Lloyd iteration reads: weighted blocks, each added to the per-cluster statistics by
 * {@link WeightedClusterStats#add}. A Spark sample and blocks held in memory (the experiment runner's thousands of
 * small runs, which would otherwise pay Spark's job overhead every iteration) differ only in how the blocks are
 * visited, so the update rule and the assignment are written once, in {@link WeightedLloyd} and
 * {@link WeightedClusterStats}. The Spark side is {@code io.pais.sampling.spark.SparkBlocks}.
 */
public interface SampleBlocks {

  /** Σ w·x and Σ w per nearest centre over every row of every block; centres k × d row-major. */
  WeightedClusterStats clusterStats(double[] centres, int k, int dimension);

  /** Drops what these blocks hold in Spark's cache (nothing for blocks in memory). */
  default void release() {}

  /** Blocks held in memory, visited in order on the calling thread. */
  static SampleBlocks inMemory(List<SampleBlock> blocks) {
    return (centres, k, d) -> {
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
      WeightedClusterStats stats = new WeightedClusterStats(k, d);
      for (SampleBlock block : blocks) {
        stats.add(block, centres, norms);
      }
      return stats;
    };
  }
}
