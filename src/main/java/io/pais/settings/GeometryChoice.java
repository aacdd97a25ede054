package io.pais.settings;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.util.Arrays;
import java.util.Locale;

/**
 * The geometry a release asks for ({@code --geometry}): ℓ2, ℓ1, box, or auto — the one whose sum noise is smaller for
 * points shaped like the public box, a choice made from public bounds alone, so it costs no ε. Box measures the points
 * in ℓ2 and clips DP-Lloyd's offsets into a box of the public box's proportions whose half-diagonal is
 * {@link #BOX_REACH}·ρ, with the box's K-norm noise ({@link SumShape.Box}); it needs a strict release (whose offsets
 * are clipped) and a Poisson sampler. Without bounds (a clip radius only) the box is a cube.
 *
 * <p>Summing offsets clipped to a radius Δ in a geometry, the noise has E‖ζ‖₂² = d(d + 1)β² in ℓ2 (Gamma(d, β) radius,
 * β = Δ₂/ε) and 2dβ² in ℓ1 (i.i.d. Laplace, β = Δ₁/ε). For offsets that spread over the coordinates as the box's
 * half-widths a_j do, Δ₁/Δ₂ = Σ a_j / √(Σ a_j²), so ℓ1 adds less noise exactly when the box's effective dimension
 * D = (Σ a_j)² / Σ a_j² is below (d + 1)/2: when a few coordinates are much wider than the rest (features of
 * unequal scale), where ℓ2's noise, the same in every coordinate, swamps the narrow ones. Bounds that give one pair
 * for every coordinate have D = d, and a release without bounds or in paper mode has no box: ℓ2 (the paper's).
 */
public enum GeometryChoice {
  AUTO,
  L2,
  L1,
  BOX;

  /**
   * κ: the half-diagonal of the box geometry's clip box in units of ρ. A utility constant (it spends no ε: a term's
   * gauge stays ρ). The prototype on the generalisation benchmark (docs/results/history.md, "A box-shaped noise for
   * DP-Lloyd's steps") measured κ = 1, 1.5, 2 and 3: 2 gave the high-d cells their lowest costs (wide-5x256 1.66 →
   * 1.48, sonar 2.35 → 2.12).
   */
  public static final double BOX_REACH = 2.0;

  public static GeometryChoice parse(String name) {
    return Checks.oneOf("geometry", name, values(), GeometryChoice::id);
  }

  /** The choice that is always {@code geometry}. */
  public static GeometryChoice of(Geometry geometry) {
    return switch (Checks.notNull("geometry", geometry)) {
      case L2 -> L2;
      case L1 -> L1;
    };
  }

  /** The geometry of a release in {@code mode}: this one, or for auto the one the public box favours (box: ℓ2). */
  public Geometry resolve(PrivacyMode mode) {
    return switch (this) {
      case L2, BOX -> Geometry.L2;
      case L1 -> Geometry.L1;
      case AUTO -> mode instanceof PrivacyMode.Strict strict && strict.release().bounds() != null
          && favoursL1(strict.release().bounds()) ? Geometry.L1 : Geometry.L2;
    };
  }

  /**
   * What DP-Lloyd's offsets in d dimensions are clipped into and noised in: the box of {@link #BOX_REACH} with the
   * public box's proportions (a cube without bounds) for box, else the resolved geometry's ball.
   */
  public SumShape sumShape(PrivacyMode mode, int dimension) {
    return switch (this) {
      case BOX -> SumShape.Box.of(boxHalfWidths(mode, dimension), BOX_REACH);
      case AUTO, L2, L1 -> resolve(mode);
    };
  }

  private static double[] boxHalfWidths(PrivacyMode mode, int dimension) {
    CoordinateBounds bounds = mode instanceof PrivacyMode.Strict strict ? strict.release().bounds() : null;
    if (bounds != null) {
      return bounds.halfWidthsIn(dimension);
    }
    double[] cube = new double[dimension];
    Arrays.fill(cube, 1.0);
    return cube;
  }

  /** Whether the box's effective dimension is below (d + 1)/2 (d its pairs; one pair for all is never below). */
  static boolean favoursL1(CoordinateBounds bounds) {
    int d = bounds.lower().length;
    return bounds.effectiveDimension() < (d + 1) / 2.0;
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
