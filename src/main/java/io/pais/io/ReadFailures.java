package io.pais.io;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.zip.ZipException;

/**
 * Describes a failure of a reader we do not own (Hadoop's codecs, Spark's Parquet reader) by what went wrong,
 * never by its message: those messages can quote the file's bytes (Parquet's "expected magic number … but
 * found [57, 54, 54, 10]", bzip2's "expected 'h' … but got …").
 */
final class ReadFailures {
  private ReadFailures() {}

  /** A short, data-free description of {@code error}. */
  static String describe(Throwable error) {
    String known = known(error);
    return known != null ? known : "unreadable (" + error.getClass().getSimpleName() + ")";
  }

  /** The description of the first failure in the cause chain this class knows, or null when it knows none. */
  static String known(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String kind = kind(t);
      if (kind != null) {
        return kind;
      }
    }
    return null;
  }

  private static String kind(Throwable t) {
    String name = t.getClass().getName();
    String message = t.getMessage() == null ? "" : t.getMessage();
    if (t instanceof EOFException) {
      return "truncated (the data ends early)";
    }
    if (t instanceof ZipException || t instanceof IOException && message.toLowerCase(java.util.Locale.ROOT)
        .contains("gzip")) {
      return "not valid gzip data (corrupt, or not gzip-compressed)";
    }
    if (message.contains("Permission denied") || name.endsWith("AccessControlException")
        || t instanceof java.nio.file.AccessDeniedException) {
      return "permission denied (this user may not read it)";
    }
    if (t instanceof java.net.ConnectException || t instanceof java.net.UnknownHostException
        || t instanceof java.net.NoRouteToHostException || name.endsWith("ConnectTimeoutException")) {
      return "its file system cannot be reached (" + (t instanceof java.net.UnknownHostException ? "unknown host"
          : t instanceof java.net.NoRouteToHostException ? "no route to the host"
          : name.endsWith("ConnectTimeoutException") ? "the connection timed out" : "the connection was refused")
          + ")";
    }
    if (t instanceof FileNotFoundException) {
      return "the file disappeared while it was read";
    }
    if (name.endsWith("SchemaColumnConvertNotSupportedException") || message.contains("cannot be converted in file")) {
      return "a column has different types in different files (a schema conflict)";
    }
    if (message.contains("is not a Parquet file") || message.contains("magic number")
        || message.contains("CANNOT_READ_FILE_FOOTER")) {
      return "not a Parquet file (or a corrupt one)";
    }
    if (message.contains("Unable to infer schema")) {
      return "no Parquet schema found (empty, or not Parquet)";
    }
    if (message.contains("BZip2") || name.contains("bzip2")) {
      return "not valid bzip2 data (corrupt, or not bzip2-compressed)";
    }
    if (message.contains("DATA_SOURCE_NOT_FOUND") || message.contains("Failed to find data source")) {
      return "no Spark data source of that name on the classpath (a source outside Spark, such as avro, needs its "
          + "package: spark-submit --packages org.apache.spark:spark-avro_<scala>:<spark version>)";
    }
    if (message.contains("TABLE_OR_VIEW_NOT_FOUND")) {
      return "no such table or view in the catalog";
    }
    if (message.contains("PATH_NOT_FOUND") || message.contains("Path does not exist")) {
      return "no such path";
    }
    if (message.contains("while assembling a row with handleInvalid")) { // VectorAssembler's own advice, data-free
      return "a VectorAssembler met a " + (message.contains("Encountered NaN") ? "NaN" : "null") + " in one of its input "
          + "columns (handleInvalid = \"error\"): drop those rows first, or build the assembler with handleInvalid = "
          + "\"skip\"";
    }
    if (t instanceof IOException && t.getCause() == null) {
      return "read error (" + t.getClass().getSimpleName() + ")";
    }
    return null;
  }
}
