package io.pais.preprocessing;

import io.pais.sampling.KeyedPoint;
import io.pais.math.Rounding;
import io.pais.sampling.CoinSource;
import io.pais.sampling.spark.SparkBlocks;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * A Poisson subsample of prepared points, cached while a stage makes several passes over it (the private coreset): a
 * record is in it when its coin keeps it at the rate, a function of its sampling key alone, so the subsample does not
 * depend on Spark's partitioning. It is read by the passes in as many tasks as its expected size is worth (a small
 * subsample in many partitions would pay Spark's per-task overhead at every pass). Closing it drops the cache.
 */
public final class CachedSubsample implements AutoCloseable {
  /**
   * On disk, not in memory: a subsample cached in memory evicts the blocks of the run's one cached copy, which that
   * copy's MEMORY_AND_DISK level then writes to disk — more work than the subsample's few passes reading it back
   * (from the page cache, usually).
   */
  static final StorageLevel STORAGE = StorageLevel.DISK_ONLY();

  private final JavaRDD<?> cached;
  private final JavaRDD<KeyedPoint> points;
  private final double rate;

  private CachedSubsample(JavaRDD<?> cached, JavaRDD<KeyedPoint> points, double rate) {
    this.cached = cached;
    this.points = points;
    this.rate = rate;
  }

  /**
   * The points of {@code data} whose coin from {@code coins} keeps them with probability {@code rate}
   * ({@link Rounding#keeps}: at most the rate), tested by key before they are made: a pass of its own over the
   * data, cached as the first pass over the subsample reads it, in the data's partitions (the draw is as parallel
   * as the data); {@code expectedRows} is its expected size.
   */
  public static CachedSubsample draw(PreparedData data, CoinSource coins, double rate, double expectedRows) {
    int dimension = data.dimension();
    JavaRDD<PointBlock> blocks = data.points(key -> Rounding.keeps(coins.uniform(key), rate))
        .mapPartitions(rows -> PointBlock.pack(rows, dimension), true).persist(STORAGE);
    int tasks = SparkBlocks.tasksFor(expectedRows, blocks.getNumPartitions());
    return new CachedSubsample(blocks, PointBlock.points(tasks < blocks.getNumPartitions()
        ? blocks.coalesce(tasks) : blocks), rate);
  }

  /**
   * The subsample the norm histogram's scan drew ({@link HistogramScan#kept}, persisted), prepared by {@code view}
   * as it is read.
   */
  static CachedSubsample ofScan(JavaRDD<HistogramScan> scans, CentringView view, double rate, double expectedRows) {
    int tasks = SparkBlocks.tasksFor(expectedRows, scans.getNumPartitions());
    JavaRDD<ClippedBlock> blocks = (tasks < scans.getNumPartitions() ? scans.coalesce(tasks) : scans)
        .flatMap(scan -> scan.kept().iterator());
    return new CachedSubsample(scans, view.prepared(blocks, KeyFilter.ALL), rate);
  }

  /** The subsample's points (each pass gets fresh arrays). */
  public JavaRDD<KeyedPoint> points() {
    return points;
  }

  /** γ, the chance that a record is in it. */
  public double rate() {
    return rate;
  }

  @Override
  public void close() {
    cached.unpersist(false);
  }
}
