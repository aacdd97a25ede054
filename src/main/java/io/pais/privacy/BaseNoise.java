package io.pais.privacy;

import io.pais.math.Checks;
import java.util.Locale;

/**
 * The noise DP-Lloyd adds to counts and sums under a uniform scheme (SPEC §14): Laplace (counts Laplace, sums of
 * density ∝ exp(−‖ζ‖/β) in the geometry; pure ε-DP per iteration) or Gaussian (i.i.d. normal counts and sum
 * coordinates; (ε, δ)-DP through the ℓ2 sensitivity).
 */
public enum BaseNoise {
  LAPLACE, GAUSSIAN;

  /** The flag value. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses "laplace" or "gaussian" (any case). */
  public static BaseNoise parse(String text) {
    return Checks.oneOf("noise", text, values(), BaseNoise::id);
  }
}
