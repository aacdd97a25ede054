package io.pais.planning;

import io.pais.accounting.InfeasibleRequestException;
import io.pais.accounting.IterationPolicy;
import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.PrivacyPlan;
import io.pais.sampling.BinnedNorms;
import io.pais.sampling.NormSummary;
import io.pais.sampling.Sampler;
import io.pais.settings.KMeansSettings;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The noise a larger radius brings, as the tail radius weighs it ({@code PrivateNormHistogram#tailAwareRadius}):
 * a typical noisy centre's relative error e of {@link IterationPolicy}, for DP-Lloyd on every point (the sampler's
 * own plan is solved later, at the chosen r; full data is the common reference) at the T the policy would choose.
 * Public values and DP estimates only: DP-Lloyd's ε, n̂, d, k, r. A strict release's (its noise split is the
 * unit-free one).
 */
public final class TailNoise {
  private TailNoise() {}

  public static double relativeError(KMeansSettings settings, double lloydEpsilon, int dimension, double count,
      double radius) {
    long n = Math.max(1, Math.round(count));
    // full data's plan reads no norms: one bin at r stands in for the summary
    BinnedNorms norms = new BinnedNorms(new double[] {n}, new double[] {radius}, n);
    IntFunction<Optional<IterationNoise>> noiseFor = t -> {
      var scales = PrivacyPlan.solve(LloydRequests.request(settings, Sampler.FULL, lloydEpsilon, n, t, dimension, n,
          radius, radius * radius), () -> norms).scales();
      return Optional.of(IterationNoise.laplace(scales.betaCount(), scales.betaSum(), dimension,
          settings.sumShape(dimension)));
    };
    double clusterWeight = (double) n / settings.k();
    int iterations = LloydRequests.iterations(settings, noiseFor, clusterWeight, radius, radius / 2,
        IterationPolicy.MAX_RELATIVE_ERROR);
    return IterationPolicy.relativeError(noiseFor.apply(iterations).orElseThrow(), clusterWeight, radius);
  }

  /**
   * Whether DP-Lloyd still has a plan at {@code radius}: always but for opt on a sample, whose B search can run out
   * of noise levels that keep m points; checked at the T the planner would fall back to (the user's, or the policy's
   * smallest, which gives each iteration the most ε) and at the smallest m it tries (under --sample-size auto the
   * radius comes first: a larger sample is taken only where its plan exists at the r chosen here). opt reading every
   * point plans as full data does.
   */
  public static boolean optPlanExists(KMeansSettings settings, double lloydEpsilon, int dimension, double count,
      double radius, NormSummary norms) {
    if (settings.sampling().samplerFor(count, settings.isStrict()) != Sampler.OPT) {
      return true;
    }
    long n = Math.max(1, Math.round(count));
    int iterations = settings.iterations().smallest();
    try {
      PrivacyPlan.solve(LloydRequests.request(settings, Sampler.OPT, lloydEpsilon,
          settings.sampling().size().base().expected(n), iterations, dimension, n, radius, radius * radius),
          () -> norms);
      return true;
    } catch (InfeasibleRequestException e) {
      return false;
    }
  }
}
