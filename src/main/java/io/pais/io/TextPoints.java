package io.pais.io;

import static io.pais.io.PointReader.MAX_DIMENSION;

import io.pais.sampling.KeyedPoint;
import io.pais.sampling.SamplingKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
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
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * CSV and LibSVM inputs, parsed in map tasks line by line with the file and line of every record known (gzip and
 * bzip2 through Hadoop's codecs; {@link PointReader} is the entry point).
 */
final class TextPoints {
  private TextPoints() {}

  /** d of a LibSVM input without a dimension: the largest index, taken from the records. */
  static final DimensionSource LIBSVM_LARGEST_INDEX = DimensionSource.records(
      "the largest feature index over all records");
  /** d of a CSV input without a header, named features or a dimension: taken from its first data line. */
  static final DimensionSource CSV_FIRST_LINE = DimensionSource.records(
      "the number of fields in the first data line");

  static Points readCsv(SparkSession spark, InputSpec spec, InputFiles files, Configuration conf,
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
        selected.length, PointReader.checked(spec.dimension(), selected.length, found, source), source, true,
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

  static Points readLibsvm(SparkSession spark, InputSpec spec, InputFiles files, String source) {
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
