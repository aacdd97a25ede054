package io.pais.preprocessing;

import io.pais.io.KeyedPoint;
import io.pais.math.Rounding;
import io.pais.sampling.CoinSource;
import io.pais.sampling.spark.SparkBlocks;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * A Poisson subsample of prepared points, packed in {@link PointBlock}s and cached while a stage makes several passes
 * over it (the private coreset): a record is in it when its coin keeps it at the rate, a function of its sampling key
 * alone, so the subsample does not depend on Spark's partitioning. Closing it drops the cache.
 */
public final class CachedSubsample implements AutoCloseable {
  private final JavaRDD<PointBlock> blocks;
  private final JavaRDD<KeyedPoint> points;

  private CachedSubsample(JavaRDD<PointBlock> blocks, int tasks) {
    this.blocks = blocks;
    this.points = PointBlock.points(tasks < blocks.getNumPartitions() ? blocks.coalesce(tasks) : blocks);
  }

  /**
   * The points of {@code data} whose coin from {@code coins} keeps them with probability {@code rate}
   * ({@link Rounding#keeps}: at most the rate), tested by key before they are made; cached as the first pass over
   * it reads them, in the data's partitions (the draw is as parallel as the data), and read by the passes after it
   * in as many tasks as its expected size {@code expectedRows} is worth (a small subsample in many partitions would
   * pay Spark's per-task overhead at every pass).
   */
  public static CachedSubsample draw(PreparedData data, CoinSource coins, double rate, double expectedRows) {
    int dimension = data.dimension();
    JavaRDD<PointBlock> blocks = data.points(key -> Rounding.keeps(coins.uniform(key), rate))
        .mapPartitions(rows -> PointBlock.pack(rows, dimension), true).persist(StorageLevel.MEMORY_AND_DISK());
    return new CachedSubsample(blocks, SparkBlocks.tasksFor(expectedRows, blocks.getNumPartitions()));
  }

  /** The subsample's points (each pass gets fresh arrays). */
  public JavaRDD<KeyedPoint> points() {
    return points;
  }

  @Override
  public void close() {
    blocks.unpersist(false);
  }
}
