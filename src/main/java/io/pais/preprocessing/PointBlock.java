package io.pais.preprocessing;

import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import io.pais.sampling.KeyedPoint;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;

/**
 * Consecutive points of a partition with their sampling keys: the form in which the preprocessing caches the
 * data, a key array beside a {@link SampleBlock} of weight 1 a row. Against one cached object per point this saves
 * the two object headers a point (about 40 bytes), a block that does not fit in memory spills to disk as bulk
 * arrays, and full-data DP-Lloyd reads the values as they are cached (no second copy). Passes that work point by
 * point read them back through {@link #points(JavaRDD)}, a view that makes each point as it is read.
 */
final class PointBlock implements Serializable {
  private static final long serialVersionUID = 2L;

  private final long[] keys;
  private final SampleBlock values;

  private PointBlock(long[] keys, SampleBlock values) {
    this.keys = keys;
    this.values = values;
  }

  /** The points as a block of weight 1 a row (shared, not copied). */
  SampleBlock values() {
    return values;
  }

  /** {@code points} packed into blocks as they are consumed (one block under construction at a time). */
  static Iterator<PointBlock> pack(Iterator<KeyedPoint> points, int dimension) {
    int capacity = PoissonSampler.blockRows(dimension);
    SampleBlock.Builder builder = new SampleBlock.Builder(dimension, capacity);
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return points.hasNext();
      }

      @Override
      public PointBlock next() {
        if (!points.hasNext()) {
          throw new NoSuchElementException();
        }
        long[] keys = new long[capacity];
        int rows = 0;
        while (rows < capacity && points.hasNext()) {
          KeyedPoint p = points.next();
          keys[rows++] = p.key();
          builder.add(p.x(), 1.0);
        }
        return new PointBlock(rows == capacity ? keys : Arrays.copyOf(keys, rows), builder.build());
      }
    };
  }

  /** The points of cached blocks, made as a pass reads them (each pass gets fresh arrays it may keep). */
  static JavaRDD<KeyedPoint> points(JavaRDD<PointBlock> blocks) {
    return points(blocks, KeyFilter.ALL);
  }

  /** The same for the rows whose keys {@code keep} keeps; the others are skipped before any array is made. */
  static JavaRDD<KeyedPoint> points(JavaRDD<PointBlock> blocks, KeyFilter keep) {
    return blocks.mapPartitions(b -> new Iterator<KeyedPoint>() {
      private PointBlock block;
      private int row;

      @Override
      public boolean hasNext() {
        while (true) {
          while (block != null && row < block.keys.length && !keep.keeps(block.keys[row])) {
            row++;
          }
          if (block != null && row < block.keys.length || !b.hasNext()) {
            return block != null && row < block.keys.length;
          }
          block = b.next();
          row = 0;
        }
      }

      @Override
      public KeyedPoint next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        double[] x = new double[block.values.dimension()];
        block.values.copyRow(row, x, 0);
        return new KeyedPoint(block.keys[row++], x);
      }
    }, true);
  }
}
