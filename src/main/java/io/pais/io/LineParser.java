package io.pais.io;

import java.io.Serializable;

/**
 * Parses one text line into a dense point. Implementations are serializable and run in map tasks; their
 * errors name the column and the rule, never the field's value (the caller adds file and line).
 */
interface LineParser extends Serializable {

  /** The point, or null for a line that carries none (a blank line). */
  double[] parse(String line);

  /** A CSV line: {@code columns} fields separated by {@code delimiter}; the selected ones become the point. */
  static LineParser csv(String delimiter, int columns, int[] selected) {
    boolean whitespace = delimiter.equals("whitespace");
    char sep = whitespace ? ' ' : delimiter.charAt(0);
    return line -> {
      String trimmed = whitespace ? line.strip() : line;
      if (trimmed.isBlank()) {
        return null;
      }
      String[] fields = whitespace ? trimmed.split("\\s+") : split(trimmed, sep, columns);
      if (fields.length != columns) {
        throw new IllegalArgumentException("ragged row: " + fields.length + " fields where the first row has "
            + columns);
      }
      double[] x = new double[selected.length];
      for (int i = 0; i < selected.length; i++) {
        x[i] = number(fields[selected[i]], selected[i]);
      }
      return x;
    };
  }

  /** A LibSVM line "label i:v i:v …" with 1-based indices; absent features are 0. */
  static LineParser libsvm(int dimension) {
    return line -> {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        return null;
      }
      String[] tokens = trimmed.split("\\s+");
      double[] x = new double[dimension];
      int previous = 0;
      for (int i = 1; i < tokens.length; i++) {
        int colon = tokens[i].indexOf(':');
        if (colon <= 0) {
          throw new IllegalArgumentException("token " + (i + 1) + " is not of the form index:value");
        }
        int index;
        try {
          index = Integer.parseInt(tokens[i].substring(0, colon));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("token " + (i + 1) + " has a non-integer feature index");
        }
        if (index < 1 || index <= previous) {
          throw new IllegalArgumentException("feature indices must be >= 1 and increasing (token " + (i + 1) + ")");
        }
        if (index > dimension) {
          throw new IllegalArgumentException("dimension mismatch: a feature index (token " + (i + 1)
              + ") exceeds the dimension " + dimension);
        }
        previous = index;
        x[index - 1] = number(tokens[i].substring(colon + 1), index);
      }
      return x;
    };
  }

  /** The largest feature index of a LibSVM line (0 for none); one above {@code limit} is refused. */
  static int libsvmMaxIndex(String line, int limit) {
    String trimmed = line.strip();
    if (trimmed.isEmpty() || trimmed.startsWith("#")) {
      return 0;
    }
    int last = trimmed.lastIndexOf(':');
    if (last < 0) {
      return 0;
    }
    int start = last;
    while (start > 0 && !Character.isWhitespace(trimmed.charAt(start - 1))) {
      start--;
    }
    long index;
    try {
      index = Long.parseLong(trimmed.substring(start, last));
    } catch (NumberFormatException e) {
      index = Long.MAX_VALUE; // not a number, or beyond long: refused below either way
    }
    if (index > limit) {
      throw new IllegalArgumentException("a feature index is not an integer in 1.." + limit
          + " (the largest dimension pais reads)");
    }
    return (int) Math.max(index, 0);
  }

  /**
   * A field as a number in plain decimal notation ([sign] digits [. digits] [e [sign] digits], surrounding blanks
   * allowed), nothing else: Java's own parser also takes hexadecimal ("0x1p3") and type suffixes ("1.5d", "2f"),
   * which no data file means as numbers.
   */
  private static double number(String field, int column) {
    String t = field.strip();
    if (!isDecimal(t)) {
      String lower = t.toLowerCase(java.util.Locale.ROOT).replaceFirst("^[+-]", "");
      throw new IllegalArgumentException((lower.equals("nan") || lower.startsWith("inf")
          ? "NaN or infinite value" : "non-numeric field") + " in column " + column);
    }
    double v = Double.parseDouble(t);
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("NaN or infinite value in column " + column + " (beyond the double range)");
    }
    return v;
  }

  /** Whether {@code s} is a number in plain decimal notation: [+-] digits [. digits] [(e|E) [+-] digits]. */
  static boolean isDecimal(String s) {
    int i = skipSign(s, 0);
    int integer = skipDigits(s, i);
    int digits = integer - i;
    i = integer;
    if (i < s.length() && s.charAt(i) == '.') {
      int fraction = skipDigits(s, i + 1);
      digits += fraction - (i + 1);
      i = fraction;
    }
    if (digits == 0) {
      return false;
    }
    if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      int exponentStart = skipSign(s, i + 1);
      i = skipDigits(s, exponentStart);
      if (i == exponentStart) {
        return false;
      }
    }
    return i == s.length();
  }

  /** The index after an optional sign at {@code i}. */
  private static int skipSign(String s, int i) {
    return i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-') ? i + 1 : i;
  }

  /** The index after the run of digits starting at {@code i}. */
  private static int skipDigits(String s, int i) {
    while (i < s.length() && isDigit(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static String[] split(String line, char sep, int expected) {
    String[] out = new String[Math.max(expected, 1)];
    int count = 0;
    int start = 0;
    for (int i = 0; i <= line.length(); i++) {
      if (i == line.length() || line.charAt(i) == sep) {
        if (count == out.length) {
          out = java.util.Arrays.copyOf(out, out.length * 2);
        }
        out[count++] = line.substring(start, i);
        start = i + 1;
      }
    }
    return count == out.length ? out : java.util.Arrays.copyOf(out, count);
  }
}
