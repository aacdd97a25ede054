package io.pais.clustering;

import io.pais.accounting.PrivacyReport;
import java.util.Map;

/**
 * The outcome of one run.
 *
 * @param centres k × d centres in the input's coordinates (the preprocessing centre added back)
 * @param report the privacy report
 * @param stageSeconds wall-clock seconds per stage, in order
 * @param cost the k-means cost on the full preprocessed data divided by n (NaN unless evaluated); NOT private
 */
public record ClusteringResult(double[][] centres, PrivacyReport report, Map<String, Double> stageSeconds,
    double cost) {}
