package io.pais.stream;

import io.pais.math.Checks;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tumbling event-time windows aligned to the epoch, [i·w, (i + 1)·w) in UTC, and the watermark rule that closes
 * them: after a micro-batch the watermark is the largest event time read so far less the allowed lateness; a window
 * closes once its end is at or below it, and a record whose window closed before the micro-batch that carries it is
 * late (dropped, as Spark's own watermark drops it).
 *
 * @param widthMillis w, in milliseconds (&gt; 0)
 * @param latenessMillis the allowed lateness (≥ 0)
 */
public record WindowGrid(long widthMillis, long latenessMillis) implements java.io.Serializable {
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");
  private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  public WindowGrid {
    Checks.require(widthMillis > 0, "--window must be > 0, got " + widthMillis + " ms");
    Checks.require(widthMillis % 1000 == 0, "--window must be whole seconds (windows are named to the second), got "
        + widthMillis + " ms");
    Checks.require(latenessMillis >= 0, "--watermark must be >= 0, got " + latenessMillis + " ms");
  }

  /** The grid of {@code --window} and {@code --watermark} as the flags give them (e.g. 1h and 10m). */
  public static WindowGrid parse(String window, String watermark) {
    return new WindowGrid(millis("--window", window), millis("--watermark", watermark));
  }

  /** A duration: a whole number and a unit, ms, s, m, h or d (e.g. 30s, 10m, 1h, 1d). */
  static long millis(String flag, String text) {
    Checks.require(text != null, flag + " must be a duration such as 30s, 10m, 1h or 1d, got none");
    Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
    Checks.require(m.matches(), flag + " must be a whole number and a unit (ms, s, m, h, d) such as 30s, 10m, 1h "
        + "or 1d, got '" + text + "'");
    long unit = switch (m.group(2)) {
      case "ms" -> 1;
      case "s" -> 1000;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      case "d" -> 86_400_000;
      default -> throw new IllegalStateException(m.group(2));
    };
    try {
      return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException(flag + " is too long: '" + text + "'");
    }
  }

  /** The start of the window that holds {@code eventMillis}. */
  public long startOf(long eventMillis) {
    return Math.floorDiv(eventMillis, widthMillis) * widthMillis;
  }

  /** The end (exclusive) of the window starting at {@code start}. */
  public long endOf(long start) {
    return start + widthMillis;
  }

  /** Whether the window starting at {@code start} is closed at watermark {@code watermark}. */
  public boolean closed(long start, long watermark) {
    return endOf(start) <= watermark;
  }

  /** The watermark after reading events up to {@code largestEvent}: that less the allowed lateness. */
  public long watermarkAfter(long largestEvent) {
    return largestEvent - latenessMillis;
  }

  /** The window's name in paths: {@code START_END}, UTC to the second (20261129T080000Z_20261129T090000Z). */
  public String id(long start) {
    return ID.format(Instant.ofEpochMilli(start)) + "_" + ID.format(Instant.ofEpochMilli(endOf(start)));
  }

  /** The window for people: 2026-11-29 08:00:00 to 09:00:00 UTC (the end's date when it differs). */
  public String describe(long start) {
    String from = TEXT.format(Instant.ofEpochMilli(start));
    String to = TEXT.format(Instant.ofEpochMilli(endOf(start)));
    return from + " to " + (to.substring(0, 10).equals(from.substring(0, 10)) ? to.substring(11) : to) + " UTC";
  }

  /** The grid for run.json and the console. */
  public String describeGrid() {
    return "tumbling windows of " + duration(widthMillis) + " aligned to the epoch (UTC), allowed lateness "
        + duration(latenessMillis);
  }

  /** A duration in the largest unit that divides it (1h, 90m, 30s, 0s), as the flags take it. */
  static String duration(long millis) {
    if (millis == 0) {
      return "0s";
    }
    long[] units = {86_400_000, 3_600_000, 60_000, 1000, 1};
    String[] names = {"d", "h", "m", "s", "ms"};
    for (int i = 0; i < units.length; i++) {
      if (millis % units[i] == 0) {
        return millis / units[i] + names[i];
      }
    }
    throw new IllegalStateException("unreachable: every duration is whole milliseconds");
  }
}
