package io.pais.initialisation;

import io.pais.estimation.CellSchedule;
import io.pais.estimation.PrivateCellTree;
import io.pais.sampling.KeyedPoint;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;
import org.apache.spark.api.java.JavaRDD;

/**
 * The passes the private coreset makes over its points — sums of a per-point function, and exact cell counts — made
 * by Spark over the points, or on the driver over a copy of them when they are few enough: a subsample of 2¹⁹
 * points of 20 coordinates is 84 MB, read in one pass, and then each of the coreset's five or six passes takes
 * milliseconds instead of a Spark job over a cache read back from disk. Either way the mechanisms see the same
 * points; only the order of floating-point additions differs.
 */
abstract class CoresetPasses {
  /** The most coordinates (points × d) copied to the driver: 128 MB of doubles. */
  static final long DRIVER_VALUES = 1L << 24;

  /** A point's contribution, added into an accumulator. */
  interface Contribution extends Serializable {
    void addTo(double[] accumulator, double[] x);
  }

  /** Σ over the points of {@code contribution}, into an accumulator of {@code length} zeros. */
  abstract double[] sum(int length, Contribution contribution);

  /** Exact counts of the cells at levels from + 1 … to below the live cells. */
  abstract LongUnaryOperator cellCounts(CellSchedule schedule, long[] live, int from, int to);

  /**
   * The passes over {@code points} (about {@code expectedRows} of dimension {@code d}): on the driver when
   * expectedRows·d is at most {@link #DRIVER_VALUES} (copied now, in one pass), else on Spark.
   */
  static CoresetPasses over(JavaRDD<KeyedPoint> points, double expectedRows, int d) {
    return expectedRows * d <= DRIVER_VALUES ? new OnDriver(points, d) : new OnSpark(points);
  }

  /** The full-depth cells of the points. */
  private static LongStream cells(Iterator<double[]> points, CellSchedule schedule) {
    LongStream.Builder builder = LongStream.builder();
    while (points.hasNext()) {
      builder.add(schedule.cell(points.next()));
    }
    return builder.build();
  }

  /** The counts of {@code cells} at levels from + 1 … to, of those below a live cell of level {@code from}. */
  private static CellCounts countsBelow(LongStream cells, long[] live, int from, int to) {
    long[] sortedLive = live.clone();
    Arrays.sort(sortedLive);
    return CellCounts.of(cells.filter(c -> Arrays.binarySearch(sortedLive, PrivateCellTree.key(c, from)) >= 0)
        .toArray(), from, to);
  }

  /** Passes as Spark jobs; a task's cell counts travel as sorted primitive arrays ({@link CellCounts}). */
  private static final class OnSpark extends CoresetPasses {
    private final JavaRDD<KeyedPoint> points;

    OnSpark(JavaRDD<KeyedPoint> points) {
      this.points = points;
    }

    @Override
    double[] sum(int length, Contribution contribution) {
      return points.treeAggregate(new double[length], (acc, p) -> {
        contribution.addTo(acc, p.x());
        return acc;
      }, CoresetPasses::addInto);
    }

    @Override
    LongUnaryOperator cellCounts(CellSchedule schedule, long[] live, int from, int to) {
      return points.mapPartitions(rows -> List.of(countsBelow(cells(coordinates(rows), schedule), live, from, to))
          .iterator()).treeReduce(CellCounts::merge);
    }

    /** The points' coordinates (static: an anonymous class in an instance method would capture the passes). */
    private static Iterator<double[]> coordinates(Iterator<KeyedPoint> rows) {
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return rows.hasNext();
        }

        @Override
        public double[] next() {
          return rows.next().x();
        }
      };
    }
  }

  /** Passes over the driver's copy: the points row-major, one array per partition. */
  private static final class OnDriver extends CoresetPasses {
    private final List<double[]> blocks;
    private final int d;
    /** The points' full-depth cells under {@link #cellsOf}: the tree's passes share one schedule. */
    private CellSchedule cellsOf;
    private long[] cells;

    OnDriver(JavaRDD<KeyedPoint> points, int d) {
      this.d = d;
      this.blocks = points.mapPartitions(rows -> {
        double[] block = new double[0];
        int n = 0;
        while (rows.hasNext()) {
          if ((n + 1) * d > block.length) {
            block = Arrays.copyOf(block, Math.max(16 * d, 2 * block.length));
          }
          System.arraycopy(rows.next().x(), 0, block, n * d, d);
          n++;
        }
        return List.of(Arrays.copyOf(block, n * d)).iterator();
      }).collect();
    }

    @Override
    double[] sum(int length, Contribution contribution) {
      double[] acc = new double[length];
      for (Iterator<double[]> rows = rows(); rows.hasNext(); ) {
        contribution.addTo(acc, rows.next());
      }
      return acc;
    }

    @Override
    LongUnaryOperator cellCounts(CellSchedule schedule, long[] live, int from, int to) {
      if (schedule != cellsOf) {
        cells = cells(rows(), schedule).toArray();
        cellsOf = schedule;
      }
      return countsBelow(Arrays.stream(cells), live, from, to);
    }

    /** The points one at a time, each in the same reused array. */
    private Iterator<double[]> rows() {
      return new Iterator<>() {
        private final double[] x = new double[d];
        private int block;
        private int offset;

        @Override
        public boolean hasNext() {
          while (block < blocks.size() && offset == blocks.get(block).length) {
            block++;
            offset = 0;
          }
          return block < blocks.size();
        }

        @Override
        public double[] next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          System.arraycopy(blocks.get(block), offset, x, 0, d);
          offset += d;
          return x;
        }
      };
    }
  }

  private static double[] addInto(double[] a, double[] b) {
    for (int i = 0; i < a.length; i++) {
      a[i] += b[i];
    }
    return a;
  }
}
