package io.pais.clustering;

import io.pais.privacy.Geometry;
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
 * filter whose coin per record comes from (seed, partition, position); the kept points with weight 1/q packed
 * into dense blocks. With no sampling function every point is kept with weight 1 (full-data mode).
 */
public final class PoissonSampler {
  /** Rows per block: big enough for an efficient matrix product, small enough to stay cache- and GC-friendly. */
  static final int BLOCK_ROWS = 4096;

  private PoissonSampler() {}

  /**
   * @param points the preprocessed points (‖x‖ ≤ r in the geometry)
   * @param sampling q, or null for full data
   * @param seed the coin seed (secret and random unless the run is seeded)
   */
  public static JavaRDD<SampleBlock> sample(JavaRDD<double[]> points, int dimension, SamplingFunction sampling,
      Geometry geometry, long seed) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(points.context());
    Broadcast<SamplingFunction> q = sampling == null ? null : jsc.broadcast(sampling);
    return points.mapPartitionsWithIndex((partition, rows) -> blocks(partition, rows, dimension,
        q == null ? null : probabilities(q.value(), geometry), seed), true);
  }

  /**
   * The same sampling over points held in memory (as one partition, index 0): the experiment runner's path.
   * With {@code sampling} null every point is kept with weight 1.
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
    blocks(0, points.iterator(), dimension, q, seed).forEachRemaining(out::add);
    return out;
  }

  /** The keep probability of the row at {@code position}. */
  public interface RowProbability extends java.io.Serializable {
    double of(double[] x, long position);
  }

  private static RowProbability probabilities(SamplingFunction sampling, Geometry geometry) {
    return (x, position) -> sampling.probability(geometry.norm(x));
  }

  private static Iterator<SampleBlock> blocks(int partition, Iterator<double[]> rows, int dimension,
      RowProbability q, long seed) {
    List<SampleBlock> out = new ArrayList<>();
    SampleBlock.Builder builder = new SampleBlock.Builder(dimension, BLOCK_ROWS);
    long position = 0;
    while (rows.hasNext()) {
      double[] x = rows.next();
      if (q == null) {
        builder.add(x, 1.0);
      } else {
        double p = q.of(x, position);
        if (RecordCoin.uniform(seed, partition, position) < p) {
          builder.add(x, 1 / p);
        }
      }
      position++;
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
