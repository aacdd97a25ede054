package io.pais.stream;

import io.pais.io.EventLines;
import io.pais.io.InputException;
import io.pais.io.TimedPoint;
import io.pais.sampling.SamplingKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Where a stream reads: a folder of delimited text files, each read whole as it lands (every line a record, keyed by
 * the file's ordinal in the order the stream read the files and the line's number), or a source with Kafka's
 * schema ({@code value} a delimited line, keyed by its {@code partition} and {@code offset}: one topic). Both keys
 * name a record's place in the stream, so a micro-batch replayed from the checkpoint draws the same coins.
 *
 * @param format csv for a folder, or a Spark streaming source (kafka)
 * @param path the folder (csv), or null
 * @param options the source's options (--option), e.g. maxFilesPerTrigger or kafka.bootstrap.servers
 * @param lines how a line becomes a record
 */
public record StreamSource(String format, String path, Map<String, String> options, EventLines lines)
    implements StreamInput {
  private static final List<String> KAFKA_COLUMNS = List.of("value", "partition", "offset");

  public StreamSource {
    options = Map.copyOf(options);
    if (isFolder(format)) {
      if (path == null) {
        throw new IllegalArgumentException("a stream of files needs --input FOLDER: the folder files land in");
      }
    } else if (path != null) {
      throw new IllegalArgumentException("a " + format + " stream reads from its --option settings, not --input");
    }
  }

  private static boolean isFolder(String format) {
    return format.equals("csv");
  }

  @Override
  public boolean namesUsers() {
    return lines.namesUsers();
  }

  /** Whether the records come from files in a folder (each file read whole). */
  boolean isFolder() {
    return isFolder(format);
  }

  /** The streaming DataFrame: (path, value) of each new file, or the source's rows. */
  @Override
  public Dataset<Row> open(SparkSession spark) {
    if (isFolder()) {
      return spark.readStream().format("text").option("wholetext", "true").options(options).load(path)
          .select(functions.input_file_name().as("path"), functions.col("value"));
    }
    Dataset<Row> rows;
    try {
      rows = spark.readStream().format(format).options(options).load();
    } catch (Exception e) { // Spark's AnalysisException is checked, thrown undeclared
      if (format.equals("kafka")) {
        throw new InputException("the kafka source is not on the classpath: add --packages "
            + "org.apache.spark:spark-sql-kafka-0-10_" + scalaVersion() + ":" + spark.version() + " to spark-submit");
      }
      throw new InputException("cannot open a " + format + " stream: " + firstLine(e.getMessage()));
    }
    List<String> columns = Arrays.asList(rows.columns());
    if (!columns.containsAll(KAFKA_COLUMNS)) {
      throw new InputException("a " + format + " stream must give Kafka's columns value, partition and offset (a "
          + "delimited line and its place); it gives " + String.join(", ", columns));
    }
    return rows.select(functions.col("value").cast("string").as("value"), functions.col("partition").cast("int")
        .as("partition"), functions.col("offset").cast("long").as("offset"));
  }

  private static String scalaVersion() {
    return scala.util.Properties.versionNumberString().startsWith("2.12") ? "2.12" : "2.13";
  }

  private static String firstLine(String message) {
    return message == null ? "no message" : message.lines().findFirst().orElse("no message");
  }

  @Override
  public Batch records(Dataset<Row> rows, long filesSeen) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(rows.sparkSession().sparkContext());
    EventLines parser = lines;
    if (!isFolder()) {
      JavaRDD<TimedPoint> records = rows.javaRDD().mapPartitions(it -> kafkaRecords(it, parser));
      return new Batch(records, filesSeen);
    }
    List<String> paths = new ArrayList<>(rows.select("path").distinct().javaRDD().map(r -> r.getString(0))
        .collect());
    paths.sort(null);
    Broadcast<List<String>> order = jsc.broadcast(paths);
    long first = filesSeen;
    JavaRDD<TimedPoint> records = rows.javaRDD().flatMap(row -> fileRecords(row.getString(0), row.getString(1),
        first + order.value().indexOf(row.getString(0)), parser));
    return new Batch(records, filesSeen + paths.size());
  }

  private static Iterator<TimedPoint> fileRecords(String path, String content, long ordinal, EventLines parser) {
    if (ordinal >= 1 << 24) {
      throw new InputException("a stream reads at most 2^24 files per checkpoint; start a new one");
    }
    String[] text = content.split("\r?\n", -1);
    List<TimedPoint> out = new ArrayList<>();
    EventLines.Columns columns = null;
    int from = parser.header() ? 1 : 0;
    for (int i = 0; i < text.length; i++) {
      String line = text[i];
      try {
        if (columns == null && !line.isBlank()) {
          columns = parser.columns(line);
        }
        if (i >= from && columns != null) {
          TimedPoint p = columns.parse(line, SamplingKeys.fileLine((int) ordinal, i + 1));
          if (p != null) {
            out.add(p);
          }
        }
      } catch (IllegalArgumentException | InputException e) {
        throw new InputException(path + " line " + (i + 1) + ": " + e.getMessage());
      }
    }
    return out.iterator();
  }

  private static Iterator<TimedPoint> kafkaRecords(Iterator<Row> rows, EventLines parser) {
    List<TimedPoint> out = new ArrayList<>();
    EventLines.Columns columns = null;
    while (rows.hasNext()) {
      Row row = rows.next();
      String line = row.isNullAt(0) ? "" : row.getString(0);
      int partition = row.getInt(1);
      long offset = row.getLong(2);
      try {
        if (columns == null && !line.isBlank()) {
          columns = parser.columns(line);
        }
        TimedPoint p = columns == null ? null : columns.parse(line, SamplingKeys.partitionPosition(partition, offset));
        if (p != null) {
          out.add(p);
        }
      } catch (IllegalArgumentException | InputException e) {
        throw new InputException("partition " + partition + " offset " + offset + ": " + e.getMessage());
      }
    }
    return out.iterator();
  }
}
