package io.pais.stream;

import io.pais.io.TimedPoint;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Where a stream's records come from: the streaming DataFrame it reads, and how a micro-batch becomes records. */
public interface StreamInput {
  /** The streaming DataFrame whose micro-batches go to {@link #records}. */
  Dataset<Row> open(SparkSession spark);

  /** The records of micro-batch {@code rows}, the stream having read {@code filesSeen} files before it. */
  Batch records(Dataset<Row> rows, long filesSeen);

  /** The kind of input, for run.json: csv (a folder), a source's format, or dataframe. */
  String format();

  /** The folder read, or null: what no output or checkpoint may lie in. */
  String path();

  /** Whether its records name their users (a user column), so that records per user can be bounded. */
  boolean namesUsers();

  /**
   * The records of a micro-batch.
   *
   * @param records every record, keyed by its place
   * @param filesSeen the files read so far once this micro-batch is (for a folder; else unchanged)
   */
  record Batch(JavaRDD<TimedPoint> records, long filesSeen) {}
}
