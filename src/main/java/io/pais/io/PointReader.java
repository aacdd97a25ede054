package io.pais.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.api.java.JavaNewHadoopRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import scala.Tuple2;

/**
 * Reads CSV, LibSVM and Parquet inputs (any Hadoop path, gzip/bzip2 through Hadoop's codecs) into dense points.
 * Text is parsed in map tasks with the file and line of every record known, so bad input stops the job with
 * a message naming the file and the line (or byte offset inside a split of a large uncompressed file) and the
 * column, never the values.
 */
public final class PointReader {
  private PointReader() {}

  /** Reads {@code spec}; nothing is computed until the returned RDD is used, except header and path checks. */
  public static Points read(SparkSession spark, InputSpec spec) {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    List<Path> files = resolve(spec.paths(), conf);
    String source = spec.format().id() + " " + String.join(",", spec.paths());
    return switch (spec.format()) {
      case CSV -> readCsv(spark, spec, files, conf, source);
      case LIBSVM -> readLibsvm(spark, spec, files, source);
      case PARQUET -> readParquet(spark, spec, source);
    };
  }

  /** Every file behind the paths (globs expanded, directories listed); a missing path is an InputException. */
  static List<Path> resolve(List<String> paths, Configuration conf) {
    List<Path> files = new ArrayList<>();
    for (String p : paths) {
      Path path = new Path(p);
      try {
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(path);
        if (matches == null || matches.length == 0) {
          throw new InputException("input not found: " + p);
        }
        for (FileStatus status : matches) {
          if (status.isDirectory()) {
            for (FileStatus child : fs.listStatus(status.getPath())) {
              String name = child.getPath().getName();
              if (child.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                files.add(child.getPath());
              }
            }
          } else {
            files.add(status.getPath());
          }
        }
      } catch (IOException e) {
        throw new InputException("cannot read input " + p + ": " + e.getMessage());
      }
    }
    if (files.isEmpty()) {
      throw new InputException("no files in input " + String.join(",", paths));
    }
    return files;
  }

  private static Points readCsv(SparkSession spark, InputSpec spec, List<Path> files, Configuration conf,
      String source) {
    int leading = (spec.header() ? 1 : 0) + spec.skipLines();
    List<String> top = firstLines(files.get(0), conf, leading + 1);
    if (top.size() <= leading) {
      throw new InputException("no rows in input: " + files.get(0) + " has no data line");
    }
    String[] dataFields = fields(top.get(leading), spec.delimiter());
    int columns = dataFields.length;
    List<String> names = new ArrayList<>();
    String[] headerFields = spec.header() ? fields(top.get(0), spec.delimiter()) : null;
    for (int i = 0; i < columns; i++) {
      names.add(headerFields != null && headerFields.length == columns ? headerFields[i].strip() : Integer.toString(i));
    }
    int[] selected = ColumnSelection.select(names, spec.featureColumns(), spec.dropColumns(), files.get(0).toString());
    LineParser parser = LineParser.csv(spec.delimiter(), columns, selected);
    return new Points(parseText(spark, files, parser, leading), selected.length, source);
  }

  private static String[] fields(String line, String delimiter) {
    return delimiter.equals("whitespace") ? line.strip().split("\\s+")
        : line.split(java.util.regex.Pattern.quote(delimiter), -1);
  }

  private static Points readLibsvm(SparkSession spark, InputSpec spec, List<Path> files, String source) {
    int dimension = spec.dimension();
    if (dimension == 0) {
      dimension = textLines(spark, files).map(t -> LineParser.libsvmMaxIndex(t._2().toString()))
          .fold(0, Math::max);
      if (dimension == 0) {
        throw new InputException("no rows in input " + String.join(",", spec.paths()) + " (no LibSVM features found)");
      }
    }
    return new Points(parseText(spark, files, LineParser.libsvm(dimension), 0), dimension, source);
  }

  private static Points readParquet(SparkSession spark, InputSpec spec, String source) {
    Dataset<Row> frame;
    try {
      frame = spark.read().parquet(spec.paths().toArray(new String[0]));
    } catch (RuntimeException e) {
      throw new InputException("cannot read Parquet input " + String.join(",", spec.paths()) + ": "
          + firstLineOf(e.getMessage()));
    }
    if (!spec.vectorColumn().isEmpty()) {
      return vectors(frame, spec.vectorColumn(), source);
    }
    Dataset<Row> withFile = frame.withColumn("__pais_file", functions.input_file_name());
    List<String> names = List.of(frame.columns());
    int[] selected = ColumnSelection.select(names, spec.featureColumns(), spec.dropColumns(), source);
    String[] columns = new String[selected.length];
    for (int i = 0; i < selected.length; i++) {
      StructField field = frame.schema().fields()[selected[i]];
      if (!(field.dataType() instanceof NumericType)) {
        throw new InputException("column '" + field.name() + "' of " + source + " is not numeric ("
            + field.dataType().simpleString() + "); drop it or choose feature columns");
      }
      columns[i] = field.name();
    }
    String[] selectCols = java.util.Arrays.copyOf(columns, columns.length + 1);
    selectCols[columns.length] = "__pais_file";
    JavaRDD<double[]> rdd = withFile.selectExpr(quote(selectCols)).toJavaRDD().map(row -> {
      double[] x = new double[columns.length];
      for (int i = 0; i < columns.length; i++) {
        if (row.isNullAt(i)) {
          throw new InputException(row.getString(columns.length) + ": null in column '" + columns[i] + "'");
        }
        x[i] = ((Number) row.get(i)).doubleValue();
        if (!Double.isFinite(x[i])) {
          throw new InputException(row.getString(columns.length) + ": NaN or infinite value in column '" + columns[i]
              + "'");
        }
      }
      return x;
    });
    return new Points(rdd, columns.length, source);
  }

  /**
   * Points from a Spark ML vector column of any DataFrame (a Parquet file, or an ML pipeline's input). Errors
   * name the file where the frame has one, else {@code source}, and never the values.
   */
  public static Points vectors(Dataset<Row> frame, String column, String source) {
    StructField field = fieldOrFail(frame, column, source);
    if (!(field.dataType() instanceof VectorUDT)) {
      throw new InputException("column '" + column + "' of " + source + " is not a Spark ML vector");
    }
    List<Row> first = frame.select(column).where(functions.col(column).isNotNull()).limit(1).collectAsList();
    if (first.isEmpty()) {
      throw new InputException("no rows in input " + source);
    }
    int d = ((Vector) first.get(0).get(0)).size();
    Dataset<Row> withFile = frame.select(functions.col(column), functions.input_file_name().as("__pais_file"));
    JavaRDD<double[]> rdd = withFile.toJavaRDD().map(row -> {
      String where = row.getString(1) == null || row.getString(1).isEmpty() ? source : row.getString(1);
      if (row.isNullAt(0)) {
        throw new InputException(where + ": null vector in column '" + column + "'");
      }
      Vector v = (Vector) row.get(0);
      if (v.size() != d) {
        throw new InputException(where + ": dimension mismatch: a vector of size " + v.size() + " where the first has "
            + d);
      }
      double[] x = v.toArray();
      for (int i = 0; i < x.length; i++) {
        if (!Double.isFinite(x[i])) {
          throw new InputException(where + ": NaN or infinite value at index " + i + " of column '" + column + "'");
        }
      }
      return x;
    });
    return new Points(rdd, d, source);
  }

  private static String[] quote(String[] names) {
    String[] out = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = "`" + names[i].replace("`", "``") + "`";
    }
    return out;
  }

  private static StructField fieldOrFail(Dataset<Row> frame, String name, String source) {
    for (StructField f : frame.schema().fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new InputException("no column '" + name + "' in " + source);
  }

  private static JavaNewHadoopRDD<LongWritable, Text> textLines(SparkSession spark, List<Path> files) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
    StringBuilder joined = new StringBuilder();
    for (Path f : files) {
      if (joined.length() > 0) {
        joined.append(',');
      }
      joined.append(f.toString().replace(",", "\\,"));
    }
    return (JavaNewHadoopRDD<LongWritable, Text>) jsc.newAPIHadoopFile(joined.toString(), TextInputFormat.class,
        LongWritable.class, Text.class, conf);
  }

  /** Parses every line in map tasks, naming file and line (or byte offset) in any error. */
  private static JavaRDD<double[]> parseText(SparkSession spark, List<Path> files, LineParser parser,
      int leadingLines) {
    return textLines(spark, files).mapPartitionsWithInputSplit(
        (InputSplit split, Iterator<Tuple2<LongWritable, Text>> lines) -> parseSplit(split, lines, parser, leadingLines),
        false);
  }

  private static Iterator<double[]> parseSplit(InputSplit split, Iterator<Tuple2<LongWritable, Text>> lines,
      LineParser parser, int leadingLines) {
    FileSplit fileSplit = (FileSplit) split;
    String file = fileSplit.getPath().toString();
    boolean fromStart = fileSplit.getStart() == 0;
    return new Iterator<>() {
      private long lineNumber;
      private double[] next;

      private void advance() {
        while (next == null && lines.hasNext()) {
          Tuple2<LongWritable, Text> record = lines.next();
          lineNumber++;
          if (fromStart && lineNumber <= leadingLines) {
            continue;
          }
          try {
            next = parser.parse(record._2().toString());
          } catch (IllegalArgumentException e) {
            String where = fromStart ? "line " + lineNumber : "byte offset " + record._1().get();
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
      public double[] next() {
        advance();
        if (next == null) {
          throw new NoSuchElementException();
        }
        double[] out = next;
        next = null;
        return out;
      }
    };
  }

  /** Up to {@code count} lines from the top of a (possibly compressed) file. */
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
          out.add(line);
        }
      }
      return out;
    } catch (IOException e) {
      throw new InputException("cannot read " + file + ": " + e.getMessage());
    }
  }

  private static String firstLineOf(String message) {
    if (message == null) {
      return "unknown error";
    }
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }
}
