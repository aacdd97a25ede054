package io.pais.io;

import io.pais.sampling.KeyedPoint;
import io.pais.sampling.SamplingKeys;
import java.util.Iterator;
import org.apache.spark.api.java.JavaRDD;

/**
 * Parsed input: dense points of one dimension, each with its sampling key.
 *
 * @param rdd the points
 * @param dimension d
 * @param dimensionSource where d came from: a strict release needs it public ({@link DimensionSource})
 * @param source a description of the input for logs and reports (paths and format, never values)
 * @param stableKeys whether the sampling keys name places in the input (true for files read by
 *     {@link PointReader}) rather than Spark partitions (an arbitrary DataFrame): only then is a seeded release
 *     independent of how Spark split the input
 * @param unchanged refuses the run when the files read changed while they were read (checked before publishing)
 */
public record Points(JavaRDD<KeyedPoint> rdd, int dimension, DimensionSource dimensionSource, String source,
    boolean stableKeys, InputCheck unchanged) {

  /** A check that the input did not change while it was read. */
  @FunctionalInterface
  public interface InputCheck {
    /** No check: an input that is not a list of files pais listed (a DataFrame). */
    InputCheck NONE = () -> { };

    /** Throws an {@link InputException} when the input changed since it was listed. */
    void requireUnchanged();
  }

  /** Points with no check of their files. */
  public Points(JavaRDD<KeyedPoint> rdd, int dimension, DimensionSource dimensionSource, String source,
      boolean stableKeys) {
    this(rdd, dimension, dimensionSource, source, stableKeys, InputCheck.NONE);
  }

  /** Points whose dimension the caller knows: a public input. */
  public Points(JavaRDD<KeyedPoint> rdd, int dimension, String source, boolean stableKeys) {
    this(rdd, dimension, DimensionSource.GIVEN, source, stableKeys);
  }

  /**
   * Points with no stable place in a source, of a dimension the caller knows (a public input): keyed by
   * (partition, position), which survives task retries but not re-partitioning.
   */
  public static Points keyedByPartition(JavaRDD<double[]> rdd, int dimension, String source) {
    return keyedByPartition(rdd, dimension, DimensionSource.GIVEN, source);
  }

  /** The same, with where d came from. */
  public static Points keyedByPartition(JavaRDD<double[]> rdd, int dimension, DimensionSource dimensionSource,
      String source) {
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
    return new Points(keyed, dimension, dimensionSource, source, false);
  }
}
