package io.pais.clustering;

import io.pais.io.InputException;
import io.pais.io.Points;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import java.util.Collections;

/** What a release may read: checked on the input's schema, before any record is read and before budget is claimed. */
public final class ReleaseInput {
  /** The most centre coordinates k·d: a copy is 80 MB, and the driver holds a few (centres, sums, noise). */
  static final long MAX_CENTRE_VALUES = 10_000_000;

  private ReleaseInput() {}

  /**
   * Refuses, before any record is read, points these settings cannot release: in a strict release a dimension not
   * given publicly; k·d beyond what the driver holds; an origin, bounds or centre of another dimension. Depends only
   * on the settings and the input's schema, so a run checks it before it claims budget.
   */
  public static void requireUsable(KMeansSettings settings, Points points) {
    int d = points.dimension();
    if (settings.isStrict()) {
      // d is published (the centres' columns, the report) and sets every noise scale: one record may not decide it
      points.dimensionSource().requirePublic();
    }
    int largestK = settings.kCandidates().isEmpty() ? settings.k()
        : Collections.max(settings.kCandidates());
    if ((long) largestK * d > MAX_CENTRE_VALUES) {
      throw new InputException("k x d = " + largestK + " x " + d + " centre coordinates are more than the "
          + MAX_CENTRE_VALUES + " the driver holds per copy; lower k or the dimension");
    }
    if (settings.privacy() instanceof PrivacyMode.Strict strict) {
      strict.release().origin(d);
    }
    double[] centre = settings.privacy().constants().centre();
    if (centre != null && centre.length != d) {
      throw new IllegalArgumentException("center must have " + d + " coordinates, got " + centre.length);
    }
  }
}
