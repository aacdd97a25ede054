package io.pais.settings;

import io.pais.math.Checks;
import java.util.Locale;

/** What strict preprocessing does with the points beyond the estimated r. */
public enum Outliers {
  /** Project them onto the ball of radius r (the default: n is unchanged). */
  PROJECT,
  /** Drop them (changes the number of records). */
  DROP;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Outliers parse(String text) {
    return Checks.oneOf("outliers", text, values(), Outliers::id);
  }
}
