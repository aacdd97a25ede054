package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each centre's clip from the grid's kept cells nearest it ({@link CentreClips}). */
class CentreClipsTest {
  /** Cells of side 0.01 (second moment 2·0.0001/12): about points. */
  private static final double SMALL_CELLS = 2 * 0.0001 / 12;

  @Test
  void aCentreClipsAtTheSmallestPowerOfTwoOfRhoAtOrAboveItsCellsSpread() {
    // centre 0 owns two cells 0.1 from it (spread ~0.1: rho/8 = 0.125 holds it), centre 1 two cells 0.4 from it
    // (rho/2 = 0.5 the smallest at or above), centre 2 one cell 0.9 away (beyond rho/2: 1)
    SampleBlock cells = SampleBlock.ofRows(new double[] {0.1, 0, -0.1, 0, 10.4, 0, 9.6, 0, 20, 0.9},
        new double[] {50, 50, 50, 50, 100}, 2);
    CentreClips clips = CentreClips.fromGrid(cells, SMALL_CELLS, 100);
    assertTrue(clips.narrows());
    double[] factors = clips.factors(new double[] {0, 0, 10, 0, 20, 0}, 3, 1);
    assertArrayEquals(new double[] {0.125, 0.5, 1}, factors, 0);
  }

  @Test
  void theCellsSecondMomentWidensTheSpread() {
    SampleBlock cells = SampleBlock.ofRows(new double[] {0, 0}, new double[] {100}, 2);
    // a cell at the centre: the spread is its second moment's root, 0.2 (rho/4 = 0.25 holds it, rho/8 does not)
    assertArrayEquals(new double[] {0.25}, CentreClips.fromGrid(cells, 0.04, 100).factors(new double[] {0, 0}, 1, 1),
        0);
  }

  @Test
  void aCentreWhoseCellsWeighLittleKeepsRho() {
    // centre 1's one cell weighs 24 of n/k = 100: below a quarter, so it keeps rho; none narrowed at all: null
    SampleBlock cells = SampleBlock.ofRows(new double[] {0, 0, 10, 0}, new double[] {100, 24}, 2);
    CentreClips clips = CentreClips.fromGrid(cells, SMALL_CELLS, 100);
    assertArrayEquals(new double[] {0.125, 1}, clips.factors(new double[] {0, 0, 10, 0}, 2, 1), 0);
    assertNull(clips.factors(new double[] {-5, 0, 5, 0}, 2, 1), "every centre 5 from its cells keeps rho");
    SampleBlock noWeight = SampleBlock.ofRows(new double[] {0, 0}, new double[] {-3}, 2);
    assertNull(CentreClips.fromGrid(noWeight, SMALL_CELLS, 1).factors(new double[] {0, 0}, 1, 1));
  }

  @Test
  void noneNarrowsNothing() {
    assertFalse(CentreClips.none().narrows());
    assertNull(CentreClips.none().factors(new double[] {0, 0}, 1, 1));
    assertFalse(CentreClips.fromGrid(SampleBlock.empty(2), 0, 1).narrows());
  }

  @Test
  void itsValuesAreChecked() {
    SampleBlock cells = SampleBlock.ofRows(new double[] {0, 0}, new double[] {1}, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CentreClips.fromGrid(cells, Double.NaN, 1));
    assertEquals("cellSecondMoment must be finite and >= 0, got NaN", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CentreClips.fromGrid(cells, 0, 0));
    assertEquals("pointsPerCentre (n/k) must be finite and > 0, got 0.0", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CentreClips.fromGrid(cells, 0, Double.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> CentreClips.fromGrid(cells, 0, 1).factors(new double[] {0}, 1,
        1));
  }
}
