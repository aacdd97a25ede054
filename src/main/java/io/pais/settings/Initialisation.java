package io.pais.settings;

import io.pais.math.Checks;
import java.util.Locale;

/** How the first centres are chosen (SPEC §9). */
public enum Initialisation {
  /**
   * The default: {@link #PRIVATE_CORESET} in a strict release, {@link #RANDOM_BALL} in paper mode (where the coreset's
   * ledger does not exist). Resolved when the settings are built; no run sees it.
   */
  AUTO,
  /** k points uniform in the ball of radius r: reads no data, so it is covered by the guarantee. */
  RANDOM_BALL,
  /**
   * Su et al.'s sphere packing in the ball of radius r (see
   * {@link io.pais.initialisation.InitialCentres#spherePacking}): k centres spread apart; reads no data.
   */
  SPHERE_PACKING,
  /**
   * k points uniform in the ball of the data's typical radius, sqrt(x̃) (ℓ2) or x̃ (ℓ1), from the norm histogram's
   * estimate x̃̂ in a strict release (post-processing of a DP output: no further ε); reads no data itself.
   */
  SCALED_BALL,
  /** k distinct random points of the sample, as in the paper: uses raw data, NOT covered by the guarantee. */
  SAMPLE_POINTS,
  /**
   * Strict releases: a private coreset (noisy cell tree and region sums, or in d ≤ 3, and d ≤ 8 at little budget per
   * centre, a noisy grid; a recorded share of ε) and weighted k-means++ on it (post-processing); see
   * {@link io.pais.initialisation.PrivateCoreset}.
   */
  PRIVATE_CORESET;

  public static Initialisation parse(String name) {
    return Checks.oneOf("init", name, values(), Initialisation::id);
  }

  /** What AUTO means for a strict release or paper mode; any other value is itself. */
  public Initialisation resolve(boolean strict) {
    return this != AUTO ? this : strict ? PRIVATE_CORESET : RANDOM_BALL;
  }

  /** Whether a strict release needs the norm histogram for this start: n̂ (the coreset's spreads), x̃̂ (scaled-ball). */
  public boolean needsNormHistogram() {
    return switch (this) {
      case PRIVATE_CORESET, SCALED_BALL -> true;
      case RANDOM_BALL, SPHERE_PACKING, SAMPLE_POINTS, AUTO -> false;
    };
  }

  /** What this start reads from the data without privacy, as the report lists it; null when nothing. */
  public String nonPrivateStep() {
    return switch (this) {
      case SAMPLE_POINTS -> "initial centres are k random points of the sample (raw data, not covered by epsilon)";
      case RANDOM_BALL, SPHERE_PACKING, SCALED_BALL, PRIVATE_CORESET, AUTO -> null;
    };
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
