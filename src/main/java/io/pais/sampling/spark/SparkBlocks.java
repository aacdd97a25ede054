package io.pais.sampling.spark;

import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedClusterStats;
import io.pais.math.RandomSubspace;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;

/** {@link SampleBlocks} on Spark: an RDD of blocks, folded by the tasks into per-cluster statistics. */
public final class SparkBlocks {
  /** Rows per task that make a pass's task worth its scheduling overhead (a small sample is read in fewer tasks). */
  public static final double ROWS_PER_TASK = 50_000;

  private SparkBlocks() {}

  /** The tasks a pass over about {@code rows} rows in {@code partitions} partitions is worth: at most the partitions. */
  public static int tasksFor(double rows, int partitions) {
    return (int) Math.min(partitions, Math.max(1, Math.ceil(rows / ROWS_PER_TASK)));
  }

  /**
   * A Spark RDD of blocks (normally cached): the centres are broadcast, every task folds its blocks into one
   * statistics object, and the driver merges them.
   */
  public static SampleBlocks of(JavaRDD<SampleBlock> blocks) {
    return new Distributed<>(blocks, block -> block);
  }

  /**
   * Blocks of another kind read as sample blocks through {@code view}, each consumed before the next is read (the
   * view may reuse one scratch block a task): full-data DP-Lloyd over the preprocessing's cached points.
   */
  public static <T> SampleBlocks viewed(JavaRDD<T> blocks, BlockView<T> view) {
    return new Distributed<>(blocks, view);
  }

  /** How a pass adds one block to its accumulator, given the broadcast centres. */
  private interface BlockFold<A, T> extends java.io.Serializable {
    A add(A accumulator, T block, double[] centres);
  }

  /** How a pass reads one cached block as a sample block. */
  public interface BlockView<T> extends java.io.Serializable {
    SampleBlock of(T block);
  }

  /** The Spark side. Its lambdas capture the broadcast, the view and the norms only, never this. */
  private record Distributed<T>(JavaRDD<T> blocks, BlockView<T> view) implements SampleBlocks {
    /**
     * Partitions up to which the driver merges every task's statistics itself (one stage); past it a tree level
     * merges them on the executors first. Each is k·(d + 1) doubles, so even the bound's worth stays small, and
     * below it an extra shuffle stage would cost more than it saves.
     */
    static final int DIRECT_MERGE_PARTITIONS = 128;

    @Override
    public WeightedClusterStats clusterStats(double[] centres, int k, int d, LloydSums terms) {
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
      BlockView<T> asSample = view;
      return fold(centres, new WeightedClusterStats(k, d, terms),
          (acc, block, shared) -> acc.add(asSample.of(block), shared, norms), WeightedClusterStats::merge);
    }

    @Override
    public ClusterCosts clusterCosts(double[] centres, int k, int d, double cap) {
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
      BlockView<T> asSample = view;
      return fold(centres, new ClusterCosts(k, cap), (acc, block, shared) -> acc.add(asSample.of(block), shared,
          norms), ClusterCosts::merge);
    }

    /** One pass: the centres broadcast, each task folds its blocks into {@code zero}'s copy, the copies merged. */
    private <A> A fold(double[] centres, A zero, BlockFold<A, T> add,
        Function2<A, A, A> merge) {
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(blocks.context());
      Broadcast<double[]> shared = jsc.broadcast(centres);
      int depth = blocks.getNumPartitions() <= DIRECT_MERGE_PARTITIONS ? 1 : 2;
      A result = blocks.treeAggregate(zero, (acc, block) -> add.add(acc, block, shared.value()), merge, depth);
      shared.destroy();
      return result;
    }

    /**
     * Projected once and cached (m coordinates a row, a few of d), for the several passes a start in the subspace
     * makes; its own cache, which {@link #release} drops, and the sample's is left as it is.
     */
    @Override
    public SampleBlocks projectedOnto(RandomSubspace subspace) {
      BlockView<T> inner = view;
      return SparkBlocks.of(blocks.map(block -> inner.of(block).projectedOnto(subspace))
          .persist(StorageLevel.MEMORY_AND_DISK()));
    }

    @Override
    public void release() {
      blocks.unpersist(false);
    }
  }
}
