package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@code --offset-clip}: its values, who tries which fractions, and its messages. */
class OffsetClipTest {

  @Test
  void parsesTheThreeKinds() {
    assertEquals(OffsetClip.none(), OffsetClip.parse("offset-clip", "none"));
    assertEquals(OffsetClip.auto(), OffsetClip.parse("offset-clip", " auto "));
    assertEquals(OffsetClip.fraction(0.25), OffsetClip.parse("offset-clip", "0.25"));
    assertEquals(OffsetClip.fraction(1), OffsetClip.parse("offset-clip", "1"));
    assertEquals("auto", OffsetClip.auto().describe());
    assertEquals("0.25", OffsetClip.fraction(0.25).describe());
    assertEquals("none", OffsetClip.none().describe());
  }

  @Test
  void autoTriesItsFractionsLargestFirstInStrictReleasesOnly() {
    assertArrayEquals(new double[] {1, 1 / 2.0, 1 / 3.0, 1 / 4.0, 1 / 6.0, 1 / 8.0},
        OffsetClip.auto().fractionsToTry(true));
    assertEquals(0, OffsetClip.auto().fractionsToTry(false).length, "paper mode sums the points");
    assertEquals(0, OffsetClip.none().fractionsToTry(true).length);
    assertArrayEquals(new double[] {0.5}, OffsetClip.fraction(0.5).fractionsToTry(false));
    assertEquals("r, r/2, r/3, r/4, r/6, r/8", OffsetClip.Auto.ladder(), "the report names the fractions tried");
  }

  @Test
  void refusesWhatIsNotAFractionOfR() {
    for (String bad : new String[] {"0", "-0.5", "1.5", "NaN", "Infinity", "", "half", "5%"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> OffsetClip.parse("offset-clip", bad));
      assertEquals("offset-clip must be none, auto or a fraction of r in (0, 1], got '" + bad + "'", e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OffsetClip.fraction(Double.NaN));
    assertEquals("offset-clip must be none, auto or a fraction of r in (0, 1], got NaN", e.getMessage());
  }
}
