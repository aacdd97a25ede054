package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import io.pais.sampling.KeyedPoint;
import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import io.pais.sampling.CoinSource;
import io.pais.sampling.RecordCoin;
import io.pais.sampling.SamplingFunction;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * The sampling stage: q(x) from the point's norm and the broadcast sampling function, in map tasks; a Poisson
 * filter whose coin per record comes from (seed, the record's sampling key), so the sample does not depend on
 * Spark's partitioning where the keys do not; the kept points with weight 1/q (rounded down) packed into dense
 * blocks. With no sampling function every point is kept with weight 1 (full-data mode).
 */
public final class PoissonSampler {
  /**
   * Rows per block: big enough that a block amortises its per-call costs, small enough to stay cache- and
   * GC-friendly. Not a power of two: a block is stored coordinate-major, and a column stride of a multiple of 4 KB
   * would map every coordinate of a row to the same L1 cache set.
   */
  static final int BLOCK_ROWS = 4000;
  /** At most this many values (16 MB) a block, so a high dimension gets fewer rows per block. */
  private static final int BLOCK_VALUES = 1 << 21;

  private PoissonSampler() {}

  /**
   * @param points the preprocessed points (‖x‖ ≤ r in the geometry)
   * @param sampling q, or null for full data
   * @param coins the coins (keyed by a secret unless the run is seeded)
   */
  public static JavaRDD<SampleBlock> sample(JavaRDD<KeyedPoint> points, int dimension, SamplingFunction sampling,
      Geometry geometry, CoinSource coins) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(points.context());
    Broadcast<SamplingFunction> q = sampling == null ? null : jsc.broadcast(sampling);
    return points.mapPartitions(rows -> blocks(rows, dimension, weights(q == null ? null : q.value(), geometry),
        coins), true);
  }

  /**
   * The same sampling over points held in memory, each keyed by its index in the list: the experiment runner's
   * path. With {@code sampling} null every point is kept with weight 1.
   */
  public static List<SampleBlock> sampleInMemory(List<double[]> points, int dimension, SamplingFunction sampling,
      Geometry geometry, long seed) {
    return sampleInMemory(points, dimension, weights(sampling, geometry), seed);
  }

  /**
   * The same with per-row weights given directly (the experiment runner times the weights apart this way):
   * {@code w} maps (point, position) to the weight w ≥ 1 of a kept row, kept with probability at most 1/w.
   */
  public static List<SampleBlock> sampleInMemory(List<double[]> points, int dimension, RowWeight w, long seed) {
    List<SampleBlock> out = new ArrayList<>();
    Iterator<double[]> rows = points.iterator();
    Iterator<KeyedPoint> keyed = new Iterator<>() {
      private long index;

      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public KeyedPoint next() {
        return new KeyedPoint(index++, rows.next());
      }
    };
    blocks(keyed, dimension, w, RecordCoin.seeded(seed)).forEachRemaining(out::add);
    return out;
  }

  /** The weight w ≥ 1 a row with sampling key {@code key} (in memory: its index) gets when kept. */
  public interface RowWeight extends java.io.Serializable {
    double of(double[] x, long key);
  }

  /** Whether the sampler with row weights {@code w} (see {@link #weights}) keeps {@code point}. */
  public static boolean keeps(KeyedPoint point, RowWeight w, CoinSource coins) {
    return weight(point, w, coins) > 0;
  }

  /**
   * The one Poisson coin of the sampler: the row's weight w for a kept point (1 with no sampling), 0 for a dropped
   * one, kept with probability at most 1/w (the largest double below it, then {@link Rounding#keeps}), so the
   * weight and the chance the accounting assumes bound the ones used. The coin is keyed by the point's sampling key,
   * so a retried or re-split task draws the same.
   */
  private static double weight(KeyedPoint point, RowWeight w, CoinSource coins) {
    if (w == null) {
      return 1.0;
    }
    double weight = w.of(point.x(), point.key());
    return Rounding.keeps(coins.uniform(point.key()), Rounding.reciprocalDown(weight)) ? weight : 0;
  }

  /** Rows per block for points of dimension d. */
  public static int blockRows(int dimension) {
    int rows = Math.max(1, Math.min(BLOCK_ROWS, BLOCK_VALUES / dimension));
    return rows % 512 == 0 ? rows - 8 : rows; // a stride of 4 KB multiples: see BLOCK_ROWS
  }

  /**
   * The row weights of a sampling function, from an upper bound of the point's exact norm (its computed norm is
   * off by a few ulps, {@link Rounding#normUpperBound}); null (keep all, weight 1) for none.
   */
  public static RowWeight weights(SamplingFunction sampling, Geometry geometry) {
    return sampling == null ? null
        : (x, key) -> sampling.weightAtMost(Rounding.normUpperBound(geometry.norm(x), x.length));
  }

  /**
   * The kept rows of {@code rows} in blocks, built as they are consumed: a task holds one block under
   * construction, not its whole partition (Spark's cache then unrolls the blocks one by one).
   */
  private static Iterator<SampleBlock> blocks(Iterator<KeyedPoint> rows, int dimension, RowWeight q,
      CoinSource coins) {
    SampleBlock.Builder builder = new SampleBlock.Builder(dimension, blockRows(dimension));
    return new Iterator<>() {
      private SampleBlock next;

      @Override
      public boolean hasNext() {
        while (next == null && rows.hasNext()) {
          KeyedPoint row = rows.next();
          double w = weight(row, q, coins);
          if (w > 0) {
            builder.add(row.x(), w);
          }
          if (builder.isFull() || !rows.hasNext() && !builder.isEmpty()) {
            next = builder.build();
          }
        }
        return next != null;
      }

      @Override
      public SampleBlock next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        SampleBlock out = next;
        next = null;
        return out;
      }
    };
  }
}
