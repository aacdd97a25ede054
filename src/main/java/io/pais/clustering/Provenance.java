package io.pais.clustering;

import io.pais.preprocessing.StrictPreprocessor;
import io.pais.io.DimensionSource;
import io.pais.io.Points;

/**
 * What a run's report says of where its inputs came from, fixed when the run is prepared (part of the immutable
 * {@link PreparedRun}, so a report never reads state an engine set along the way): where d came from, how the
 * sampling coins were keyed and, in a strict release, what the DP preprocessing estimated.
 *
 * @param dimension where d came from
 * @param stableSamplingKeys whether the coins were keyed by each record's place in the input
 * @param estimatedCentre the DP centre a strict release subtracted; null when public or in paper mode
 * @param radiusEstimated whether r is the DP histogram's quantile (strict) rather than a public input
 * @param populationKnown whether n is known to the plan: always in paper mode; in a strict release only when the
 *     DP norm histogram ran (full data and unif with a fraction need none)
 */
record Provenance(DimensionSource dimension, boolean stableSamplingKeys, double[] estimatedCentre,
    boolean radiusEstimated, boolean populationKnown) {

  /** The provenance of {@code points} prepared in paper mode ({@code strict} null) or by a strict release. */
  static Provenance of(Points points, StrictPreprocessor.Result strict) {
    return strict == null ? new Provenance(points.dimensionSource(), points.stableKeys(), null, false, true)
        : new Provenance(points.dimensionSource(), points.stableKeys(), strict.estimatedCentre(),
            strict.radiusEstimated(), strict.norms() != null);
  }
}
