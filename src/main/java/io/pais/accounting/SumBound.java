package io.pais.accounting;

import io.pais.math.Checks;
import java.util.Locale;

/**
 * What one point adds at most to a DP-Lloyd cluster sum, as a ledger entry names it: r for the paper's sums of points,
 * ρ for sums of offsets from the centres clipped to ρ (then a point's profile has min(‖x‖, ρ) for ‖x‖).
 *
 * @param value r or ρ
 * @param clippedOffsets whether the sums are of clipped offsets
 */
public record SumBound(double value, boolean clippedOffsets) {
  public SumBound {
    Checks.positive("sum bound", value);
  }

  /** "r" or "rho". */
  public String symbol() {
    return clippedOffsets ? "rho" : "r";
  }

  /**
   * The norm term of the profile: "|x|" for sums of points; for clipped offsets "min(|x|, rho)" under a sampler whose
   * weights follow the norm (its offsets are capped at the point's norm too), else "rho".
   */
  public String profileTerm(boolean weighsByNorm) {
    return !clippedOffsets ? "|x|" : weighsByNorm ? "min(|x|, rho)" : "rho";
  }

  /** "r = 2.5", or "rho = 0.5 (offsets from the centres clipped to it)". */
  public String describe() {
    return String.format(Locale.ROOT, "%s = %.6g", symbol(), value)
        + (clippedOffsets ? " (offsets from the centres clipped to it)" : "");
  }
}
