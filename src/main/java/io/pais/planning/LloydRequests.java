package io.pais.planning;

import io.pais.accounting.IterationPolicy;
import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.PrivacyPlan;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.Sampler;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * DP-Lloyd's plan requests and T, the one place both the planner (at the chosen radius) and the tail radius (at a
 * radius it weighs) make them: public values and DP estimates only.
 */
public final class LloydRequests {
  private LloydRequests() {}

  /**
   * DP-Lloyd's plan request for {@code sampler} at m, T and sum bound (r, or ρ for clipped offsets) with the settings'
   * sums' shape in d dimensions, λ, core supremum and noise split.
   *
   * @param meanNormStatistic x̃̂ (the DP estimate; r² where only r is known)
   */
  public static PrivacyPlan.Request request(KMeansSettings settings, Sampler sampler, double lloydEpsilon,
      double sampleSize, int iterations, int dimension, long n, double sumBound, double meanNormStatistic) {
    return new PrivacyPlan.Request(sampler, settings.sumShape(dimension), lloydEpsilon, sampleSize,
        settings.sampling().lambda(), iterations, dimension, n, sumBound, meanNormStatistic,
        settings.sampling().coreSupremum(), noiseSplit(settings));
  }

  /** The count/sum split of DP-Lloyd's noise: unit-free in a strict release, the paper's (SPEC §7) in paper mode. */
  public static NoiseSplit noiseSplit(KMeansSettings settings) {
    return settings.isStrict() ? NoiseSplit.UNIT_FREE : NoiseSplit.SU_ET_AL;
  }

  /**
   * T: the user's, or with --iterations auto the {@link IterationPolicy}'s choice from the plans solved at each
   * candidate T.
   *
   * @param countLever the count's lever of {@link IterationPolicy#relativeError} (r/2, or ρ/2 for clipped offsets)
   * @param level e(T)'s most ({@link IterationPolicy#choose(IntFunction, double, double, double, double)})
   */
  public static int iterations(KMeansSettings settings, IntFunction<Optional<IterationNoise>> noiseFor,
      double clusterWeight, double radius, double countLever, double level) {
    return settings.iterations() instanceof Iterations.Fixed fixed ? fixed.count()
        : IterationPolicy.choose(noiseFor, clusterWeight, radius, countLever, level);
  }
}
