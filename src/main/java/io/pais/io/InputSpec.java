package io.pais.io;

import io.pais.math.Checks;
import java.util.List;
import java.util.Map;

/**
 * What to read and which columns are features.
 *
 * @param paths one or more Hadoop paths or globs (file:, hdfs:, s3a:, …); several are stacked; none for a table
 * @param table a catalog table (db.name) to read instead of paths, or null
 * @param format csv, libsvm, or a Spark data source (parquet, orc, json, …); ignored for a table
 * @param options options passed to a Spark data source or table reader (not to the CSV and LibSVM readers)
 * @param header CSV: the first line of each file is a header
 * @param skipLines CSV: lines to skip at the top of each file, after the header if any (e.g. a count line)
 * @param delimiter CSV: a single character, or "whitespace" for runs of spaces and tabs
 * @param featureColumns CSV and data sources: feature columns by name (or 0-based index); empty = all not dropped
 * @param dropColumns CSV and data sources: columns to drop (labels, ids), by name or 0-based index
 * @param vectorColumn data sources: a Spark ML vector column to read; empty = numeric columns
 * @param dimension the number of features (any format; a public input, checked against the columns); 0 = from
 *     the schema or the records (LibSVM: the largest index seen; see {@link DimensionSource})
 */
public record InputSpec(List<String> paths, String table, InputFormat format, Map<String, String> options,
    boolean header, int skipLines, String delimiter, List<String> featureColumns, List<String> dropColumns,
    String vectorColumn, int dimension) {

  public InputSpec {
    paths = List.copyOf(Checks.notNull("paths", paths));
    Checks.require(paths.isEmpty() == (table != null), "give the input as --input PATH[,PATH...] or as --table NAME "
        + "(one of them), got " + paths.size() + " paths and " + (table == null ? "no table" : "a table"));
    Checks.require(table == null || !table.isBlank(), "table must name a table, got a blank name");
    Checks.notNull("format", format);
    options = Map.copyOf(Checks.notNull("options", options));
    Checks.require(options.isEmpty() || table != null || !format.isText(), "options are for Spark data sources and "
        + "tables; the " + format.id() + " reader takes its own flags (--header, --delimiter, --skip-lines, "
        + "--dimension)");
    Checks.require(skipLines >= 0, "skipLines must be >= 0, got " + skipLines);
    Checks.notNull("delimiter", delimiter);
    Checks.require(delimiter.equals("whitespace") || delimiter.length() == 1,
        "delimiter must be one character or 'whitespace', got '" + delimiter + "'");
    featureColumns = List.copyOf(Checks.notNull("featureColumns", featureColumns));
    dropColumns = List.copyOf(Checks.notNull("dropColumns", dropColumns));
    vectorColumn = vectorColumn == null ? "" : vectorColumn;
    Checks.require(dimension >= 0, "dimension must be >= 0 (0 = infer), got " + dimension);
  }

  /** Files read by a format: no table, no options. */
  public InputSpec(List<String> paths, InputFormat format, boolean header, int skipLines, String delimiter,
      List<String> featureColumns, List<String> dropColumns, String vectorColumn, int dimension) {
    this(paths, null, format, Map.of(), header, skipLines, delimiter, featureColumns, dropColumns, vectorColumn,
        dimension);
  }

  /** What is read, for logs and reports: the table, or the format and the paths (never values). */
  public String source() {
    return table != null ? "table " + table : format.id() + " " + String.join(",", paths);
  }
}
