package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CentreWeightsTest {
  @Test
  void sumsEachRowsWeightAtItsNearestCentre() {
    // rows at x = 0, 1, 4, 6 and 5 (halfway between the centres 4 and 6: ties go to the lower index)
    SampleBlock rows = SampleBlock.ofRows(new double[] {0, 0, 1, 0, 4, 0, 6, 0, 5, 0}, new double[] {2, 3, 7, 11, 13},
        2);
    double[] centres = {0, 0, 4, 0, 6, 0};
    assertArrayEquals(new double[] {5, 20, 11}, CentreWeights.of(rows, centres, 3), 0);
  }

  @Test
  void rowsOfNoWeightCountNothingAndNoRowsGiveZeros() {
    SampleBlock rows = SampleBlock.ofRows(new double[] {0, 5}, new double[] {0, -3}, 1);
    assertArrayEquals(new double[] {0, 0}, CentreWeights.of(rows, new double[] {0, 5}, 2), 0);
    assertArrayEquals(new double[] {0, 0, 0}, CentreWeights.of(SampleBlock.empty(0), new double[] {1, 2, 3}, 3), 0);
  }

  @Test
  void centresMustMatchTheRowsDimension() {
    SampleBlock rows = SampleBlock.ofRows(new double[] {0, 0}, new double[] {1}, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CentreWeights.of(rows, new double[] {0, 0, 0}, 2));
    assertTrue(e.getMessage().contains("k x d = 2 x 2") && e.getMessage().contains("got 3"), e.getMessage());
  }
}
