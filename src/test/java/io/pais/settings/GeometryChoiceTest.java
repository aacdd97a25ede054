package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import io.pais.sampling.Sampler;
import org.junit.jupiter.api.Test;

/**
 * Issue 49, item 2: auto takes ℓ1 where the public box's effective dimension (Σ a)² / Σ a² is below (d + 1)/2 — the
 * point where ℓ1's expected squared noise 2d(Σ a)²β² falls below ℓ2's d(d + 1)(Σ a²)β² — and ℓ2 otherwise, without
 * bounds and in paper mode; a choice from public settings alone.
 */
class GeometryChoiceTest {

  @Test
  void theEffectiveDimensionCountsTheWideCoordinates() {
    assertEquals(3, CoordinateBounds.parse("-1:1,0:2,5:7").effectiveDimension(), 1e-12, "equal widths: d");
    assertEquals(1, CoordinateBounds.parse("-1:1,0:0,3:3").effectiveDimension(), 1e-12, "one wide: 1");
    // wine's box: one coordinate of half-width 768 and twelve of 0.375-48 give about 1.25
    CoordinateBounds skewed = CoordinateBounds.parse("-768:768,-48:48,-16:16,-1:1");
    double sum = 768 + 48 + 16 + 1;
    double squares = 768.0 * 768 + 48 * 48 + 16 * 16 + 1;
    assertEquals(sum * sum / squares, skewed.effectiveDimension(), 1e-12);
    assertEquals(2, CoordinateBounds.parse("-1e150:1e150,-1e150:1e150").effectiveDimension(), 1e-12,
        "no overflow at the largest bounds");
  }

  @Test
  void autoTakesL1ExactlyBelowHalfOfDPlusOne() {
    // d = 3: l1 below 2. Half-widths (1, t, t): D = (1 + 2t)² / (1 + 2t²), which is 2 at t = 1/4 (then l2)
    assertEquals(Geometry.L1, strictWith("-1:1,-0.2:0.2,-0.2:0.2"));
    assertEquals(Geometry.L2, strictWith("-1:1,-0.25:0.25,-0.25:0.25"), "at the boundary: l2");
    assertEquals(Geometry.L2, strictWith("-1:1,-0.3:0.3,-0.3:0.3"));
    assertEquals(Geometry.L2, strictWith("-1:1,-1:1,-1:1"), "equal widths");
    assertEquals(Geometry.L2, strictWith("-5:5"), "one pair for every coordinate: D = d");
    assertEquals(Geometry.L1, strictWith("-768:768,-48:48,-16:16,-10:10,-3:3,-2:2,-2:2,-3:3,-3:3,-1.5:1.5,-2:2,"
        + "-0.75:0.75,-0.375:0.375"), "wine's box");
    assertEquals(Geometry.L2, KMeansSettings.builder().strict(5).build().geometry(), "no bounds");
    assertEquals(Geometry.L2, KMeansSettings.builder().paper().build().geometry(), "paper mode");
  }

  @Test
  void aGivenGeometryIsKeptAndTheDefaultIsAuto() {
    assertEquals(GeometryChoice.AUTO, Defaults.GEOMETRY);
    SettingsBuilder skewed = KMeansSettings.builder().privacy(PrivacyMode.Kind.STRICT)
        .bounds(CoordinateBounds.parse("-100:100,-1:1,-1:1,-1:1"));
    assertEquals(Geometry.L2, skewed.geometry(GeometryChoice.L2).build().geometry());
    assertEquals(Geometry.L2, skewed.geometry(Geometry.L2).build().geometry());
    assertEquals(Geometry.L1, skewed.geometry(GeometryChoice.AUTO).build().geometry());
    assertEquals(Geometry.L1, KMeansSettings.builder().paper().geometry(GeometryChoice.L1).build().geometry());
  }

  /**
   * Box: the points in ℓ2, DP-Lloyd's offsets in a box of the public box's proportions reaching κ = BOX_REACH (a cube
   * without bounds); every other choice's sums are its geometry's ball. Refused where no clipped offsets are summed
   * (paper mode, offset-clip none) and under the uniform schemes, by name.
   */
  @Test
  void boxClipsTheOffsetsInThePublicBoxsProportions() {
    KMeansSettings box = KMeansSettings.builder().privacy(PrivacyMode.Kind.STRICT)
        .bounds(CoordinateBounds.parse("-3:3,-4:4")).geometry(GeometryChoice.parse("box")).build();
    assertEquals(Geometry.L2, box.geometry());
    SumShape.Box shape = (SumShape.Box) box.sumShape(2);
    assertEquals(GeometryChoice.BOX_REACH * 3 / 5, shape.halfWidth(0), 1e-15);
    assertEquals(GeometryChoice.BOX_REACH * 4 / 5, shape.halfWidth(1), 1e-15);
    SumShape.Box cube = (SumShape.Box) KMeansSettings.builder().strict(5)
        .geometry(GeometryChoice.BOX).build().sumShape(4);
    assertEquals(GeometryChoice.BOX_REACH / 2, cube.halfWidth(3), 1e-15, "a cube without bounds");
    assertEquals(Geometry.L2, KMeansSettings.builder().strict(5).build().sumShape(4), "auto: the ball");
    assertEquals(Geometry.L1, KMeansSettings.builder().privacy(PrivacyMode.Kind.STRICT)
        .bounds(CoordinateBounds.parse("-100:100,-1:1,-1:1,-1:1")).build().sumShape(4), "auto in l1: its ball");
    assertRefused(KMeansSettings.builder().paper().geometry(GeometryChoice.BOX), "--privacy strict");
    assertRefused(KMeansSettings.builder().strict(5).offsetClip(OffsetClip.none())
        .geometry(GeometryChoice.BOX), "--offset-clip");
    assertRefused(KMeansSettings.builder().strict(5).sampler(Sampler.parse("wor"))
        .sampleSize(SampleSize.parse("sample-size", "10%")).geometry(GeometryChoice.BOX), "uniform schemes");
  }

  private static void assertRefused(SettingsBuilder builder, String part) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertTrue(e.getMessage().contains("--geometry box") && e.getMessage().contains(part), e.getMessage());
  }

  @Test
  void parsingNamesTheSettingAndItsValues() {
    assertEquals(GeometryChoice.AUTO, GeometryChoice.parse("AUTO"));
    assertEquals(GeometryChoice.L1, GeometryChoice.parse("l1"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GeometryChoice.parse("l3"));
    assertTrue(e.getMessage().contains("geometry") && e.getMessage().contains("auto")
        && e.getMessage().contains("l3"), e.getMessage());
  }

  private static Geometry strictWith(String bounds) {
    return KMeansSettings.builder().privacy(PrivacyMode.Kind.STRICT).bounds(CoordinateBounds.parse(bounds)).build()
        .geometry();
  }
}
