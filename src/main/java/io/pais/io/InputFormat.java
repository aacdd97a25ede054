package io.pais.io;

import io.pais.math.Checks;
import java.util.Locale;

/** The input formats the job reads. */
public enum InputFormat {
  CSV, LIBSVM, PARQUET;

  /** Parses "csv", "libsvm" or "parquet" (any case). */
  public static InputFormat parse(String name) {
    return Checks.oneOf("format", name, values(), InputFormat::id);
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
