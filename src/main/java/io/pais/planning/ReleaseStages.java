package io.pais.planning;

import io.pais.accounting.BudgetAllocation;
import io.pais.sampling.Sampler;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import java.util.Optional;

/**
 * Which stages a release runs and how its ε is split between them ({@link BudgetAllocation}), from its settings alone
 * before any data is read, and once n̂ and d are known from those too.
 */
public final class ReleaseStages {
  private ReleaseStages() {}

  /**
   * Whether a strict release needs the DP norm histogram: r unknown, or a sampler, an initialiser or --iterations
   * auto that needs n̂ or x̃̂ (the sampler and the initialiser each say what they need).
   */
  public static boolean needsNormHistogram(KMeansSettings settings) {
    Sampler sampler = settings.sampling().sampler();
    boolean samplerNeeds = sampler.needsNormHistogram(settings.sampling().sizeIsCount());
    boolean initialiserNeeds = settings.initialisation().needsNormHistogram();
    // auto T weighs a typical cluster at n̂/k, except under the fixed-size schemes (m/k, N public)
    boolean iterationsNeed = settings.iterations() instanceof Iterations.Auto
        && (!sampler.isUniformScheme() || sampler == Sampler.POISSON_UNIFORM);
    return !settings.privacy().constants().hasNormBound() || samplerNeeds || initialiserNeeds || iterationsNeed;
  }

  /**
   * How ε is split between the stages that run, before any data is read: the centre unless one is given, the
   * histogram when {@link #needsNormHistogram}, the coreset for init private-coreset, the training summary when its
   * share is above 0. An auto init share is not chosen yet: the coreset's and DP-Lloyd's ε come from
   * {@link #allocation(KMeansSettings, double, int)} once n̂ is known.
   */
  public static BudgetAllocation allocation(KMeansSettings settings) {
    return allocation(settings, Optional.empty());
  }

  /** The allocation once n̂ ({@code pointCount}) is known: an auto init share is chosen at n̂·ε/(k·d). */
  public static BudgetAllocation allocation(KMeansSettings settings, double pointCount, int dimension) {
    return allocation(settings, Optional.of(new BudgetAllocation.Scale(pointCount, settings.k(), dimension)));
  }

  /** Whether the release's private coreset also counts its tail axes (see {@code StrictRelease#countsTailAxes}). */
  public static boolean tailAxes(KMeansSettings settings, Optional<Integer> dimension) {
    return settings.privacy() instanceof PrivacyMode.Strict strict && strict.release().countsTailAxes(
        settings.initialisation() == Initialisation.PRIVATE_CORESET, !settings.kCandidates().isEmpty(), dimension);
  }

  private static BudgetAllocation allocation(KMeansSettings settings, Optional<BudgetAllocation.Scale> scale) {
    double delta = settings.sampling().delta();
    if (!(settings.privacy() instanceof PrivacyMode.Strict strict)) {
      return BudgetAllocation.paper(settings.epsilon(), delta);
    }
    BudgetAllocation.Stages stages = new BudgetAllocation.Stages(!strict.constants().hasCentre(),
        needsNormHistogram(settings), settings.initialisation() == Initialisation.PRIVATE_CORESET,
        tailAxes(settings, scale.map(BudgetAllocation.Scale::dimension)), !settings.kCandidates().isEmpty(),
        scale.isPresent() && settings.sampling().samplerFor(scale.get().pointCount(), true) == Sampler.FULL);
    return scale.isEmpty() ? BudgetAllocation.strict(settings.epsilon(), delta, strict.release().shares(), stages)
        : BudgetAllocation.strict(settings.epsilon(), delta, strict.release().shares(), stages, scale.get());
  }
}
