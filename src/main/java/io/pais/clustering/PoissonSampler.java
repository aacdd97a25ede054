package io.pais.clustering;

import io.pais.io.KeyedPoint;
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
 * Spark's partitioning where the keys do not; the kept points with weight 1/q packed into dense blocks. With no
 * sampling function every point is kept with weight 1 (full-data mode).
 */
public final class PoissonSampler {
  /** Rows per block: big enough for an efficient matrix product, small enough to stay cache- and GC-friendly. */
  static final int BLOCK_ROWS = 4096;
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
    return points.mapPartitions(rows -> blocks(rows, dimension, q == null ? null : probabilities(q.value(), geometry),
        coins), true);
  }

  /**
   * The same sampling over points held in memory, each keyed by its index in the list: the experiment runner's
   * path. With {@code sampling} null every point is kept with weight 1.
   */
  public static List<SampleBlock> sampleInMemory(List<double[]> points, int dimension, SamplingFunction sampling,
      Geometry geometry, long seed) {
    return sampleInMemory(points, dimension, sampling == null ? null : probabilities(sampling, geometry), seed);
  }

  /**
   * The same with per-row probabilities given directly (the experiment runner times the weights apart this
   * way): {@code q} maps (point, position) to the keep probability.
   */
  public static List<SampleBlock> sampleInMemory(List<double[]> points, int dimension, RowProbability q, long seed) {
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
    blocks(keyed, dimension, q, RecordCoin.seeded(seed)).forEachRemaining(out::add);
    return out;
  }

  /** The keep probability of a row with sampling key {@code key} (in memory: its index). */
  public interface RowProbability extends java.io.Serializable {
    double of(double[] x, long key);
  }

  /** Whether the sampler keeps {@code point}: the coin {@link #sample} draws for it. */
  static boolean keeps(KeyedPoint point, SamplingFunction sampling, Geometry geometry, CoinSource coins) {
    return sampling == null || coins.uniform(point.key()) < sampling.probability(geometry.norm(point.x()));
  }

  /** Rows per block for points of dimension d. */
  static int blockRows(int dimension) {
    return Math.max(1, Math.min(BLOCK_ROWS, BLOCK_VALUES / dimension));
  }

  private static RowProbability probabilities(SamplingFunction sampling, Geometry geometry) {
    return (x, key) -> sampling.probability(geometry.norm(x));
  }

  private static Iterator<SampleBlock> blocks(Iterator<KeyedPoint> rows, int dimension, RowProbability q,
      CoinSource coins) {
    List<SampleBlock> out = new ArrayList<>();
    SampleBlock.Builder builder = new SampleBlock.Builder(dimension, blockRows(dimension));
    while (rows.hasNext()) {
      KeyedPoint row = rows.next();
      double[] x = row.x();
      if (q == null) {
        builder.add(x, 1.0);
      } else {
        double p = q.of(x, row.key());
        if (coins.uniform(row.key()) < p) {
          builder.add(x, 1 / p);
        }
      }
      if (builder.isFull()) {
        out.add(builder.build());
      }
    }
    if (!builder.isEmpty()) {
      out.add(builder.build());
    }
    return out.iterator();
  }
}
