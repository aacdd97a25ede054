package io.pais.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The sums' shapes: a geometry's ball and the public box's proportions ({@link SumShape.Box}). */
class SumShapeTest {

  @Test
  void theBoxHasThePublicBoxsProportionsAndReachesKappa() {
    SumShape.Box box = SumShape.Box.of(new double[] {3, 4}, 2);
    assertEquals(2 * 3 / 5.0, box.halfWidth(0), 1e-15);
    assertEquals(2 * 4 / 5.0, box.halfWidth(1), 1e-15);
    assertEquals(2, box.reach());
    assertEquals(Geometry.L2, box.geometry(), "the points are measured in l2");
    assertEquals("box", box.id());
    assertEquals(1.0, box.gauge(new double[] {1.2, -1.6}), 1e-15, "a corner has gauge 1");
    assertEquals(0.5, box.gauge(new double[] {0.6, 0}), 1e-15);
    assertEquals(3 * 4 * 4 / 3.0, box.secondMoment(2), 1e-12, "(d + 1)(d + 2) kappa^2 / 3");
    assertThrows(IllegalArgumentException.class, () -> box.secondMoment(3));
    // bounds so wide that their squares overflow keep their proportions
    SumShape.Box wide = SumShape.Box.of(new double[] {3e200, 4e200}, 2);
    assertEquals(box.halfWidth(0), wide.halfWidth(0), 1e-15);
    assertEquals(box, SumShape.Box.of(new double[] {6, 8}, 2), "the same proportions: the same box");
  }

  @Test
  void aCoordinateOfZeroWidthStaysInTheBody() {
    SumShape.Box box = SumShape.Box.of(new double[] {1, 0, 1}, 1);
    assertTrue(box.halfWidth(1) > 0, "d-dimensional: Gamma(d + 1) stays the radius law");
    assertTrue(box.halfWidth(1) <= SumShape.Box.MIN_RELATIVE_WIDTH * box.halfWidth(0) * (1 + 1e-15));
    assertEquals(box.halfWidth(1), box.narrowest());
  }

  @Test
  void theBallsSecondMomentsAreTheGeometries() {
    assertEquals(6 * 7, Geometry.L2.secondMoment(6));
    assertEquals(12, Geometry.L1.secondMoment(6));
    assertEquals(Geometry.L1, Geometry.L1.geometry());
    assertEquals(NoiseSplit.unitFreeRatio(6, Geometry.L2), Math.cbrt(2 * 42.0));
  }

  @Test
  void badBoxesAreRefusedByName() {
    assertMessage(() -> SumShape.Box.of(new double[] {1, Double.NaN}, 2), "box half-width of coordinate 2");
    assertMessage(() -> SumShape.Box.of(new double[] {1, -1}, 2), "box half-width of coordinate 2");
    assertMessage(() -> SumShape.Box.of(new double[] {Double.POSITIVE_INFINITY}, 2), "box half-width of coordinate 1");
    assertMessage(() -> SumShape.Box.of(new double[] {0, 0}, 2), "every half-width 0");
    assertMessage(() -> SumShape.Box.of(new double[0], 2), "at least one coordinate");
    assertMessage(() -> SumShape.Box.of(new double[] {1}, 0), "box reach (kappa)");
    assertMessage(() -> SumShape.Box.of(new double[] {1}, Double.NaN), "box reach (kappa)");
    assertMessage(() -> SumShape.Box.of(new double[] {1}, Double.POSITIVE_INFINITY), "box reach (kappa)");
  }

  private static void assertMessage(org.junit.jupiter.api.function.Executable call, String part) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}
