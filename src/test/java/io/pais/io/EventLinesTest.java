package io.pais.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A stream's lines: event times in both forms, columns by name or index, and errors that quote no value. */
class EventLinesTest {

  @Test
  void eventTimesAreEpochSecondsOrUtcTimestamps() {
    assertEquals(1_796_025_600_000L, EventLines.eventMillis("1796025600", 0));
    assertEquals(1_796_025_600_250L, EventLines.eventMillis(" 1796025600.25 ", 0));
    assertEquals(-1L, EventLines.eventMillis("-0.0001", 0), "rounded down, before 1970 too");
    long utc = java.time.Instant.parse("2026-11-29T08:00:00Z").toEpochMilli();
    assertEquals(utc, EventLines.eventMillis("2026-11-29T08:00:00Z", 0));
    assertEquals(utc, EventLines.eventMillis("2026-11-29 08:00:00", 0));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
        () -> EventLines.eventMillis("yesterday 4pm", 3));
    assertTrue(bad.getMessage().contains("column 3") && !bad.getMessage().contains("yesterday"), bad.getMessage());
  }

  @Test
  void columnsByNameFromAHeaderOrByIndex() {
    EventLines named = new EventLines(",", true, "when", null, List.of(), List.of("label"), 2);
    EventLines.Columns columns = named.columns("x,when,label,y");
    TimedPoint p = columns.parse("1.5,100,7,-2", 42);
    assertEquals(42, p.key());
    assertEquals(100_000, p.eventMillis());
    assertArrayEquals(new double[] {1.5, -2}, p.x());
    assertNull(columns.parse("   ", 43));

    EventLines indexed = new EventLines("whitespace", false, "0", null, List.of("2", "1"), List.of(), 2);
    TimedPoint q = indexed.columns("5 1 2").parse("5  1 2", 1);
    assertArrayEquals(new double[] {2, 1}, q.x());
  }

  @Test
  void aDimensionOtherThanThePublicOneAndRaggedRowsAreRefusedWithoutValues() {
    EventLines lines = new EventLines(",", true, "t", null, List.of(), List.of(), 3);
    InputException wrong = assertThrows(InputException.class, () -> lines.columns("t,a,b"));
    assertTrue(wrong.getMessage().contains("--dimension is 3 but the file has 2 feature columns"), wrong.getMessage());
    EventLines.Columns columns = new EventLines(",", true, "t", null, List.of(), List.of(), 2).columns("t,a,b");
    IllegalArgumentException ragged = assertThrows(IllegalArgumentException.class,
        () -> columns.parse("1,2,3,4.5", 1));
    assertTrue(ragged.getMessage().startsWith("ragged row: 4 fields"), ragged.getMessage());
    IllegalArgumentException text = assertThrows(IllegalArgumentException.class, () -> columns.parse("1,abc,3", 1));
    assertFalse(text.getMessage().contains("abc"), text.getMessage());
    assertThrows(InputException.class, () -> new EventLines(",", true, "missing", null, List.of(), List.of(), 2)
        .columns("t,a,b"));
    assertThrows(InputException.class, () -> new EventLines(",", false, "t", null, List.of(), List.of(), 2)
        .columns("1,2,3"), "names need a header");
    assertThrows(IllegalArgumentException.class, () -> new EventLines(",", false, " ", null, List.of(), List.of(), 2));
  }

  @Test
  void aUserColumnIsNeverAFeatureAndHashesAlikeOnEveryReplay() {
    EventLines lines = new EventLines(",", true, "t", "who", List.of(), List.of(), 2);
    EventLines.Columns columns = lines.columns("t,who,a,b");
    TimedPoint p = columns.parse("5,alice,1,2", 9);
    assertArrayEquals(new double[] {1, 2}, p.x());
    assertEquals(TimedPoint.userOf("alice"), p.user());
    assertEquals(TimedPoint.userOf(" alice "), p.user(), "the field is stripped");
    assertTrue(TimedPoint.userOf("alice") != TimedPoint.userOf("bob"));
    assertEquals(0xaf63dc4c8601ec8cL, TimedPoint.userOf("a"), "FNV-1a 64 of \"a\", its published test value");
    assertThrows(InputException.class, () -> new EventLines(",", true, "t", "t", List.of(), List.of(), 2)
        .columns("t,a,b"));
    assertThrows(InputException.class, () -> new EventLines(",", true, "t", "who", List.of("who", "a"), List.of(), 2)
        .columns("t,who,a"));
  }
}
