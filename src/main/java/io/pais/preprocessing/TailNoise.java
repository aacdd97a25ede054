package io.pais.preprocessing;

import io.pais.accounting.InfeasibleRequestException;
import io.pais.accounting.IterationPolicy;
import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.PrivacyPlan;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.BinnedNorms;
import io.pais.sampling.NormSummary;
import io.pais.sampling.Sampler;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The noise a larger radius brings, as the tail radius weighs it ({@code PrivateNormHistogram#tailAwareRadius}):
 * a typical noisy centre's relative error e of {@link IterationPolicy}, for DP-Lloyd on every point (the sampler's
 * own plan is solved later, at the chosen r; full data is the common reference) at the T the policy would choose.
 * Public values and DP estimates only: DP-Lloyd's ε, n̂, d, k, r.
 */
final class TailNoise {
  private TailNoise() {}

  static double relativeError(KMeansSettings settings, double lloydEpsilon, int dimension, double count,
      double radius) {
    long n = Math.max(1, Math.round(count));
    // full data's plan reads no norms: one bin at r stands in for the summary
    BinnedNorms norms = new BinnedNorms(new double[] {n}, new double[] {radius}, n);
    IntFunction<Optional<IterationNoise>> noiseFor = t -> {
      var scales = PrivacyPlan.solve(request(settings, Sampler.FULL, lloydEpsilon, n, t, dimension, n, radius),
          () -> norms).scales();
      return Optional.of(IterationNoise.laplace(scales.betaCount(), scales.betaSum(), dimension,
          settings.geometry()));
    };
    double clusterWeight = (double) n / settings.k();
    int iterations = settings.iterations() instanceof Iterations.Fixed fixed ? fixed.count()
        : IterationPolicy.choose(noiseFor, clusterWeight, radius);
    return IterationPolicy.relativeError(noiseFor.apply(iterations).orElseThrow(), clusterWeight, radius);
  }

  /**
   * Whether DP-Lloyd still has a plan at {@code radius}: always but for opt on a sample, whose B search can run out
   * of noise levels that keep m points; checked at the T the planner would fall back to (the user's, or the policy's
   * smallest, which gives each iteration the most ε) and at the smallest m it tries (under --sample-size auto the
   * radius comes first: a larger sample is taken only where its plan exists at the r chosen here). opt reading every
   * point plans as full data does.
   */
  static boolean optPlanExists(KMeansSettings settings, double lloydEpsilon, int dimension, double count,
      double radius, NormSummary norms) {
    if (settings.sampling().samplerFor(count, settings.isStrict()) != Sampler.OPT) {
      return true;
    }
    long n = Math.max(1, Math.round(count));
    int iterations = settings.iterations().smallest();
    try {
      PrivacyPlan.solve(request(settings, Sampler.OPT, lloydEpsilon, settings.sampling().size().base().expected(n),
          iterations, dimension, n, radius), () -> norms);
      return true;
    } catch (InfeasibleRequestException e) {
      return false;
    }
  }

  /** DP-Lloyd's plan request at {@code radius} with the settings' geometry, λ, core supremum and unit-free split. */
  private static PrivacyPlan.Request request(KMeansSettings settings, Sampler sampler, double lloydEpsilon,
      double sampleSize, int iterations, int dimension, long n, double radius) {
    return new PrivacyPlan.Request(sampler, settings.geometry(), lloydEpsilon, sampleSize,
        settings.sampling().lambda(), iterations, dimension, n, radius, radius * radius,
        settings.sampling().coreSupremum(), NoiseSplit.UNIT_FREE);
  }
}
