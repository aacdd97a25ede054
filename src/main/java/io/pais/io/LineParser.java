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
      if (!whitespace) {
        return delimited(trimmed, sep, columns, selected);
      }
      String[] fields = trimmed.split("\\s+");
      if (fields.length != columns) {
        throw ragged(fields.length, columns);
      }
      double[] x = new double[selected.length];
      for (int i = 0; i < selected.length; i++) {
        x[i] = DecimalFields.number(fields[selected[i]], selected[i]);
      }
      return x;
    };
  }

  /**
   * The selected fields of a line with a one-character delimiter, read in place: the fields' bounds are found
   * first (so a ragged row is refused whatever it holds), then each selected field is parsed without a copy.
   */
  private static double[] delimited(String line, char sep, int columns, int[] selected) {
    int[] starts = new int[columns + 1]; // field f spans [starts[f], starts[f + 1] − 1)
    int fields = 1;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == sep) {
        if (fields < columns) {
          starts[fields] = i + 1;
        }
        fields++;
      }
    }
    if (fields != columns) {
      throw ragged(fields, columns);
    }
    starts[columns] = line.length() + 1;
    double[] x = new double[selected.length];
    for (int i = 0; i < selected.length; i++) {
      int f = selected[i];
      x[i] = DecimalFields.number(line, starts[f], starts[f + 1] - 1, f);
    }
    return x;
  }

  private static IllegalArgumentException ragged(int fields, int columns) {
    return new IllegalArgumentException("ragged row: " + fields + " fields where the first row has " + columns);
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
        x[index - 1] = DecimalFields.number(tokens[i].substring(colon + 1), index);
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
}
