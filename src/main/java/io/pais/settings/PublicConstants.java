package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * A public norm bound r and a public centre, as the user may give them: a strict release then skips estimating
 * them, paper mode's public preprocessing uses them.
 *
 * @param normBound r (null: not given)
 * @param centre the centre to subtract (null: not given)
 */
public record PublicConstants(Double normBound, double[] centre) implements Serializable {

  public PublicConstants {
    if (normBound != null) {
      Checks.require(normBound > 0 && Double.isFinite(normBound), "normBound must be finite and > 0, got "
          + normBound);
    }
    if (centre != null) {
      for (double c : centre) {
        Checks.finite("centre coordinate", c);
      }
      centre = centre.clone();
    }
  }

  /** Neither is given. */
  public static PublicConstants none() {
    return new PublicConstants(null, null);
  }

  public boolean hasNormBound() {
    return normBound != null;
  }

  public boolean hasCentre() {
    return centre != null;
  }

  /** A copy of the centre (null when none is given). */
  @Override
  public double[] centre() {
    return centre == null ? null : centre.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PublicConstants c && Objects.equals(normBound, c.normBound)
        && Arrays.equals(centre, c.centre);
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(normBound) + Arrays.hashCode(centre);
  }

  @Override
  public String toString() {
    return "PublicConstants[normBound=" + normBound + ", centre=" + Arrays.toString(centre) + "]";
  }
}
