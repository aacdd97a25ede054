package io.pais.io;

import io.pais.math.Checks;
import java.util.List;

/**
 * What to read and which columns are features.
 *
 * @param paths one or more Hadoop paths or globs (file:, hdfs:, s3a:, …); several are stacked
 * @param format csv, libsvm or parquet
 * @param header CSV: the first line of each file is a header
 * @param skipLines CSV: lines to skip at the top of each file, after the header if any (e.g. a count line)
 * @param delimiter CSV: a single character, or "whitespace" for runs of spaces and tabs
 * @param featureColumns CSV/Parquet: feature columns by header name or 0-based index; empty = all not dropped
 * @param dropColumns CSV/Parquet: columns to drop (labels, ids), by name or 0-based index
 * @param vectorColumn Parquet: a Spark ML vector column to read; empty = numeric columns
 * @param dimension LibSVM: the number of features; 0 = the largest index seen
 */
public record InputSpec(List<String> paths, InputFormat format, boolean header, int skipLines, String delimiter,
    List<String> featureColumns, List<String> dropColumns, String vectorColumn, int dimension) {

  public InputSpec {
    paths = List.copyOf(Checks.notNull("paths", paths));
    Checks.require(!paths.isEmpty(), "input must name at least one path");
    Checks.notNull("format", format);
    Checks.require(skipLines >= 0, "skipLines must be >= 0, got " + skipLines);
    Checks.notNull("delimiter", delimiter);
    Checks.require(delimiter.equals("whitespace") || delimiter.length() == 1,
        "delimiter must be one character or 'whitespace', got '" + delimiter + "'");
    featureColumns = List.copyOf(Checks.notNull("featureColumns", featureColumns));
    dropColumns = List.copyOf(Checks.notNull("dropColumns", dropColumns));
    vectorColumn = vectorColumn == null ? "" : vectorColumn;
    Checks.require(dimension >= 0, "dimension must be >= 0 (0 = infer), got " + dimension);
  }
}
