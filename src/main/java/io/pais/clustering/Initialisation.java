package io.pais.clustering;

import io.pais.math.Checks;
import java.util.Locale;

/** How the first centres are chosen (SPEC §9). */
public enum Initialisation {
  /** k points uniform in the ball of radius r: reads no data, so it is covered by the guarantee. */
  RANDOM_BALL,
  /** k distinct random points of the sample, as in the paper: uses raw data, NOT covered by the guarantee. */
  SAMPLE_POINTS;

  public static Initialisation parse(String name) {
    Checks.notNull("init", name);
    for (Initialisation i : values()) {
      if (i.id().equalsIgnoreCase(name) || i.name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("init must be one of random-ball, sample-points, got '" + name + "'");
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
