package io.pais.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The supremum search refines every grid peak, the ends of the interval included. */
class MaximizerTest {

  @Test
  void aMaximumInsideTheLastOrFirstCellIsFound() {
    int grid = 2049;
    double h = 1.0 / (grid - 1);
    // the maximum sits 0.3 of a cell inside the last cell: the grid's best point is the end, 0.3h away
    double peak = 1 - 0.3 * h;
    Maximizer.Point last = Maximizer.supremumOnInterval(z -> -(z - peak) * (z - peak), 0, 1, grid);
    assertEquals(0.0, last.value(), 1e-20);
    assertEquals(peak, last.x(), 1e-8);
    double low = 0.3 * h;
    Maximizer.Point first = Maximizer.supremumOnInterval(z -> -(z - low) * (z - low), 0, 1, grid);
    assertEquals(0.0, first.value(), 1e-20);
    // a monotone function: the end itself
    Maximizer.Point rising = Maximizer.supremumOnInterval(z -> z, 0, 2, grid);
    assertEquals(2.0, rising.value());
    assertTrue(Maximizer.supremumOnInterval(z -> -z, 0, 2, grid).value() == 0.0);
  }
}
