package io.pais.clustering;

import io.pais.math.Checks;
import java.util.Locale;

/** How the first centres are chosen (SPEC §9). */
public enum Initialisation {
  /** k points uniform in the ball of radius r: reads no data, so it is covered by the guarantee. */
  RANDOM_BALL,
  /** k distinct random points of the sample, as in the paper: uses raw data, NOT covered by the guarantee. */
  SAMPLE_POINTS,
  /**
   * Strict releases: a private coreset (noisy cell tree and region sums, a recorded share of ε) and weighted
   * k-means++ on it (post-processing); see {@link PrivateCoreset}.
   */
  PRIVATE_CORESET;

  public static Initialisation parse(String name) {
    return Checks.oneOf("init", name, values(), Initialisation::id);
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
