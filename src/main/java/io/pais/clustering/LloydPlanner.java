package io.pais.clustering;

import io.pais.preprocessing.PreparedData;
import io.pais.settings.Iterations;
import io.pais.settings.SampleSizeRule;
import io.pais.settings.SchemeOptions;
import io.pais.settings.Initialisation;
import io.pais.settings.OffsetClip;
import io.pais.settings.KMeansSettings;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InfeasibleRequestException;
import io.pais.accounting.InitShare;
import io.pais.accounting.IterationPolicy;
import io.pais.accounting.IterationShares;
import io.pais.accounting.IterationPolicy.IterationNoise;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.SchemePlan;
import io.pais.accounting.SumBound;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.InitialCentres;
import io.pais.io.InputException;
import io.pais.lloyd.CentreClips;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.OverseededStart;
import io.pais.math.Checks;
import io.pais.noise.CylinderNoise;
import io.pais.noise.LatticeNoise;
import io.pais.planning.LloydRequests;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.NormSummary;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Plans DP-Lloyd for both sampler families from public values and DP estimates only (n̂, r, x̃̂, the noisy norm
 * summary; exact ones in paper mode): the sample sizes, what the sums add up ({@link LloydSums}: the points, or
 * offsets clipped to ρ, under {@code --offset-clip auto} the fraction of r chosen here), T (the user's, or the
 * {@link IterationPolicy}'s), the first iteration's reach, and the noise solved for DP-Lloyd's share of the
 * {@link BudgetAllocation}, at most that share exactly; records DP-Lloyd's entry in the ledger. Reads no data.
 */
final class LloydPlanner {
  /**
   * How far, in units of ρ, the first iteration's offsets reach where {@link #firstReach} lets them (a power of two,
   * {@link LloydSums.ClippedOffsets}). A utility constant: it spends no ε (each term's sensitivity stays ρ; the
   * first step's noise is this many times larger). On the generalisation benchmark at ε = 1 (35 cells, 11 seeds;
   * docs/results/history.md, "The first step's reach") 2 took pathbased from 1.34 to 1.17 the floor and flame from
   * 1.08 to 1.03, and moved no cell up by more than 1 %; 3 (before, without the power of two) was worse on the 2-d and
   * small cells than 2.
   */
  static final int FIRST_REACH = 2;

  private final KMeansSettings settings;
  private final PrivacyLedger ledger;
  private final Consumer<String> log;

  LloydPlanner(KMeansSettings settings, PrivacyLedger ledger, Consumer<String> log) {
    this.settings = settings;
    this.ledger = ledger;
    this.log = log;
  }

  /**
   * A uniform scheme's plan and sizes.
   *
   * @param plan the noise for DP-Lloyd's share of (ε, δ)
   * @param iterations T
   * @param stage1 n₁ (0 for a one-stage scheme)
   * @param sampleSize m of a fixed-size scheme (0 for poisson-uniform)
   * @param rate poisson-uniform's γ (NaN otherwise)
   * @param sums what the plan's noise is calibrated for
   * @param firstReach the first iteration's reach ({@link #firstReach})
   * @param firstCentres the centres the first iteration runs over ({@link #firstCentres})
   */
  record SchemeSizes(SchemePlan plan, int iterations, long stage1, int sampleSize, double rate, LloydSums sums,
      int firstReach, int firstCentres) {}

  /**
   * A Poisson plan (full data or importance sampling) and what its noise is calibrated for.
   *
   * @param plan B, scales, sampling function and guarantee
   * @param iterations T
   * @param sums the points, or offsets clipped to the plan's sum bound
   * @param firstReach the first iteration's reach ({@link #firstReach})
   * @param firstCentres the centres the first iteration runs over ({@link #firstCentres})
   * @param shares how the iterations share DP-Lloyd's ε ({@link #shares})
   * @param centreClips how the iterations after the first narrow each centre's clip ({@link #centreClips})
   * @param jointLastStep whether the last iteration's count and sum share one noise ({@link #jointLastStep})
   */
  record PoissonPlan(PrivacyPlan plan, int iterations, LloydSums sums, int firstReach, int firstCentres,
      IterationShares shares, CentreClips centreClips, boolean jointLastStep) {}

  /**
   * A uniform scheme (SPEC §14) over {@code population} numbered records: the sizes resolved (N is public under
   * substitution; poisson-uniform's rate uses no N beyond what paper mode reads or strict mode estimates) and the
   * noise solved for DP-Lloyd's share of (ε, δ). {@code coresetStart}: the private coreset's start (null: none).
   */
  SchemeSizes scheme(BudgetAllocation allocation, PreparedData data, int d, long population,
      CoresetStart coresetStart) {
    UniformScheme scheme = settings.sampling().sampler().uniformScheme();
    SchemeOptions options = settings.sampling().scheme();
    long stage1 = scheme.isTwoStage() ? options.stage1For(population) : 0;
    long sampleSize = 0;
    double rate = Double.NaN;
    if (scheme == UniformScheme.POISSON_UNIFORM) {
      // a fraction is the rate itself; a count needs n (exact in paper mode, the DP estimate n̂ in a strict one)
      rate = settings.sampling().size().base().rate(data.count());
      if (!(rate <= 1)) {
        throw new InputException("the sample size is more than the " + (settings.isStrict() ? "estimated " : "")
            + "number of points after preprocessing; lower --sample-size or give it as a percentage");
      }
    } else {
      sampleSize = settings.sampling().size().base().records(population);
      Checks.require(sampleSize <= Integer.MAX_VALUE - 8, "sample-size must fit in memory, got " + sampleSize);
    }
    double lloydEpsilon = allocation.lloyd();
    double lloydDelta = allocation.lloydDelta();
    long fixedSize = sampleSize;
    double poissonRate = rate;
    SumBound bound = sumBound(data, allocation);
    IntFunction<SchemePlan.Request> requestFor = t -> new SchemePlan.Request(scheme, population, stage1, fixedSize,
        poissonRate, options.noise(), t, d, bound.value(), lloydEpsilon, lloydDelta, options.stage1Cached(),
        LloydRequests.noiseSplit(settings), settings.geometry());
    // each iteration sums a fresh unweighted sample: a typical cluster holds m/k records (γ·n̂/k for Poisson)
    double expectedSample = scheme == UniformScheme.POISSON_UNIFORM ? rate * data.count() : sampleSize;
    int iterations = iterationsFor(t -> {
      SchemePlan p = SchemePlan.solve(requestFor.apply(t));
      return Optional.of(p.noise() == BaseNoise.GAUSSIAN ? IterationNoise.gaussian(p.countScale(), p.sumScale(), d)
          : IterationNoise.laplace(p.countScale(), p.sumScale(), d, settings.sumShape(d)));
    }, expectedSample / settings.k() * lightness(coresetStart), data, bound);
    SchemePlan plan = SchemePlan.solveWithin(requestFor.apply(iterations)); // at most the share, exactly
    ledger.spend(plan.ledgerEntry(iterations, bound, settings.geometry()));
    return new SchemeSizes(plan, iterations, stage1, (int) sampleSize, rate,
        sums(bound, settings.sampling().sampler(), d),
        firstReach(data, bound, PreparedRun.gridStart(coresetStart)), firstCentres(coresetStart, iterations));
  }

  /**
   * B for the DP-Lloyd share of ε and the sampling function, from public values only in a strict release (n̂,
   * r, x̃̂ and the noisy norm summary); the DP-Lloyd entry of the ledger. {@code coresetStart}: the private
   * coreset's start (null: none).
   */
  PoissonPlan poisson(BudgetAllocation allocation, PreparedData data, int d, boolean nKnown,
      Supplier<NormSummary> norms, CoresetStart coresetStart) {
    boolean strict = settings.isStrict();
    // n is unknown only in a strict release that needed no histogram: full data, or unif with a fraction p,
    // whose q = p needs no n (a fraction over a unit population gives q = p)
    long n = nKnown ? data.count() : 1;
    // opt under --sample-size auto reads every point of a small enough n̂: full data's plan
    Sampler sampler = nKnown ? settings.sampling().samplerFor(n, strict) : settings.sampling().sampler();
    if (sampler != settings.sampling().sampler()) {
      log.accept(String.format(Locale.ROOT, "sample-size auto: every point (the estimated n is at most %d)",
          ((SampleSizeRule.Auto) settings.sampling().size()).everyPointLimit()));
    }
    SumBound bound = sumBound(data, allocation);
    double m = sampler == Sampler.FULL ? n : sampleSize(allocation, data, d, n, norms, bound.value());
    if (m > n) {
      throw new InputException("the sample size is more than the " + (strict ? "estimated " : "")
          + "number of points after preprocessing; lower --sample-size or give it as a percentage");
    }
    if (settings.sampling().sampler() == Sampler.CORE && m > CoreSampling.maxSampleSize(n, settings.sampling().lambda(),
        data.meanNormStatistic(), data.radius(), settings.geometry())) {
      // the limit is a function of n, r and x̃: named in words only, never as a number
      throw new InputException("core cannot keep q <= 1 at this sample size: the largest norms are far above the "
          + "typical one; lower --sample-size or raise --lambda");
    }
    double lloydEpsilon = allocation.lloyd();
    IntFunction<PrivacyPlan.Request> requestFor = t -> request(sampler, lloydEpsilon, m, t, d, n, data,
        bound.value());
    // importance sampling's weighted sums estimate the full data's: a typical cluster weighs n̂/k
    int iterations = iterationsFor(t -> {
      try {
        NoiseScales s = PrivacyPlan.solve(requestFor.apply(t), norms).scales();
        return Optional.of(IterationNoise.laplace(s.betaCount(), s.betaSum(), d, settings.sumShape(d)));
      } catch (InfeasibleRequestException e) {
        return Optional.empty();
      }
    }, (double) n / settings.k() * lightness(coresetStart), data, bound);
    PrivacyPlan plan;
    try {
      // its guarantee at most the share, exactly: the ledger records the share (strict) or the guarantee (paper)
      plan = PrivacyPlan.solveWithin(requestFor.apply(iterations), norms);
    } catch (InfeasibleRequestException e) {
      // its numbers are functions of the norms: say what to change instead
      throw new InputException("opt cannot reach this sample size at this epsilon (even its largest noise level "
          + "keeps fewer points); lower --sample-size or raise --epsilon");
    }
    int reach = firstReach(data, bound, PreparedRun.gridStart(coresetStart));
    IterationShares shares = shares(sampler, iterations, reach);
    LloydSums sums = sums(bound, sampler, d);
    boolean jointLastStep = jointLastStep(plan, sums, d);
    // a strict ledger records the share (at most which the guarantee is), paper mode the guarantee itself
    ledger.spend(plan.ledgerEntry(shares, bound, settings.sumShape(d), jointLastStep,
        strict ? lloydEpsilon : plan.epsilon()));
    return new PoissonPlan(plan, iterations, sums, reach, firstCentres(coresetStart, iterations), shares,
        centreClips(allocation, sampler, bound, coresetStart, iterations), jointLastStep);
  }

  /**
   * Whether the last iteration releases each cluster's count and sum with one K-norm noise at the iteration's ε
   * ({@link LatticeNoise#joint}): in a strict release on the full data that sums offsets clipped in ℓ2, where that
   * noise is no larger in both moments than the Laplace count and the sum noise it replaces
   * ({@link CylinderNoise#smallerThanSplit}: in few dimensions). Each record still costs the iteration's
   * 1/β_c + ρ/β_s, so the ledger's ε is the same. Only the last iteration: the first's count noise decides which centres
   * are re-seeded, and a smaller one re-seeded too few where clusters outnumber the grid's (the generalisation
   * benchmark, docs/results/history.md). Public values only: the scales' ratio, ρ and d.
   */
  private boolean jointLastStep(PrivacyPlan plan, LloydSums sums, int d) {
    return settings.isStrict() && plan.sampler() == Sampler.FULL && sums instanceof LloydSums.ClippedOffsets offsets
        && offsets.inL2Ball() && CylinderNoise.smallerThanSplit(
            plan.scales().betaCount(), plan.scales().betaSum(), offsets.bound(), d);
  }

  /**
   * Whether the iterations after the first narrow each centre's clip from the grid's kept cells ({@link CentreClips}):
   * under {@code --offset-clip auto} in a strict ℓ2 release from a grid's start whose sampler weighs every point the
   * same (a clip capped at the point's norm keeps its profile only at ρ), with more than one iteration, where n̂·ε/(k·d)
   * is below {@link CentreClips#BUDGET_PER_CENTRE_BELOW}. Public values and DP outputs only.
   */
  private CentreClips centreClips(BudgetAllocation allocation, Sampler sampler, SumBound bound,
      CoresetStart coresetStart, int iterations) {
    boolean narrows = settings.isStrict() && settings.offsetClip() instanceof OffsetClip.Auto
        && settings.geometry() == Geometry.L2 && bound.clippedOffsets() && !sampler.weighsByNorm()
        && iterations > 1 && PreparedRun.gridStart(coresetStart) && coresetStart.centreClips().narrows()
        && allocation.pointsPerCell().isPresent()
        && allocation.pointsPerCell().getAsDouble() < CentreClips.BUDGET_PER_CENTRE_BELOW;
    if (!narrows) {
      return CentreClips.none();
    }
    log.accept(String.format(Locale.ROOT, "offset-clip auto: from the second iteration on, a centre clips at rho/2 "
        + "to rho/%d where the grid's kept cells nearest it lie that close (a quarter of n/k of them or more)",
        1 << CentreClips.MAX_HALVINGS));
    return coresetStart.centreClips();
  }

  /**
   * How the iterations share DP-Lloyd's ε: a strict release on the full data weights its last iteration
   * ({@link IterationShares#lastHeavy}), where each iteration's ε is linear in its noise's 1/scale; paper mode (the
   * reference code's equal shares) and a sample's amplified guarantee keep equal shares.
   */
  private IterationShares shares(Sampler sampler, int iterations, int firstReach) {
    return settings.isStrict() && sampler == Sampler.FULL ? IterationShares.lastHeavy(iterations, firstReach)
        : IterationShares.equal(iterations);
  }

  /**
   * The sum bound: r for sums of points; for clipped offsets ρ = f·r with f the user's, or under auto the smallest
   * fraction to try at or above a typical cluster's radius ({@link #typicalClusterRadius}) over r. Clipping below it
   * biases the clusters; the noise does not enter the choice, because the benchmark found the fraction that suits the
   * data the best one at every ε — on the utility sets, whose budget per centre is 92 or more. Where it is little
   * ({@link #littleBudget}) auto takes {@link OffsetClip.Auto#LITTLE_BUDGET_FRACTION} in ℓ2. Public values and DP
   * estimates only.
   */
  private SumBound sumBound(PreparedData data, BudgetAllocation allocation) {
    double r = data.radius();
    double[] fractions = settings.offsetClip().fractionsToTry(settings.isStrict());
    if (fractions.length == 0) {
      return new SumBound(r, false);
    }
    if (settings.offsetClip() instanceof OffsetClip.Auto && settings.geometry() == Geometry.L2
        && littleBudget(allocation)) {
      double fraction = OffsetClip.Auto.LITTLE_BUDGET_FRACTION;
      log.accept(String.format(Locale.ROOT, "offset-clip auto: rho = %.4g r, the budget per centre being little "
          + "(n eps/(k d) = %.3g, below %.0f) in l2", fraction, allocation.pointsPerCell().getAsDouble(),
          InitShare.Auto.NO_CORESET_BELOW));
      return new SumBound(fraction * r, true);
    }
    double clusterRadius = typicalClusterRadius(data);
    int chosen = fractions.length - 1;
    while (chosen > 0 && fractions[chosen] * r < clusterRadius) {
      chosen--;
    }
    if (fractions.length > 1) {
      log.accept(String.format(Locale.ROOT, "offset-clip auto: rho = %.4g r, the smallest of %d fractions at or "
          + "above a typical cluster's radius (%.3g r)", fractions[chosen], fractions.length, clusterRadius / r));
    }
    return new SumBound(fractions[chosen] * r, true);
  }

  /** Whether n̂·ε/(k·d) is known and below {@link InitShare.Auto#NO_CORESET_BELOW}, where auto runs no coreset. */
  private static boolean littleBudget(BudgetAllocation allocation) {
    return allocation.pointsPerCell().isPresent()
        && allocation.pointsPerCell().getAsDouble() < InitShare.Auto.NO_CORESET_BELOW;
  }

  /**
   * A typical cluster's radius, sqrt(x̃̂)·k^(−1/d) (ℓ2; x̃̂·k^(−1/d) in ℓ1): k clusters of equal volume sharing the
   * data's typical norm (r when no norm histogram ran, so x̃̂ is unknown). Public values and DP estimates only.
   */
  private double typicalClusterRadius(PreparedData data) {
    double r = data.radius();
    double typical = Double.isNaN(data.meanNormStatistic()) ? r
        : InitialCentres.typicalRadius(data.meanNormStatistic(), r, settings.geometry());
    return typical * Math.pow(settings.k(), -1.0 / data.dimension());
  }

  /**
   * The first iteration's reach: {@value #FIRST_REACH} in a strict release that sums clipped offsets from a start at a
   * grid's cells ({@link PreparedRun#gridStart}) where the clusters are wide beside r
   * ({@link IterationPolicy#clustersWide}); else 1. A grid's coreset points are its cells' public middles, and its
   * level holds a fixed share of the noise threshold a cell, so at a few hundred points a cell is about a cluster wide
   * and the start up to half a cell off; a first step clipped at ρ (a third of r or more here) moved the centres only
   * part of the way (spiral: two noise-free steps end at 1.20 the floor, two unclipped ones at 1.08). The cell tree's
   * regions carry noisy means instead, and from its start the first step's doubled noise only cost (the utility sets,
   * up to 2 % in six of 128 cells); where clusters are small beside r the doubled noise cost up to 11 % (many-31);
   * without a coreset, little budget per centre, up to 23 % (many-30x64). Public values and DP outputs only.
   */
  private int firstReach(PreparedData data, SumBound bound, boolean gridStart) {
    boolean reaches = settings.isStrict() && bound.clippedOffsets() && gridStart
        && IterationPolicy.clustersWide(typicalClusterRadius(data) / data.radius());
    if (reaches) {
      log.accept(String.format(Locale.ROOT, "first iteration: offsets reach %d rho, each summed at 1/%d of its length "
          + "(a start at the private coreset's grid cells, clusters wide beside r)", FIRST_REACH, FIRST_REACH));
    }
    return reaches ? FIRST_REACH : 1;
  }

  /**
   * The centres DP-Lloyd's first iteration runs over: k′ = {@link OverseededStart#seeds} where a strict release with
   * its guards on starts from the private coreset's cell tree (not a grid's cells), iterates more than once and the
   * coreset is coarse (else {@code seeds} gives k), so that the other iterations start from the first one's noisy
   * centres merged into k; else k. On the grid's 2-d cells the over-seeded step cost up to 11 % (many-50; half a
   * cluster's points each seed, twice the noise in its mean); from the tree it took the mid-d mixtures (3–12
   * dimensions) from 1.36 to 1.16 the floor at ε = 1 (docs/results/history.md, "An over-seeded first step"). A
   * user's start ({@code --init}) is kept as it is. Public values and DP outputs only.
   */
  private int firstCentres(CoresetStart coresetStart, int iterations) {
    int k = settings.k();
    boolean treeStart = coresetStart != null && !coresetStart.cellMiddles()
        && settings.initialisation() == Initialisation.PRIVATE_CORESET;
    if (!settings.isStrict() || !settings.guards().enabled() || iterations < 2 || !treeStart) {
      return k;
    }
    int seeds = OverseededStart.seeds(k, coresetStart.coreset());
    if (seeds <= k) {
      return k;
    }
    log.accept(String.format(Locale.ROOT, "over-seeding: the first iteration over %d centres fitted to the private "
        + "coreset, its noisy centres merged into k = %d for the other %d (post-processing)", seeds, k,
        iterations - 1));
    return seeds;
  }

  /**
   * What DP-Lloyd sums under {@code sampler} in d dimensions: offsets clipped into the settings' sum shape, capped at a
   * point's norm too where its weights follow it.
   */
  private LloydSums sums(SumBound bound, Sampler sampler, int d) {
    if (!bound.clippedOffsets()) {
      return LloydSums.points();
    }
    return sampler.weighsByNorm() ? LloydSums.normCappedOffsets(bound.value(), settings.sumShape(d))
        : LloydSums.clippedOffsets(bound.value(), settings.sumShape(d));
  }

  /**
   * m: the one size the settings give, or under --sample-size auto the largest of the sizes to try whose plan exists
   * at the release's sum bound (r, or ρ for clipped offsets: a smaller bound lets opt keep more points at the same ε)
   * (the smallest when none has; its own refusal then names what to change). A plan is tried at the T the planner
   * falls back to (the user's, or the policy's smallest, which gives each iteration the most ε), as the tail radius's
   * guard does.
   */
  private double sampleSize(BudgetAllocation allocation, PreparedData data, int d, long n,
      Supplier<NormSummary> norms, double sumBound) {
    double[] sizes = settings.sampling().sizesToTry(n, settings.isStrict());
    int smallest = sizes.length - 1;
    int chosen = smallest;
    for (int i = 0; i < smallest && chosen == smallest; i++) {
      try {
        PrivacyPlan.solve(request(settings.sampling().sampler(), allocation.lloyd(), sizes[i],
            settings.iterations().smallest(), d, n, data, sumBound), norms);
        chosen = i;
      } catch (InfeasibleRequestException e) {
        // the next smaller size
      }
    }
    if (sizes.length > 1) {
      log.accept(String.format(Locale.ROOT, "sample-size auto: m = %.0f (%.3g of the estimated n), the largest of "
          + "%d sizes with a plan", sizes[chosen], sizes[chosen] / n, sizes.length));
    }
    return sizes[chosen];
  }

  /** DP-Lloyd's plan request for the settings' sampler at m, T and sum bound (r, or ρ for clipped offsets). */
  private PrivacyPlan.Request request(Sampler sampler, double lloydEpsilon, double m, int t, int d, long n,
      PreparedData data, double sumBound) {
    return LloydRequests.request(settings, sampler, lloydEpsilon, m, t, d, n, sumBound, data.meanNormStatistic());
  }

  /**
   * What a typical cluster's weight is multiplied by for T ({@link IterationPolicy#lightness}): the harmonic mean of
   * the private coreset's weights nearest the start's centres over their mean in a strict release that started from
   * one (post-processing of its noisy counts, no ε) and auto chooses T, else 1 (a fixed T reads no weight); logged
   * where it is below 1.
   */
  private double lightness(CoresetStart coresetStart) {
    if (!settings.isStrict() || coresetStart == null || !(settings.iterations() instanceof Iterations.Auto)) {
      return 1;
    }
    double lightness = IterationPolicy.lightness(coresetStart.centreWeights(settings.k()));
    if (lightness < 1) {
      log.accept(String.format(Locale.ROOT, "iterations auto: the start's clusters are unequal; T's noise is measured "
          + "for a cluster of %.3g n/k (the harmonic mean of the coreset's weight nearest each start centre)",
          lightness));
    }
    return lightness;
  }

  /**
   * T (LloydRequests#iterations), logged when --iterations auto chose it: in a strict release at the level of
   * {@link IterationPolicy#level} for a typical cluster's radius, in paper mode at {@value
   * IterationPolicy#MAX_RELATIVE_ERROR} (the reproduction's rule).
   */
  private int iterationsFor(IntFunction<Optional<IterationNoise>> noiseFor, double clusterWeight, PreparedData data,
      SumBound bound) {
    double radius = data.radius();
    double clusterRadius = typicalClusterRadius(data) / radius;
    double level = settings.isStrict() ? IterationPolicy.level(clusterRadius) : IterationPolicy.MAX_RELATIVE_ERROR;
    int t = LloydRequests.iterations(settings, noiseFor, clusterWeight, radius, bound.value() / 2, level);
    if (settings.iterations() instanceof Iterations.Auto) {
      String why = settings.isStrict() ? String.format(Locale.ROOT, ": %.3g r, or %.3g of a typical cluster's radius "
          + "(%.3g r) where less", IterationPolicy.MAX_RELATIVE_ERROR, IterationPolicy.MAX_CLUSTER_RELATIVE_ERROR,
          clusterRadius) : "";
      log.accept(String.format(Locale.ROOT, "iterations auto: T = %d (a typical cluster's noisy centre within %.3g r%s)",
          t, level, why));
    }
    return t;
  }
}
