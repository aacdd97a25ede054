package io.pais.settings;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.util.Locale;

/**
 * The geometry a release asks for ({@code --geometry}): ℓ2, ℓ1, or auto — the one whose sum noise is smaller for
 * points shaped like the public box, a choice made from public bounds alone, so it costs no ε.
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
  L1;

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

  /** The geometry of a release in {@code mode}: this one, or for auto the one the public box favours. */
  public Geometry resolve(PrivacyMode mode) {
    return switch (this) {
      case L2 -> Geometry.L2;
      case L1 -> Geometry.L1;
      case AUTO -> mode instanceof PrivacyMode.Strict strict && strict.release().bounds() != null
          && favoursL1(strict.release().bounds()) ? Geometry.L1 : Geometry.L2;
    };
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
