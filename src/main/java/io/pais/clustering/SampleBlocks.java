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

  /**
   * A Spark RDD of blocks (normally cached): the centres are broadcast, every task folds its blocks into one
   * statistics object, and the driver merges them.
   */
  static SampleBlocks of(JavaRDD<SampleBlock> blocks) {
    return new Distributed<>(blocks, block -> block);
  }

  /**
   * Blocks of another kind read as sample blocks through {@code view}, each consumed before the next is read (the
   * view may reuse one scratch block a task): full-data DP-Lloyd over the preprocessing's cached points.
   */
  static <T> SampleBlocks viewed(JavaRDD<T> blocks, BlockView<T> view) {
    return new Distributed<>(blocks, view);
  }

  /** How a pass reads one cached block as a sample block. */
  interface BlockView<T> extends java.io.Serializable {
    SampleBlock of(T block);
  }

  /** The Spark side. Its lambdas capture the broadcast, the view and the norms only, never this. */
  record Distributed<T>(JavaRDD<T> blocks, BlockView<T> view) implements SampleBlocks {
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
      BlockView<T> asSample = view;
      WeightedClusterStats stats = blocks.treeAggregate(new WeightedClusterStats(k, d),
          (acc, block) -> acc.add(asSample.of(block), shared.value(), norms), WeightedClusterStats::merge, depth);
      shared.destroy();
      return stats;
    }

    @Override
    public void release() {
      blocks.unpersist(false);
    }
  }
}
