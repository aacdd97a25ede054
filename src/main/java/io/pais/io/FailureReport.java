package io.pais.io;

import java.util.Locale;

/**
 * The one line a failed run prints on the terminal, and its exit code. Our own messages (bad input, bad
 * parameters) are data-free by construction and shown as they are; anything else is named by its kind only,
 * since a foreign message can quote data, and the full trace goes to the log.
 */
public final class FailureReport {
  private FailureReport() {}

  public static String oneLine(Throwable e) {
    if (e instanceof SpentClaimException spent) { // composed of our own one line and the claim's note
      return firstLine(spent.getMessage());
    }
    InputException input = InputException.find(e);
    if (input != null) {
      return firstLine(input.getMessage());
    }
    if (e instanceof IllegalArgumentException) {
      return firstLine(e.getMessage());
    }
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof OutOfMemoryError) {
        return "out of memory; give the driver or the executors more memory (spark-submit --driver-memory, "
            + "--executor-memory; PAIS_DRIVER_MEMORY for submit/pais-local), or lower k or the dimension"
            + logHint();
      }
      if (t instanceof org.apache.hadoop.fs.FSError) {
        return "a file system failed while writing (" + (t.getCause() == null ? "FSError"
            : t.getCause().getClass().getSimpleName()) + "): is the disk full or read-only? Nothing was published"
            + logHint();
      }
    }
    return "failed: " + e.getClass().getSimpleName() + logHint();
  }

  /** 1 for bad input or parameters (the user can fix them), 3 for anything else. */
  public static int exitCode(Throwable e) {
    if (e instanceof SpentClaimException spent && spent.getCause() != null) {
      return exitCode(spent.getCause());
    }
    return InputException.find(e) != null || e instanceof IllegalArgumentException ? 1 : 3;
  }

  private static String logHint() {
    String file = System.getProperty("pais.log.file");
    return String.format(Locale.ROOT, " (the full trace is in %s; --verbose prints it)",
        file == null ? "the driver's log" : file);
  }

  private static String firstLine(String message) {
    if (message == null || message.isBlank()) {
      return "failed";
    }
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }
}
