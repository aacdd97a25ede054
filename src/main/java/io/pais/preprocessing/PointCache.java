package io.pais.preprocessing;

import io.pais.sampling.spark.SparkBlocks;
import io.pais.sampling.KeyedPoint;
import io.pais.lloyd.SampleBlocks;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;

/**
 * The one cached copy of a run's points, in blocks of type B, and how full-data DP-Lloyd reads it with weight
 * 1 a point without a second copy: as cached when the cache holds the prepared points in {@link PointBlock}s (paper
 * and public preprocessing), through a strict release's {@link CentringView} when it holds the clipped points in
 * {@link ClippedBlock}s.
 */
public final class PointCache<B> {
  /** How the prepared points of a cache's blocks are read point by point. */
  private interface PointReader<B> extends java.io.Serializable {
    JavaRDD<KeyedPoint> points(JavaRDD<B> blocks, KeyFilter keep);
  }

  /** How every prepared point is read by a pass that consumes each at once (arrays may be reused). */
  private interface TransientReader<B> extends java.io.Serializable {
    JavaRDD<KeyedPoint> points(JavaRDD<B> blocks);
  }

  private final JavaRDD<B> blocks;
  private final SparkBlocks.BlockView<B> view;
  private final PointReader<B> reader;
  private final TransientReader<B> transientReader;
  /** The points centred but not projected onto r, in the ball of radius {@link #clipRadius}; null: no such view. */
  private final SparkBlocks.BlockView<B> withinClipView;
  private final double clipRadius;

  private PointCache(JavaRDD<B> blocks, SparkBlocks.BlockView<B> view, PointReader<B> reader,
      TransientReader<B> transientReader, SparkBlocks.BlockView<B> withinClipView, double clipRadius) {
    this.blocks = blocks;
    this.view = view;
    this.reader = reader;
    this.transientReader = transientReader;
    this.withinClipView = withinClipView;
    this.clipRadius = clipRadius;
  }

  /** A cache that holds the prepared points themselves. */
  static PointCache<PointBlock> ofPrepared(JavaRDD<PointBlock> blocks) {
    return new PointCache<>(blocks, PointBlock::values, PointBlock::points, PointBlock::points, null, Double.NaN);
  }

  /**
   * A cache of clipped points that DP-Lloyd reads centred and projected by {@code view}, or, reading every point,
   * centred only by {@code withinClip} (null: no such reading, as when points beyond r are dropped), whose
   * projection onto the ball of its radius (the clip's) moves no point but by rounding.
   */
  static PointCache<ClippedBlock> ofClipped(JavaRDD<ClippedBlock> blocks, CentringView view, CentringView withinClip) {
    return new PointCache<>(blocks, view, view::prepared, view::transientPrepared, withinClip,
        withinClip == null ? Double.NaN : withinClip.radius());
  }

  /**
   * Every prepared point with weight 1 for DP-Lloyd, read from the cache; the cached partitions are merged (no
   * shuffle) into at most {@code maxPartitions} tasks.
   */
  SampleBlocks allPoints(int maxPartitions) {
    return viewed(maxPartitions, view);
  }

  /** Every point with weight 1 centred but not projected onto r, and the radius that holds them; empty: no view. */
  Optional<PreparedData.PointsWithinClip> withinClip(int maxPartitions) {
    return withinClipView == null ? Optional.empty()
        : Optional.of(new PreparedData.PointsWithinClip(viewed(maxPartitions, withinClipView), clipRadius));
  }

  private SampleBlocks viewed(int maxPartitions, SparkBlocks.BlockView<B> blockView) {
    int partitions = Math.max(1, Math.min(maxPartitions, blocks.getNumPartitions()));
    return SparkBlocks.viewed(partitions < blocks.getNumPartitions() ? blocks.coalesce(partitions) : blocks,
        blockView);
  }

  /** The prepared points whose keys {@code keep} keeps, read from the cache (rows tested by key first). */
  JavaRDD<KeyedPoint> points(KeyFilter keep) {
    return reader.points(blocks, keep);
  }

  /** Every prepared point, for a pass that consumes each at once: a point's array may be rewritten by the next. */
  JavaRDD<KeyedPoint> transientPoints() {
    return transientReader.points(blocks);
  }

  int partitions() {
    return blocks.getNumPartitions();
  }

  /** Drops the cached blocks (a later pass recomputes them from the input). */
  void release() {
    blocks.unpersist(false);
  }
}
