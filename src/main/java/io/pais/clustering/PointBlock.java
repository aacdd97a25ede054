package io.pais.clustering;

import io.pais.io.KeyedPoint;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;

/**
 * Consecutive points of a partition with their sampling keys, as two primitive arrays: the form in which the
 * preprocessing caches the data. Against one cached object per point this saves the two object headers a point
 * (about 40 bytes), and a block that does not fit in memory spills to disk as two bulk arrays instead of an
 * object graph per point. Passes read the points back through {@link #points(JavaRDD)}, a view that makes each
 * point as it is read.
 */
final class PointBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long[] keys;
  /** Row-major: point i occupies [i·d, (i + 1)·d). */
  private final double[] values;
  private final int dimension;

  private PointBlock(long[] keys, double[] values, int dimension) {
    this.keys = keys;
    this.values = values;
    this.dimension = dimension;
  }

  /** {@code points} packed into blocks as they are consumed (one block under construction at a time). */
  static Iterator<PointBlock> pack(Iterator<KeyedPoint> points, int dimension) {
    int capacity = PoissonSampler.blockRows(dimension);
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
        long[] keys = new long[Math.min(capacity, 256)];
        double[] values = new double[keys.length * dimension];
        int rows = 0;
        while (rows < capacity && points.hasNext()) {
          KeyedPoint p = points.next();
          if (rows == keys.length) {
            int grown = Math.min(capacity, 2 * rows);
            keys = Arrays.copyOf(keys, grown);
            values = Arrays.copyOf(values, grown * dimension);
          }
          keys[rows] = p.key();
          System.arraycopy(p.x(), 0, values, rows * dimension, dimension);
          rows++;
        }
        return new PointBlock(rows == keys.length ? keys : Arrays.copyOf(keys, rows),
            rows * dimension == values.length ? values : Arrays.copyOf(values, rows * dimension), dimension);
      }
    };
  }

  /** The points of cached blocks, made as a pass reads them (each pass gets fresh arrays it may keep). */
  static JavaRDD<KeyedPoint> points(JavaRDD<PointBlock> blocks) {
    return blocks.mapPartitions(b -> new Iterator<KeyedPoint>() {
      private PointBlock block;
      private int row;

      @Override
      public boolean hasNext() {
        while ((block == null || row == block.keys.length) && b.hasNext()) {
          block = b.next();
          row = 0;
        }
        return block != null && row < block.keys.length;
      }

      @Override
      public KeyedPoint next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        int d = block.dimension;
        KeyedPoint p = new KeyedPoint(block.keys[row], Arrays.copyOfRange(block.values, row * d, (row + 1) * d));
        row++;
        return p;
      }
    }, true);
  }
}
