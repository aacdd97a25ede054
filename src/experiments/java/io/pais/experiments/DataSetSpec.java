package io.pais.experiments;

import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * A known data set: its files (relative to a data folder) and how to read its features.
 *
 * @param name the name used on the command line
 * @param files file names or globs under the data folder; several are stacked
 * @param format csv or libsvm (or parquet)
 * @param header CSV: the first line is a header
 * @param skipLines CSV: further lines to skip at the top of each file
 * @param delimiter CSV delimiter, or "whitespace"
 * @param drop columns to drop (labels, ids, categorical fields), by 0-based index or name
 * @param dimension the number of features, public (the set's documented shape), or 0 to take it from the schema
 *     or the records (then only paper-mode runs may use the set)
 * @param description what it is, for the statistics table
 */
public record DataSetSpec(String name, List<String> files, InputFormat format, boolean header, int skipLines,
    String delimiter, List<String> drop, int dimension, String description) {

  /** The reader input for files under {@code folder}. */
  public InputSpec input(Path folder) {
    List<String> paths = files.stream().map(f -> folder.resolve(f).toAbsolutePath().toString()).toList();
    return new InputSpec(paths, format, header, skipLines, delimiter, List.of(), drop, "", dimension);
  }
}
