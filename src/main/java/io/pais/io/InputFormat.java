package io.pais.io;

import java.util.Locale;

/** The input formats the job reads. */
public enum InputFormat {
  CSV, LIBSVM, PARQUET;

  /** Parses "csv", "libsvm" or "parquet" (any case). */
  public static InputFormat parse(String name) {
    for (InputFormat f : values()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("format must be one of csv, libsvm, parquet, got '" + name + "'");
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
