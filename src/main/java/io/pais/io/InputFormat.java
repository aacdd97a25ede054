package io.pais.io;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.Locale;

/**
 * How the input is read: {@link #CSV} and {@link #LIBSVM} by pais's own readers (errors name the file, the line
 * and the column), anything else by the Spark data source of that name ({@link #PARQUET}, orc, json, avro when its
 * package is on the classpath, or a source's class name), with its columns chosen as for Parquet.
 *
 * @param id the name as given; short names in lower case
 */
public record InputFormat(String id) implements Serializable {
  public static final InputFormat CSV = new InputFormat("csv");
  public static final InputFormat LIBSVM = new InputFormat("libsvm");
  public static final InputFormat PARQUET = new InputFormat("parquet");

  public InputFormat {
    Checks.notNull("format", id);
    Checks.require(id.matches("[A-Za-z][A-Za-z0-9_.$-]*"), "format must be csv, libsvm or the name of a Spark data "
        + "source (parquet, orc, json, ... or a class name), got '" + id + "'");
  }

  /** A format by name: a short name in any case, or a data source's class name as written. */
  public static InputFormat parse(String name) {
    Checks.notNull("format", name);
    return new InputFormat(name.contains(".") ? name : name.toLowerCase(Locale.ROOT));
  }

  /** Whether pais's own text reader reads it (CSV, LibSVM) rather than a Spark data source. */
  public boolean isText() {
    return equals(CSV) || equals(LIBSVM);
  }
}
