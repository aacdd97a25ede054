package io.pais.settings;

import io.pais.math.Checks;
import java.util.Locale;

/** How points are brought into a ball of radius r (SPEC §8). */
public enum Preprocessing {
  /**
   * The paper's protocol: centre, drop norms at or above the 97.5th percentile, centre again, r = the largest
   * norm. Every one of these statistics is read from the data without privacy.
   */
  PAPER,
  /** The user supplies r (and optionally a centre); points outside the ball are projected onto it. */
  PUBLIC;

  public static Preprocessing parse(String name) {
    return Checks.oneOf("preprocess", name, values(), Preprocessing::id);
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
