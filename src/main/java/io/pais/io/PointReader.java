package io.pais.io;

import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads CSV, LibSVM and Spark data source inputs (any Hadoop path, gzip/bzip2 through Hadoop's codecs) into dense
 * points with sampling keys that name each record's place in the input, not Spark's partitioning
 * ({@link io.pais.sampling.SamplingKeys}). Records are parsed in map tasks with the file and line of every
 * record known, so bad input stops the job with a message naming the file and the line (or that the record lies
 * inside a split of a large uncompressed file) and the column, never the values; failures of readers we do not
 * own are described by kind ({@link ReadFailures}), never by their messages. The entry point: the text formats are
 * read by {@link TextPoints}, the data sources and tables by {@link FramePoints}.
 */
public final class PointReader {
  /**
   * The largest dimension read: a dense point of this size is 800 KB. A LibSVM index above it is far more
   * likely a corrupt line than a feature, and would otherwise size every point by it.
   */
  public static final int MAX_DIMENSION = 100_000;

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
      TextPoints.LIBSVM_LARGEST_INDEX.requirePublic();
    }
    if (spec.format().equals(InputFormat.CSV) && !spec.header() && spec.featureColumns().isEmpty()) {
      TextPoints.CSV_FIRST_LINE.requirePublic();
    }
  }

  /** Reads {@code spec}; nothing is computed until the returned RDD is used, except listing and header checks. */
  public static Points read(SparkSession spark, InputSpec spec) {
    String source = spec.source();
    if (spec.table() != null) {
      return FramePoints.readFrame(spec, source, () -> spark.read().options(spec.options()).table(spec.table()));
    }
    if (!spec.format().isText()) {
      return FramePoints.readFrame(spec, source, () -> spark.read().format(spec.format().id()).options(spec.options())
          .load(spec.paths().toArray(new String[0])));
    }
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    InputFiles files = InputFiles.list(spec.paths(), conf);
    return spec.format().equals(InputFormat.CSV) ? TextPoints.readCsv(spark, spec, files, conf, source)
        : TextPoints.readLibsvm(spark, spec, files, source);
  }

  /**
   * Points from a Spark ML vector column of any DataFrame (an ML pipeline's input). Such a frame has no stable
   * place for its rows, so sampling keys fall back to (partition, position). d is {@code dimension} when it is
   * positive, else the size in the column's ML metadata (public only when it lists one attribute per scalar column of
   * the frame, as VectorAssembler writes over scalar columns), else the first vector's size (taken from the records).
   * Errors name {@code source} and never the values.
   */
  public static Points vectors(Dataset<Row> frame, String column, int dimension, String source) {
    return FramePoints.vectors(frame, column, dimension, source, null);
  }

  /**
   * Where d came from, given the user's {@code given} dimension (0 for none): one that disagrees with the input's
   * columns is refused; one that agrees makes d a public input.
   */
  static DimensionSource checked(int given, int found, DimensionSource source, String input) {
    if (given == 0) {
      return source;
    }
    if (given != found) {
      throw new InputException("dimension " + given + " was given but " + input + " has " + found + " feature "
          + "columns");
    }
    return DimensionSource.GIVEN;
  }

  static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }
}
