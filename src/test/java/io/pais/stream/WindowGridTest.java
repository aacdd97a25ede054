package io.pais.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Windows on the epoch's grid, their names, the watermark rule, durations and the console's size classes. */
class WindowGridTest {
  private static final long HOUR = 3_600_000;

  @Test
  void windowsAreAlignedToTheEpochBeforeItToo() {
    WindowGrid grid = WindowGrid.parse("1h", "10m");
    assertEquals(0, grid.startOf(0));
    assertEquals(0, grid.startOf(HOUR - 1));
    assertEquals(HOUR, grid.startOf(HOUR));
    assertEquals(-HOUR, grid.startOf(-1), "floor, not truncation, before 1970");
    assertEquals(2 * HOUR, grid.endOf(HOUR));
  }

  @Test
  void aWindowClosesWhenTheWatermarkReachesItsEnd() {
    WindowGrid grid = WindowGrid.parse("1h", "10m");
    long latest = 2 * HOUR + 10 * 60_000 - 1;
    assertFalse(grid.closed(HOUR, grid.watermarkAfter(latest)));
    assertTrue(grid.closed(HOUR, grid.watermarkAfter(latest + 1)));
  }

  @Test
  void namesAreUtcToTheSecondWithoutColons() {
    WindowGrid grid = WindowGrid.parse("1h", "0s");
    long start = java.time.Instant.parse("2026-11-29T08:00:00Z").toEpochMilli();
    assertEquals("20261129T080000Z_20261129T090000Z", grid.id(start));
    assertEquals("2026-11-29 08:00:00 to 09:00:00 UTC", grid.describe(start));
    long late = java.time.Instant.parse("2026-11-29T23:00:00Z").toEpochMilli();
    assertEquals("2026-11-29 23:00:00 to 2026-11-30 00:00:00 UTC", grid.describe(late));
  }

  @Test
  void durationsReadAndPrintInTheFlagsUnits() {
    assertEquals(90 * 60_000, WindowGrid.millis("--window", "90m"));
    assertEquals(1500, WindowGrid.millis("--trigger", "1500ms"));
    assertEquals(86_400_000, WindowGrid.millis("--window", " 1D "));
    assertEquals("90m", WindowGrid.duration(90 * 60_000));
    assertEquals("1d", WindowGrid.duration(86_400_000));
    assertEquals("0s", WindowGrid.duration(0));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> WindowGrid.millis("--window",
        "1 hour"));
    assertTrue(bad.getMessage().startsWith("--window must be a whole number and a unit"), bad.getMessage());
    assertThrows(IllegalArgumentException.class, () -> WindowGrid.parse("0s", "0s"));
    assertThrows(IllegalArgumentException.class, () -> WindowGrid.parse("1500ms", "0s"), "named to the second");
    assertThrows(IllegalArgumentException.class, () -> WindowGrid.millis("--window", "99999999999999999d"));
  }

  @Test
  void theConsoleShowsASampleSizeAsItsPowerOfTen() {
    assertEquals("no records", WindowReleases.sizeClass(0));
    assertEquals("1 to 9 records", WindowReleases.sizeClass(9));
    assertEquals("10 to 99 records", WindowReleases.sizeClass(10));
    assertEquals("1,000 to 9,999 records", WindowReleases.sizeClass(4321));
  }
}
