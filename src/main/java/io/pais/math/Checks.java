package io.pais.math;

/**
 * The one preconditions helper. Every message names the parameter, the rule it broke and the value it got,
 * so a user can fix a call without reading our source. Values passed here are parameters, never data records.
 */
public final class Checks {
  private Checks() {}

  /** A finite number (rejects NaN and both infinities). */
  public static double finite(String name, double value) {
    if (!Double.isFinite(value)) {
      throw fail(name, "must be a finite number", value);
    }
    return value;
  }

  /** A finite number strictly greater than zero. */
  public static double positive(String name, double value) {
    if (!(Double.isFinite(value) && value > 0)) {
      throw fail(name, "must be finite and > 0", value);
    }
    return value;
  }

  /** A finite number greater than or equal to zero. */
  public static double nonNegative(String name, double value) {
    if (!(Double.isFinite(value) && value >= 0)) {
      throw fail(name, "must be finite and >= 0", value);
    }
    return value;
  }

  /** A finite number in the closed interval [lo, hi]. */
  public static double inClosedRange(String name, double value, double lo, double hi) {
    if (!(Double.isFinite(value) && value >= lo && value <= hi)) {
      throw fail(name, "must be in [" + lo + ", " + hi + "]", value);
    }
    return value;
  }

  /** A finite number greater than or equal to {@code lo}. */
  public static double atLeast(String name, double value, double lo) {
    if (!(Double.isFinite(value) && value >= lo)) {
      throw fail(name, "must be finite and >= " + lo, value);
    }
    return value;
  }

  /** An integer strictly greater than zero. */
  public static int positive(String name, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be > 0, got " + value);
    }
    return value;
  }

  /** An integer strictly greater than zero. */
  public static long positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be > 0, got " + value);
    }
    return value;
  }

  /** A reference that must be present. */
  public static <T> T notNull(String name, T value) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }

  /** A rule that relates several parameters; {@code message} says which and why. */
  public static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * The constant of {@code values} whose id (or enum name) matches {@code text}, ignoring case; otherwise an
   * error listing the accepted ids.
   */
  public static <E extends Enum<E>> E oneOf(String name, String text, E[] values,
      java.util.function.Function<E, String> id) {
    for (E e : values) {
      if (text != null && (id.apply(e).equalsIgnoreCase(text.strip()) || e.name().equalsIgnoreCase(text.strip()))) {
        return e;
      }
    }
    StringBuilder ids = new StringBuilder();
    for (E e : values) {
      ids.append(ids.length() == 0 ? "" : ", ").append(id.apply(e));
    }
    throw new IllegalArgumentException(name + " must be one of " + ids + ", got '" + text + "'");
  }

  private static IllegalArgumentException fail(String name, String rule, double value) {
    return new IllegalArgumentException(name + " " + rule + ", got " + value);
  }
}
