package io.pais.io;

import io.pais.sampling.SamplingKeys;
import java.util.Iterator;
import org.apache.spark.api.java.JavaRDD;

/**
 * Parsed input: dense points of one dimension, each with its sampling key.
 *
 * @param rdd the points
 * @param dimension d
 * @param source a description of the input for logs and reports (paths and format, never values)
 * @param stableKeys whether the sampling keys name places in the input (true for files read by
 *     {@link PointReader}) rather than Spark partitions (an arbitrary DataFrame): only then is a seeded release
 *     independent of how Spark split the input
 */
public record Points(JavaRDD<KeyedPoint> rdd, int dimension, String source, boolean stableKeys) {

  /**
   * Points with no stable place in a source: keyed by (partition, position), which survives task retries but
   * not re-partitioning.
   */
  public static Points keyedByPartition(JavaRDD<double[]> rdd, int dimension, String source) {
    JavaRDD<KeyedPoint> keyed = rdd.mapPartitionsWithIndex((partition, rows) -> new Iterator<KeyedPoint>() {
      private long position;

      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public KeyedPoint next() {
        return new KeyedPoint(SamplingKeys.partitionPosition(partition, position++), rows.next());
      }
    }, true);
    return new Points(keyed, dimension, source, false);
  }
}
