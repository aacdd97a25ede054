package io.pais.io;

/**
 * Bad input: the message names the file and, where known, the line or byte offset and the column, never a
 * value from the data.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  /**
   * A failure while reading {@code source} that a reader we do not own threw, described by its kind when it is one
   * pais knows (a VectorAssembler's NaN, a vanished file, …), never by its message; null when it is none of those.
   */
  public static InputException ofKnownReadFailure(String source, Throwable failure) {
    String known = ReadFailures.known(failure);
    return known == null ? null : new InputException("cannot read " + source + ": " + known);
  }

  /** The first InputException in a cause chain (Spark wraps task failures), or null. */
  public static InputException find(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof InputException e) {
        return e;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    // Spark may carry a task's failure only as text in the driver-side exception
    for (Throwable t = error; t != null && t.getCause() != t; t = t.getCause()) {
      String message = t.getMessage();
      String marker = InputException.class.getName() + ": ";
      if (message != null && message.contains(marker)) {
        String rest = message.substring(message.indexOf(marker) + marker.length());
        int end = rest.indexOf('\n');
        // Spark 4 appends the error class's state to the line (" SQLSTATE: XXKDA"): not part of our message
        return new InputException((end < 0 ? rest : rest.substring(0, end)).replaceFirst(" SQLSTATE: \\w{5}$", ""));
      }
    }
    return null;
  }
}
