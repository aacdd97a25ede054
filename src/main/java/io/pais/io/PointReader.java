package io.pais.io;

import io.pais.sampling.KeyedPoint;
import io.pais.sampling.SamplingKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.spark.api.java.JavaNewHadoopRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import scala.Tuple2;

/**
 * Reads CSV, LibSVM and Spark data source inputs (any Hadoop path, gzip/bzip2 through Hadoop's codecs) into dense points
 * with sampling keys that name each record's place in the input, not Spark's partitioning
 * ({@link io.pais.sampling.SamplingKeys}). Records are parsed in map tasks with the file and line of every
 * record known, so bad input stops the job with a message naming the file and the line (or that the record lies
 * inside a split of a large uncompressed file) and the column, never the values; failures of readers we do not
 * own are described by kind ({@link ReadFailures}), never by their messages.
 */
public final class PointReader {
  /**
   * The largest dimension read: a dense point of this size is 800 KB. A LibSVM index above it is far more
   * likely a corrupt line than a feature, and would otherwise size every point by it.
   */
  public static final int MAX_DIMENSION = 100_000;

  /** d of a LibSVM input without a dimension: the largest index, taken from the records. */
  private static final DimensionSource LIBSVM_LARGEST_INDEX = DimensionSource.records(
      "the largest feature index over all records");
  /** d of a CSV input without a header, named features or a dimension: taken from its first data line. */
  private static final DimensionSource CSV_FIRST_LINE = DimensionSource.records(
      "the number of fields in the first data line");

  private PointReader() {}

  /**
   * Refuses, from the flags alone, a text input whose d would be taken from its records (LibSVM without a
   * dimension; CSV without a header, named features or a dimension): a strict release checks this before it reads
   * anything (the LibSVM rule would otherwise read every record to find the largest index).
   */
  public static void requirePublicDimension(InputSpec spec) {
    if (spec.table() != null || spec.dimension() > 0) {
      return;
    }
    if (spec.format().equals(InputFormat.LIBSVM)) {
      LIBSVM_LARGEST_INDEX.requirePublic();
    }
    if (spec.format().equals(InputFormat.CSV) && !spec.header() && spec.featureColumns().isEmpty()) {
      CSV_FIRST_LINE.requirePublic();
    }
  }

  /** Reads {@code spec}; nothing is computed until the returned RDD is used, except listing and header checks. */
  public static Points read(SparkSession spark, InputSpec spec) {
    String source = spec.source();
    if (spec.table() != null) {
      return readFrame(spec, source, () -> spark.read().options(spec.options()).table(spec.table()));
    }
    if (!spec.format().isText()) {
      return readFrame(spec, source, () -> spark.read().format(spec.format().id()).options(spec.options())
          .load(spec.paths().toArray(new String[0])));
    }
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    InputFiles files = InputFiles.list(spec.paths(), conf);
    return spec.format().equals(InputFormat.CSV) ? readCsv(spark, spec, files, conf, source)
        : readLibsvm(spark, spec, files, source);
  }

  private static Points readCsv(SparkSession spark, InputSpec spec, InputFiles files, Configuration conf,
      String source) {
    int leading = (spec.header() ? 1 : 0) + spec.skipLines();
    String first = files.entries().get(0).path();
    List<String> top = firstLines(new Path(first), conf, leading + 1);
    if (top.size() <= leading) {
      throw new InputException("no rows in input: " + first + " has no data line"
          + (files.entries().get(0).compressed() ? " (or is not valid " + codecName(first, conf) + " data)" : ""));
    }
    // the columns: a header's when there is one (the schema), else the first data line's
    String[] headerFields = spec.header() ? fields(top.get(0), spec.delimiter()) : null;
    int columns = headerFields != null ? headerFields.length : fields(top.get(leading), spec.delimiter()).length;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < columns; i++) {
      names.add(headerFields != null ? headerFields[i].strip() : Integer.toString(i));
    }
    int[] selected = ColumnSelection.select(names, spec.featureColumns(), spec.dropColumns(), first);
    DimensionSource found = !spec.featureColumns().isEmpty() ? DimensionSource.GIVEN
        : headerFields != null ? DimensionSource.schema("the header line")
        : CSV_FIRST_LINE;
    LineParser parser = LineParser.csv(spec.delimiter(), columns, selected);
    HeaderCheck sameHeader = headerFields == null ? null : headerCheck(List.copyOf(names), spec.delimiter());
    return new Points(parseText(spark, files, leading, sameHeader, (line, key) -> point(parser.parse(line), key)),
        selected.length, checked(spec.dimension(), selected.length, found, source), source, true,
        () -> files.requireUnchanged(conf));
  }

  /** Whether a file's first line is the header every stacked file must share. */
  private interface HeaderCheck extends Serializable {
    boolean matches(String line);
  }

  /** A header with the same column names (blanks and a byte-order mark aside) as {@code names}. */
  private static HeaderCheck headerCheck(List<String> names, String delimiter) {
    return line -> {
      String[] fields = fields(line.startsWith("\uFEFF") ? line.substring(1) : line, delimiter);
      if (fields.length != names.size()) {
        return false;
      }
      for (int i = 0; i < fields.length; i++) {
        if (!fields[i].strip().equals(names.get(i))) {
          return false;
        }
      }
      return true;
    };
  }

  /**
   * Where d came from, given the user's {@code given} dimension (0 for none): one that disagrees with the input's
   * columns is refused; one that agrees makes d a public input.
   */
  private static DimensionSource checked(int given, int found, DimensionSource source, String input) {
    if (given == 0) {
      return source;
    }
    if (given != found) {
      throw new InputException("dimension " + given + " was given but " + input + " has " + found + " feature "
          + "columns");
    }
    return DimensionSource.GIVEN;
  }

  private static String codecName(String file, Configuration conf) {
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(new Path(file));
    return codec == null ? "compressed" : codec.getDefaultExtension().replaceFirst("^\\.", "").replace("bz2", "bzip2")
        .replace("gz", "gzip");
  }

  private static KeyedPoint point(double[] x, long key) {
    return x == null ? null : new KeyedPoint(key, x);
  }

  private static String[] fields(String line, String delimiter) {
    return delimiter.equals("whitespace") ? line.strip().split("\\s+")
        : line.split(java.util.regex.Pattern.quote(delimiter), -1);
  }

  private static Points readLibsvm(SparkSession spark, InputSpec spec, InputFiles files, String source) {
    int dimension = spec.dimension();
    DimensionSource found = DimensionSource.GIVEN;
    if (dimension > MAX_DIMENSION) {
      throw new IllegalArgumentException("dimension must be <= " + MAX_DIMENSION + ", got " + dimension);
    }
    if (dimension == 0) {
      dimension = parseText(spark, files, 0, null, (line, key) -> LineParser.libsvmMaxIndex(line, MAX_DIMENSION))
          .fold(0, Math::max);
      if (dimension == 0) {
        throw new InputException("no rows in input " + String.join(",", spec.paths()) + " (no LibSVM features found)");
      }
      found = LIBSVM_LARGEST_INDEX;
    }
    LineParser parser = LineParser.libsvm(dimension);
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    return new Points(parseText(spark, files, 0, null, (line, key) -> point(parser.parse(line), key)), dimension,
        found,
        source, true, () -> files.requireUnchanged(conf));
  }

  /** How a Spark data source or table is opened (Spark throws its checked exceptions undeclared). */
  private interface FrameOpener {
    Dataset<Row> open();
  }

  /**
   * A Spark data source or a catalog table, its columns chosen as {@code spec} says (a vector column, or numeric
   * columns by --features/--drop). Rows are keyed by (file, row index) when Spark gives the row index of a file
   * ({@code _metadata.row_index}: Parquet, a table over Parquet files); other sources (json, orc in Spark 3.5,
   * jdbc) have no stable row place, so their keys fall back to (partition, position), as for a DataFrame.
   */
  private static Points readFrame(InputSpec spec, String source, FrameOpener opener) {
    Dataset<Row> frame;
    InputFiles files;
    try {
      frame = opener.open();
      files = rowPlaces(frame);
    } catch (InputException e) {
      throw e;
    } catch (Exception e) {
      throw new InputException("cannot read " + source + ": " + ReadFailures.describe(e));
    }
    if (!spec.vectorColumn().isEmpty()) {
      return vectors(frame, spec.vectorColumn(), spec.dimension(), source, files);
    }
    List<String> names = List.of(frame.columns());
    int[] selected = ColumnSelection.select(names, spec.featureColumns(), spec.dropColumns(), source);
    Column[] columns = new Column[selected.length];
    String[] columnNames = new String[selected.length];
    for (int i = 0; i < selected.length; i++) {
      StructField field = frame.schema().fields()[selected[i]];
      if (!(field.dataType() instanceof NumericType)) {
        throw new InputException("column '" + field.name() + "' of " + source + " is not numeric ("
            + field.dataType().simpleString() + "); drop it or choose feature columns");
      }
      columnNames[i] = field.name();
      columns[i] = functions.col(quote(field.name()));
    }
    RowReader toPoint = (row, where) -> {
      double[] x = new double[columnNames.length];
      for (int i = 0; i < columnNames.length; i++) {
        if (row.isNullAt(i)) {
          throw new InputException(where + ": null in column '" + columnNames[i] + "'");
        }
        x[i] = ((Number) row.get(i)).doubleValue();
        if (!Double.isFinite(x[i])) {
          throw new InputException(where + ": NaN or infinite value in column '" + columnNames[i] + "'");
        }
      }
      return x;
    };
    DimensionSource found = !spec.featureColumns().isEmpty() ? DimensionSource.GIVEN
        : spec.table() != null ? DimensionSource.schema("the table's schema in the catalog")
        : STORED_SCHEMAS.contains(spec.format().id()) ? DimensionSource.schema("the " + spec.format().id() + " schema")
        : DimensionSource.records("the numeric columns of a schema the " + spec.format().id()
            + " source may infer from its rows");
    return keyed(frame, columns, files, source, toPoint,
        new Dimension(columnNames.length, checked(spec.dimension(), columnNames.length, found, source)));
  }

  /** The Spark sources whose files store the schema they were written with (it is not inferred from the rows). */
  private static final Set<String> STORED_SCHEMAS = Set.of("parquet", "orc", "avro");

  /** d and where it came from. */
  private record Dimension(int value, DimensionSource source) {}

  /**
   * The frame's files when Spark gives each row's file and index within it ({@code _metadata.row_index}), else
   * null: its rows then have no stable place.
   */
  private static InputFiles rowPlaces(Dataset<Row> frame) {
    try {
      frame.select(functions.col("_metadata.file_path"), functions.col("_metadata.row_index"));
    } catch (Exception e) { // AnalysisException: the source has no such metadata
      return null;
    }
    String[] files = frame.inputFiles();
    return files.length > 0 ? InputFiles.ofPaths(files) : null;
  }

  /** Rows as points keyed by (file, row index) when {@code files} is known, else by (partition, position). */
  private static Points keyed(Dataset<Row> frame, Column[] columns, InputFiles files, String source,
      RowReader toPoint, Dimension dimension) {
    if (files != null) {
      return new Points(placedRows(frame, columns, files, source, toPoint), dimension.value(), dimension.source(),
          source, true);
    }
    JavaRDD<double[]> rdd = guarded(frame.select(columns).toJavaRDD(), source, row -> toPoint.read(row, source));
    return Points.keyedByPartition(rdd, dimension.value(), dimension.source(), source);
  }

  /**
   * Points from a Spark ML vector column of any DataFrame (an ML pipeline's input). Such a frame has no stable
   * place for its rows, so sampling keys fall back to (partition, position). d is {@code dimension} when it is
   * positive, else the size in the column's ML metadata (public only when it lists one attribute per scalar column of
   * the frame, as VectorAssembler writes over scalar columns), else the first vector's size (taken from the records).
   * Errors name {@code source} and never the values.
   */
  public static Points vectors(Dataset<Row> frame, String column, int dimension, String source) {
    return vectors(frame, column, dimension, source, null);
  }

  /** The same; with {@code files} (a source that gives row indices) the keys are (file, row index). */
  private static Points vectors(Dataset<Row> frame, String column, int dimension, String source, InputFiles files) {
    StructField field = fieldOrFail(frame, column, source);
    if (!(field.dataType() instanceof VectorUDT)) {
      throw new InputException("column '" + column + "' of " + source + " is not a Spark ML vector");
    }
    AttributeGroup attributes = AttributeGroup.fromStructField(field);
    int declared = attributes.size(); // -1 when the metadata has no size
    Dimension found;
    if (declared > 0) {
      DimensionSource metadata = onePerScalarColumn(attributes, frame)
          ? DimensionSource.schema("the ML metadata of column '" + column + "': one attribute per scalar column")
          : DimensionSource.unverified("the size in the ML metadata of column '" + column + "', which a stage fitted "
              + "on the rows may have set (OneHotEncoder, CountVectorizer, a scaler; only one attribute per scalar "
              + "column, as VectorAssembler writes over scalar columns, shows it is not)");
      found = new Dimension(declared, checked(dimension, declared, metadata, source));
    } else if (dimension > 0) {
      found = new Dimension(dimension, DimensionSource.GIVEN);
    } else {
      found = new Dimension(firstVectorSize(frame, column, source),
          DimensionSource.records("the size of the first vector of column '" + column + "'"));
    }
    int d = found.value();
    if (d > MAX_DIMENSION) {
      throw new InputException("column '" + column + "' of " + source + " holds vectors of size " + d + "; pais reads "
          + "at most " + MAX_DIMENSION + " features");
    }
    RowReader toPoint = (row, where) -> {
      if (row.isNullAt(0)) {
        throw new InputException(where + ": null vector in column '" + column + "'");
      }
      Vector v = (Vector) row.get(0);
      if (v.size() != d) {
        throw new InputException(where + ": dimension mismatch: a vector of size " + v.size() + " where the "
            + "dimension is " + d);
      }
      double[] x = v.toArray();
      for (int i = 0; i < x.length; i++) {
        if (!Double.isFinite(x[i])) {
          throw new InputException(where + ": NaN or infinite value at index " + i + " of column '" + column + "'");
        }
      }
      return x;
    };
    return keyed(frame, new Column[] {functions.col(quote(column))}, files, source, toPoint, found);
  }

  /**
   * Whether the metadata lists one attribute per vector entry, each named after a scalar column of {@code frame}:
   * what VectorAssembler writes over scalar columns (a scalar column is one entry, whatever the rows hold). Every
   * other size in the metadata may come from the rows: OneHotEncoder's and CountVectorizer's from the categories
   * and words they were fitted on, VectorAssembler's over a vector column from that column's size or first row, a
   * size alone (PCA, scalers, VectorSizeHint) from whatever made the vectors; those need the dimension given.
   */
  private static boolean onePerScalarColumn(AttributeGroup attributes, Dataset<Row> frame) {
    if (attributes.attributes().isEmpty() || attributes.attributes().get().length != attributes.size()) {
      return false;
    }
    Set<String> scalars = new HashSet<>();
    for (StructField f : frame.schema().fields()) {
      if (f.dataType() instanceof NumericType || f.dataType() instanceof BooleanType) {
        scalars.add(f.name());
      }
    }
    for (Attribute a : attributes.attributes().get()) {
      if (a.name().isEmpty() || !scalars.contains(a.name().get())) {
        return false;
      }
    }
    return true;
  }

  private static int firstVectorSize(Dataset<Row> frame, String column, String source) {
    List<Row> first;
    try {
      first = frame.select(column).where(functions.col(column).isNotNull()).limit(1).collectAsList();
    } catch (Exception e) {
      throw failure(e, source);
    }
    if (first.isEmpty()) {
      throw new InputException("no rows in input " + source);
    }
    return ((Vector) first.get(0).get(0)).size();
  }

  /** Turns one row (its first columns selected) into a point; {@code where} names the row's file for errors. */
  private interface RowReader extends Serializable {
    double[] read(Row row, String where);
  }

  /** Rows of a file-based frame keyed by (file ordinal, row index) from Spark's hidden file metadata. */
  private static JavaRDD<KeyedPoint> placedRows(Dataset<Row> frame, Column[] columns, InputFiles files,
      String source, RowReader reader) {
    Column[] withPlace = java.util.Arrays.copyOf(columns, columns.length + 2);
    withPlace[columns.length] = functions.col("_metadata.file_path");
    withPlace[columns.length + 1] = functions.col("_metadata.row_index");
    int at = columns.length;
    return guarded(frame.select(withPlace).toJavaRDD(), source, row -> {
      String file = row.getString(at);
      return new KeyedPoint(SamplingKeys.fileRow(files.entry(file).ordinal(), row.getLong(at + 1)),
          reader.read(row, file));
    });
  }

  /**
   * Maps rows in map tasks so that a failure of the reader upstream (a corrupt file, a schema conflict) surfaces
   * here, inside the task, and becomes an {@link InputException} that names the source and not the data.
   */
  private static <T> JavaRDD<T> guarded(JavaRDD<Row> rows, String source,
      org.apache.spark.api.java.function.Function<Row, T> map) {
    return rows.mapPartitions(iterator -> new Iterator<T>() {
      @Override
      public boolean hasNext() {
        try {
          return iterator.hasNext();
        } catch (Exception e) { // including the SparkException Spark throws undeclared
          throw failure(e, source);
        }
      }

      @Override
      public T next() {
        Row row;
        try {
          row = iterator.next();
        } catch (Exception e) {
          throw failure(e, source);
        }
        try {
          return map.call(row);
        } catch (InputException e) {
          throw e;
        } catch (Exception e) {
          throw failure(e, source);
        }
      }
    }, true);
  }

  private static InputException failure(Exception e, String source) {
    InputException ours = InputException.find(e);
    return ours != null ? ours : new InputException("cannot read " + source + ": " + ReadFailures.describe(e));
  }

  private static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  private static StructField fieldOrFail(Dataset<Row> frame, String name, String source) {
    for (StructField f : frame.schema().fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new InputException("no column '" + name + "' in " + source);
  }

  /** What a text line becomes, given its sampling key; null for a line that carries no record. */
  private interface LineFunction<T> extends Serializable {
    T apply(String line, long key);
  }

  /**
   * Applies {@code function} to every line in map tasks, skipping {@code leadingLines} at the top of each file
   * (the first of them checked against {@code header} when there is one), with the line's sampling key, and naming
   * file and line (or the split) in any error.
   */
  private static <T> JavaRDD<T> parseText(SparkSession spark, InputFiles files, int leadingLines, HeaderCheck header,
      LineFunction<T> function) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
    JavaNewHadoopRDD<LongWritable, Text> lines = (JavaNewHadoopRDD<LongWritable, Text>) jsc.newAPIHadoopFile(
        files.joined(), GuardedTextInputFormat.class, LongWritable.class, Text.class, conf);
    return lines.mapPartitionsWithInputSplit(
        (InputSplit split, Iterator<Tuple2<LongWritable, Text>> records) -> parseSplit((FileSplit) split, records,
            files, leadingLines, header, function), false);
  }

  private static <T> Iterator<T> parseSplit(FileSplit split, Iterator<Tuple2<LongWritable, Text>> lines,
      InputFiles files, int leadingLines, HeaderCheck header, LineFunction<T> function) {
    String file = split.getPath().toString();
    InputFiles.Entry entry = files.entry(file);
    boolean fromStart = split.getStart() == 0;
    return new Iterator<>() {
      private long lineNumber;
      private T next;

      private void advance() {
        while (next == null && lines.hasNext()) {
          Tuple2<LongWritable, Text> record = lines.next();
          lineNumber++;
          if (fromStart && lineNumber <= leadingLines) {
            if (lineNumber == 1 && header != null && !header.matches(record._2().toString())) {
              throw new InputException(file + ": its header is not the first file's; stacked files must have the "
                  + "same columns in the same order");
            }
            continue;
          }
          long key = entry.compressed() ? SamplingKeys.fileLine(entry.ordinal(), lineNumber)
              : SamplingKeys.textOffset(entry.base() + record._1().get());
          try {
            next = function.apply(record._2().toString(), key);
          } catch (IllegalArgumentException e) {
            String where = fromStart ? "line " + lineNumber : "a line inside a split";
            throw new InputException(file + ", " + where + ": " + e.getMessage());
          }
        }
      }

      @Override
      public boolean hasNext() {
        advance();
        return next != null;
      }

      @Override
      public T next() {
        advance();
        if (next == null) {
          throw new NoSuchElementException();
        }
        T out = next;
        next = null;
        return out;
      }
    };
  }

  /** Up to {@code count} lines from the top of a (possibly compressed) file, a leading byte-order mark removed. */
  private static List<String> firstLines(Path file, Configuration conf, int count) {
    try {
      FileSystem fs = file.getFileSystem(conf);
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
      InputStream raw = fs.open(file);
      InputStream in = codec == null ? raw : codec.createInputStream(raw);
      List<String> out = new ArrayList<>();
      // BufferedReader splits on LF, CRLF and a lone CR (old Mac files), as Hadoop's line reader does
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null && out.size() < count; line = reader.readLine()) {
          out.add(out.isEmpty() && line.startsWith("\uFEFF") ? line.substring(1) : line);
        }
      }
      return out;
    } catch (IOException | RuntimeException e) {
      throw new InputException("cannot read " + file + ": " + ReadFailures.describe(e));
    }
  }
}
