package io.pais.clustering;

import io.pais.accounting.PrivacyPlan;
import org.apache.spark.api.java.JavaRDD;

/**
 * Everything fixed before the noisy iterations: the preprocessed data, the privacy plan, the cached sample and
 * the initial centres (in preprocessed coordinates). Kept separate so that several noise draws (or the
 * noiseless reference) can run on the same sample.
 *
 * @param data the preprocessed data
 * @param plan B, scales, sampling function and guarantee
 * @param sample the weighted sample in dense blocks (persisted)
 * @param initialCentres k × d row-major
 */
public record PreparedRun(PreparedData data, PrivacyPlan plan, JavaRDD<SampleBlock> sample, double[] initialCentres) {}
