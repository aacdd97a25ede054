package io.pais.clustering;

import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.SchemePlan;

/**
 * Everything fixed before the noisy iterations: the preprocessed data, the privacy plan, where each iteration's
 * sample comes from, and the initial centres (in preprocessed coordinates). Kept separate so that several noise
 * draws (or the noiseless reference) can run on the same preparation. Poisson importance sampling has a
 * {@code plan} and one {@code sample} (cached, or for full data the preprocessing's cache read as it is); a uniform
 * scheme has a {@code schemePlan} and its
 * {@code schemeSampling}, which draws a fresh sample every iteration.
 *
 * @param data the preprocessed data
 * @param plan B, scales, sampling function and guarantee (null for a uniform scheme)
 * @param schemePlan the uniform scheme's scales and (ε, δ) (null otherwise)
 * @param sample the weighted sample in dense blocks (null for a uniform scheme)
 * @param schemeSampling the uniform scheme's per-iteration samples (null otherwise)
 * @param initialCentres k × d row-major
 * @param iterations T, as the user set it or as {@code --iterations auto} chose it
 * @param provenance where the inputs came from, for the report
 */
public record PreparedRun(PreparedData data, PrivacyPlan plan, SchemePlan schemePlan, SampleBlocks sample,
    SchemeSampling schemeSampling, double[] initialCentres, int iterations, Provenance provenance) {

  /** Iteration t's sample. */
  SampleBlocks sampleOf(int t) {
    return schemeSampling != null ? SampleBlocks.of(schemeSampling.iteration(t)) : sample;
  }

  /** Releases what the run cached. */
  public void release() {
    if (schemeSampling != null) {
      schemeSampling.release();
    } else {
      sample.release();
    }
    data.release();
  }
}
