package io.pais.planning;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.BinnedNorms;
import io.pais.sampling.Sampler;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SampleSizeRule;
import org.junit.jupiter.api.Test;

/** What the tail radius asks of DP-Lloyd's plan before it raises r (StrictPreprocessor). */
class TailNoiseTest {
  private static KMeansSettings settings(Sampler sampler, SampleSizeRule size) {
    return KMeansSettings.builder().strict(1e6).k(10).epsilon(0.5).sampler(sampler).sampleSize(size).build();
  }

  /** Every point at norm 1 out of 100,000, as the projected histogram would summarise them. */
  private static BinnedNorms bulkAtOne() {
    return new BinnedNorms(new double[] {100_000}, new double[] {1}, 100_000);
  }

  /**
   * opt's B search (on a sample: an auto that never reads every point) has a plan for m = 5 % of n at ε = 0.5 when r
   * is the bulk's norm, and none when r is a million times the bulk's norms — there r must not rise. The other
   * samplers' plans read no norms, so they always have one, and so does opt where auto reads every point (its plan is
   * full data's).
   */
  @Test
  void optHasNoPlanAtARadiusFarAboveTheBulk() {
    KMeansSettings opt = settings(Sampler.OPT, SampleSizeRule.auto(0));
    double lloyd = ReleaseStages.allocation(opt).lloyd();
    assertTrue(TailNoise.optPlanExists(opt, lloyd, 10, 100_000, 1, bulkAtOne()));
    assertFalse(TailNoise.optPlanExists(opt, lloyd, 10, 100_000, 1e6, bulkAtOne()));
    KMeansSettings full = settings(Sampler.FULL, SampleSizeRule.auto());
    assertTrue(TailNoise.optPlanExists(full, ReleaseStages.allocation(full).lloyd(), 10, 100_000, 1e6, bulkAtOne()));
    KMeansSettings everyPoint = settings(Sampler.OPT, SampleSizeRule.auto());
    assertTrue(TailNoise.optPlanExists(everyPoint, lloyd, 10, 100_000, 1e6, bulkAtOne()));
  }
}
