package io.pais.clustering;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * What one DP-Lloyd iteration reads: weighted blocks, each added to the per-cluster statistics by
 * {@link WeightedClusterStats#add}. A Spark sample and blocks held in memory (the experiment runner's thousands of
 * small runs, which would otherwise pay Spark's job overhead every iteration) differ only in how the blocks are
 * visited, so the update rule and the assignment are written once, in {@link WeightedLloyd} and
 * {@link WeightedClusterStats}.
 */
public interface SampleBlocks {

  /** Σ w·x and Σ w per nearest centre over every row of every block; centres k × d row-major. */
  WeightedClusterStats clusterStats(double[] centres, int k, int dimension);

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

  /**
   * A Spark RDD of blocks (normally cached): the centres are broadcast, every task folds its blocks into one
   * statistics object, and the driver merges them.
   */
  static SampleBlocks of(JavaRDD<SampleBlock> blocks) {
    return new Distributed(blocks);
  }

  /** The Spark side. Its lambdas capture the broadcast and the norms only, never this. */
  record Distributed(JavaRDD<SampleBlock> blocks) implements SampleBlocks {
    /**
     * Partitions up to which the driver merges every task's statistics itself (one stage); past it a tree level
     * merges them on the executors first. Each is k·(d + 1) doubles, so even the bound's worth stays small, and
     * below it an extra shuffle stage would cost more than it saves.
     */
    static final int DIRECT_MERGE_PARTITIONS = 128;

    @Override
    public WeightedClusterStats clusterStats(double[] centres, int k, int d) {
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(blocks.context());
      Broadcast<double[]> shared = jsc.broadcast(centres);
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
      int depth = blocks.getNumPartitions() <= DIRECT_MERGE_PARTITIONS ? 1 : 2;
      WeightedClusterStats stats = blocks.treeAggregate(new WeightedClusterStats(k, d),
          (acc, block) -> acc.add(block, shared.value(), norms), WeightedClusterStats::merge, depth);
      shared.destroy();
      return stats;
    }
  }
}
