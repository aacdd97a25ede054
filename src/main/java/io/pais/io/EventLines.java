package io.pais.io;

import io.pais.math.Checks;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Delimited lines of a stream: an event-time column and feature columns. Each file is read with its own columns
 * ({@link #columns}): from its header when the files have one (names), else from its first line's field count
 * (0-based indices). Errors name the column and the rule, never a field's value.
 */
public final class EventLines implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String delimiter;
  private final boolean header;
  private final String eventTime;
  /** The user column, or null when the stream names no users. */
  private final String user;
  private final List<String> features;
  private final List<String> drop;
  private final int dimension;

  /**
   * @param delimiter one character, or "whitespace"
   * @param header whether each file's first line names its columns
   * @param eventTime the event-time column: a name (with a header) or a 0-based index
   * @param user the column naming each record's user (a name or an index; never a feature), or null for none
   * @param features the feature columns (names or indices); empty: every column but the event time and
   *     {@code drop}
   * @param drop columns that are not features (labels, ids)
   * @param dimension the public number of features, checked against every file's columns
   */
  public EventLines(String delimiter, boolean header, String eventTime, String user, List<String> features,
      List<String> drop, int dimension) {
    Checks.require(delimiter.equals("whitespace") || delimiter.length() == 1,
        "delimiter must be one character or 'whitespace', got '" + delimiter + "'");
    Checks.require(eventTime != null && !eventTime.isBlank(), "a stream needs --event-time COL: the column of each "
        + "record's event time");
    Checks.positive("dimension (a stream's is public: --dimension)", dimension);
    this.delimiter = delimiter;
    this.header = header;
    this.eventTime = eventTime.strip();
    this.user = user == null || user.isBlank() ? null : user.strip();
    this.features = List.copyOf(features);
    this.drop = List.copyOf(drop);
    this.dimension = dimension;
  }

  /** Whether the lines name each record's user. */
  public boolean namesUsers() {
    return user != null;
  }

  /** Whether each file's first line is its header (not a record). */
  public boolean header() {
    return header;
  }

  /** The columns of a file whose first line is {@code firstLine}. */
  public Columns columns(String firstLine) {
    String[] first = fields(firstLine, delimiter);
    List<String> names = new ArrayList<>();
    for (String name : first) {
      names.add(name.strip());
    }
    int count = first.length;
    int time = index(eventTime, names, count);
    int userIndex = user == null ? -1 : index(user, names, count);
    if (userIndex == time) {
      throw new InputException("the user column " + user + " is the event-time column");
    }
    List<Integer> selected = new ArrayList<>();
    if (features.isEmpty()) {
      List<Integer> dropped = new ArrayList<>();
      for (String column : drop) {
        dropped.add(index(column, names, count));
      }
      for (int i = 0; i < count; i++) {
        if (i != time && i != userIndex && !dropped.contains(i)) {
          selected.add(i);
        }
      }
    } else {
      for (String column : features) {
        int i = index(column, names, count);
        if (i == time || i == userIndex) {
          throw new InputException("feature column " + column + " is the " + (i == time ? "event-time" : "user")
              + " column");
        }
        selected.add(i);
      }
    }
    if (selected.size() != dimension) {
      throw new InputException("--dimension is " + dimension + " but the file has " + selected.size() + " feature "
          + "columns (of " + count + ", one the event time" + (user == null ? "" : ", one the user") + ")");
    }
    return new Columns(delimiter, count, time, userIndex, selected.stream().mapToInt(Integer::intValue).toArray());
  }

  private int index(String column, List<String> names, int count) {
    if (header) {
      int i = names.indexOf(column);
      if (i < 0) {
        throw new InputException("column " + column + " is not in the file's header");
      }
      return i;
    }
    try {
      int i = Integer.parseInt(column);
      if (i < 0 || i >= count) {
        throw new InputException("column " + i + " is not among the file's " + count + " columns (0-based)");
      }
      return i;
    } catch (NumberFormatException e) {
      throw new InputException("column " + column + " must be a 0-based index: the files have no header (--header "
          + "reads names from each file's first line)");
    }
  }

  private static String[] fields(String line, String delimiter) {
    return delimiter.equals("whitespace") ? line.strip().split("\\s+")
        : line.split(Pattern.quote(delimiter), -1);
  }

  /**
   * A file's columns.
   *
   * @param delimiter as {@link EventLines}'s
   * @param count fields per line
   * @param eventTime the event time's field
   * @param user the user's field, or −1
   * @param features the features' fields, in order
   */
  public record Columns(String delimiter, int count, int eventTime, int user, int[] features) implements Serializable {
    /** The record of {@code line} with sampling key {@code key}; null for a blank line. */
    public TimedPoint parse(String line, long key) {
      if (line.isBlank()) {
        return null;
      }
      String[] fields = EventLines.fields(line, delimiter);
      if (fields.length != count) {
        throw new IllegalArgumentException("ragged row: " + fields.length + " fields where the file's first row has "
            + count);
      }
      double[] x = new double[features.length];
      for (int i = 0; i < features.length; i++) {
        x[i] = DecimalFields.number(fields[features[i]], features[i]);
      }
      return new TimedPoint(key, eventMillis(fields[eventTime], eventTime), user < 0 ? 0
          : TimedPoint.userOf(fields[user]), x);
    }
  }

  /**
   * An event time: seconds since the epoch (a decimal number), or a UTC timestamp (2026-11-29T08:00:00Z, with or
   * without the Z, a space allowed for the T); milliseconds since the epoch, rounded down.
   */
  public static long eventMillis(String field, int column) {
    String t = field.strip();
    if (DecimalFields.isDecimal(t)) {
      double seconds = DecimalFields.number(t, column);
      double millis = Math.floor(seconds * 1000);
      if (!(Math.abs(millis) < 0x1p62)) {
        throw new IllegalArgumentException("event time in column " + column + " is out of range");
      }
      return (long) millis;
    }
    String iso = t.replace(' ', 'T');
    try {
      return (iso.endsWith("Z") ? Instant.parse(iso) : LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC))
          .toEpochMilli();
    } catch (DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException("event time in column " + column + " must be seconds since the epoch or a "
          + "UTC timestamp like 2026-11-29T08:00:00Z");
    }
  }
}
