package io.pais.stream;

import io.pais.io.InputException;
import io.pais.io.TimedPoint;
import java.util.Arrays;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;

/**
 * A streaming DataFrame the caller made (the Estimator's {@code fitStream}): a feature vector column, an event-time
 * column (a timestamp, or seconds since the epoch) and a key column — a whole number that names each record's place
 * in its source (a Kafka partition and offset combined, a file's ordinal and line), the same on every replay, never
 * two records' — from which each record's coin is drawn.
 *
 * @param stream the streaming DataFrame
 * @param featuresCol its feature vectors (Spark ML vectors)
 * @param eventTimeCol its event times
 * @param keyCol its records' keys
 * @param userCol the column naming each record's user (any type, read as text), or null for none
 * @param dimension d, public: every vector must have it
 */
public record FrameInput(Dataset<Row> stream, String featuresCol, String eventTimeCol, String keyCol, String userCol,
    int dimension) implements StreamInput {

  public FrameInput {
    if (!stream.isStreaming()) {
      throw new IllegalArgumentException("fitStream needs a streaming DataFrame (spark.readStream...); fit a DataFrame "
          + "that is not one");
    }
    for (String column : new String[] {featuresCol, eventTimeCol, keyCol, userCol}) {
      if (column != null && !Arrays.asList(stream.columns()).contains(column)) {
        throw new IllegalArgumentException("the stream has no column '" + column + "' (it has " + String.join(", ",
            stream.columns()) + ")");
      }
    }
    DataType time = stream.schema().apply(eventTimeCol).dataType();
    if (!(time.equals(DataTypes.TimestampType) || time instanceof NumericType)) {
      throw new IllegalArgumentException("eventTimeCol '" + eventTimeCol + "' must be a timestamp or seconds since the "
          + "epoch, got " + time.simpleString());
    }
    DataType key = stream.schema().apply(keyCol).dataType();
    if (!(key.equals(DataTypes.LongType) || key.equals(DataTypes.IntegerType))) {
      throw new IllegalArgumentException("keyCol '" + keyCol + "' must be a whole number (long), got "
          + key.simpleString());
    }
    if (dimension <= 0) {
      throw new IllegalArgumentException("fitStream needs the dimension public before the first record: "
          + "setDimension(d)");
    }
  }

  @Override
  public Dataset<Row> open(SparkSession spark) {
    return stream.select(functions.col(keyCol).cast("long"), functions.col(eventTimeCol).cast("double"),
        functions.col(featuresCol), userCol == null ? functions.lit(null).cast("string")
            : functions.col(userCol).cast("string"));
  }

  @Override
  public Batch records(Dataset<Row> rows, long filesSeen) {
    int d = dimension;
    String column = featuresCol;
    boolean users = userCol != null;
    return new Batch(rows.javaRDD().map(row -> {
      if (users && row.isNullAt(3)) {
        throw new InputException("a record of the stream has no user (null)");
      }
      if (row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
        throw new InputException("a record of the stream has no key, event time or feature vector (null)");
      }
      double[] x = ((Vector) row.get(2)).toArray();
      if (x.length != d) {
        throw new InputException("a vector of column '" + column + "' has " + x.length + " coordinates, the stream's "
            + "dimension is " + d);
      }
      for (double v : x) {
        if (!Double.isFinite(v)) {
          throw new InputException("a vector of column '" + column + "' has a NaN or infinite coordinate");
        }
      }
      double millis = Math.floor(row.getDouble(1) * 1000);
      if (!(Math.abs(millis) < 0x1p62)) {
        throw new InputException("an event time of the stream is out of range");
      }
      return new TimedPoint(row.getLong(0), (long) millis, users ? TimedPoint.userOf(row.getString(3)) : 0, x);
    }), filesSeen);
  }

  @Override
  public boolean namesUsers() {
    return userCol != null;
  }

  @Override
  public String format() {
    return "dataframe";
  }

  @Override
  public String path() {
    return null;
  }
}
