package io.pais.clustering;

import io.pais.accounting.BudgetPerCentre;
import io.pais.accounting.InitShare;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.SchemePlan;
import io.pais.accounting.Statistic.Source;
import io.pais.accounting.TrainingSummary;
import io.pais.estimation.PrivateNormHistogram;
import io.pais.initialisation.SubspaceStart;
import io.pais.lloyd.CentreClips;
import io.pais.lloyd.LloydSums;
import io.pais.preprocessing.PreparedData;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import io.pais.sampling.Sampler;
import io.pais.sampling.spark.SchemeSampling;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.OffsetClip;
import io.pais.settings.Preprocessing;
import io.pais.settings.PrivacyMode;
import io.pais.settings.PublicDomain;
import io.pais.settings.StrictRelease;
import java.util.Locale;

/**
 * The privacy report of a run, read from its ledger and its immutable {@link PreparedRun} (its plan, its data's
 * public and DP constants, its {@link Provenance}) and nothing else: a strict report holds public inputs and DP
 * estimates only; a paper-mode report says which constants were read without privacy (SPEC §10).
 */
final class ReleaseReporter {
  private final KMeansSettings settings;
  private final PrivacyLedger ledger;

  ReleaseReporter(KMeansSettings settings, PrivacyLedger ledger) {
    this.settings = settings;
    this.ledger = ledger;
  }

  /**
   * The privacy report of {@code run}, read from the ledger; {@code noise} describes how its noise is drawn, and
   * {@code summary} is its private training summary (null: none), {@code selection} the private choice of k it came
   * from (null: k was given).
   */
  PrivacyReport report(PreparedRun run, String noise, TrainingSummary summary, KSelection selection) {
    PreparedData data = run.data();
    Provenance provenance = run.provenance();
    String method = run.lloydPlan().guaranteeMethod();
    PrivacyReport.Builder b = PrivacyReport.builder()
        .epsilon(ledger.totalEpsilon(), ledger.entries().size() == 1 ? method
            : ledger.composition().name() + " of the ledger; DP-Lloyd: " + method)
        .delta(ledger.totalDelta(), ledger.relation())
        .ledger(settings.isStrict() ? "strict" : "paper", ledger)
        // the sampler that ran: opt under --sample-size auto may read every point (full data's plan)
        .sampler(run instanceof PreparedRun.Poisson poisson ? poisson.plan().sampler()
            : settings.sampling().sampler())
        .geometry(settings.geometry())
        .iterations(run.iterations())
        .k(settings.k())
        .dimension(data.dimension())
        .statistic("d", data.dimension(), provenance.dimension().isPublic() ? Source.PUBLIC : Source.DATA_DERIVED,
            "the dimension, " + provenance.dimension().description())
        .lambda(settings.sampling().sampler() == Sampler.CORE ? settings.sampling().lambda() : Double.NaN)
        .seedBits(settings.seed() == null ? 0 : settings.seed().bits())
        .trainingSummary(summary)
        .kSelection(selection)
        .stableSamplingKeys(provenance.stableSamplingKeys());
    double expectedSampleSize;
    if (run instanceof PreparedRun.Scheme schemeRun) {
      SchemePlan scheme = schemeRun.plan();
      b.noise(scheme.noiseKnob(), scheme.sumScale(), scheme.countScale(), noise);
      if (scheme.modelEpsilon() != null) {
        b.accountant(String.format(Locale.ROOT, "Fourier accountant under the MUST paper's model (its pair is not "
            + "proven to dominate %s): DP-Lloyd's epsilon in [%.4g, %.4g] at its delta = %.3g; a comparison, not the "
            + "guarantee", scheme.scheme().id(), scheme.modelEpsilon().lower(), scheme.modelEpsilon().upper(),
            scheme.delta()));
      }
      expectedSampleSize = schemeSampleSize(schemeRun);
    } else {
      PrivacyPlan plan = ((PreparedRun.Poisson) run).plan();
      b.noise(plan.scales(), noise);
      expectedSampleSize = plan.expectedSampleSize();
    }
    if (settings.isStrict()) {
      strictStatistics(b, data, expectedSampleSize, provenance, run.readsUnprojected());
    } else {
      paperStatistics(b, data, expectedSampleSize);
    }
    if (run instanceof PreparedRun.Scheme schemeRun) {
      schemeStatistics(b, schemeRun.sampling());
    }
    if (run.sums() instanceof LloydSums.ClippedOffsets offsets) {
      boolean estimated = settings.isStrict() && (provenance.radiusEstimated() || usesTypicalNorm(data));
      b.statistic("rho", offsets.bound(), settings.isStrict() ? (estimated ? Source.DP_ESTIMATE : Source.PUBLIC)
          : Source.DATA_DERIVED, "the bound DP-Lloyd clips each point's offset from its centre to: "
          + (settings.offsetClip() instanceof OffsetClip.Auto ? "the smallest of " + OffsetClip.Auto.ladder()
          + " at or above sqrt(xTilde) k^(-1/d), or r/" + Math.round(1 / OffsetClip.Auto.LITTLE_BUDGET_FRACTION)
          + " in l2 where n eps/(k d) is below " + Math.round(InitShare.Auto.NO_CORESET_BELOW) + " (--offset-clip auto)"
          : settings.offsetClip().describe() + " r")
          + (offsets.shape() instanceof SumShape.Box box ? String.format(Locale.ROOT, ", coordinate by coordinate, "
              + "into a box of the public box's proportions whose half-diagonal is %s rho (--geometry box)",
              box.reach()) : "")
          + (offsets.cappedAtNorm() ? ", and to the point's own norm (the sampler weighs points by their norm)" : "")
          + firstReach(run.firstReach())
          + (run.centreClips().narrows() ? String.format(Locale.ROOT, "; from the second iteration on, a centre "
              + "clips at the smallest of rho/2 to rho/%d at or above the spread of the grid's kept cells nearest it "
              + "where they weigh a quarter of n/k or more, each term divided by that fraction of rho and its noisy "
              + "sum multiplied by it (the same epsilon)", 1 << CentreClips.MAX_HALVINGS) : ""));
    }
    return b.build();
  }

  /** What rho's description adds when the first iteration reaches further: nothing at a reach of 1. */
  private static String firstReach(int reach) {
    return reach == 1 ? "" : String.format(Locale.ROOT, "; the first iteration clips at %d rho and sums each offset at "
        + "1/%d of its length (the same bound rho on what a point adds), then multiplies the noisy sum by %d "
        + "(post-processing): a start at the private coreset's grid cells, clusters wide beside r", reach, reach, reach);
  }

  /**
   * Whether a private-coreset release started without its coreset: the allocation gave it no share (little budget
   * per centre), which the ledger shows as no initialisation entry.
   */
  private boolean coresetSkipped() {
    return settings.initialisation() == Initialisation.PRIVATE_CORESET
        && ledger.entries().stream().noneMatch(e -> e.stage().isInitialisation());
  }

  /** Whether the release started in a random subspace (init private-coreset where no coreset ran). */
  private boolean startedInSubspace() {
    return ledger.entries().stream().anyMatch(e -> e.stage() == LedgerStage.INIT_SUBSPACE);
  }

  /** Whether --offset-clip auto chose ρ from x̃̂ (a strict release whose norm histogram ran). */
  private boolean usesTypicalNorm(PreparedData data) {
    return settings.isStrict() && settings.offsetClip() instanceof OffsetClip.Auto
        && !Double.isNaN(data.meanNormStatistic());
  }

  /** m of a fixed-size scheme; γ·n for poisson-uniform (NaN when n is unknown). */
  private double schemeSampleSize(PreparedRun.Scheme run) {
    SchemeSampling sampling = run.sampling();
    if (settings.sampling().sampler() != Sampler.POISSON_UNIFORM) {
      return sampling.sampleSize();
    }
    return run.provenance().populationKnown() ? sampling.rate() * run.data().count() : Double.NaN;
  }

  /** N and n₁ of a fixed-size scheme: public under substitution, which is what its guarantee is stated under. */
  private void schemeStatistics(PrivacyReport.Builder b, SchemeSampling sampling) {
    if (settings.sampling().sampler() == Sampler.POISSON_UNIFORM) {
      b.statistic("gamma", sampling.rate(), Source.PUBLIC, "the Poisson rate of every iteration ("
          + (settings.sampling().sizeIsCount() ? "the sample size over n" : "the fraction given") + ")");
      return;
    }
    b.statistic("N", sampling.population(), settings.isStrict() ? Source.PUBLIC : Source.DATA_DERIVED,
        settings.isStrict() ? "number of records: public under substitution (neighbouring data sets have the same N)"
            : "number of records after the paper's preprocessing");
    if (settings.sampling().sampler().uniformScheme().isTwoStage()) {
      b.statistic("n1", sampling.stage1(), Source.PUBLIC, "stage-I size" + (settings.sampling().scheme().stage1Cached()
          ? " (stage I drawn once and kept)" : " (stage I redrawn every iteration)"));
    }
  }

  /**
   * A strict release publishes public inputs and DP estimates only. {@code unprojected}: DP-Lloyd and the training
   * summary read every point as the clip put it ({@link PreparedData#withinClip}): only the initialiser read the
   * points projected onto r.
   */
  private void strictStatistics(PrivacyReport.Builder b, PreparedData data, double expectedSampleSize,
      Provenance provenance, boolean unprojected) {
    StrictRelease strict = settings.strictRelease();
    boolean nKnown = provenance.populationKnown();
    String readBy = unprojected ? " for the initialiser, while DP-Lloyd (its offsets clipped to rho) and the training "
        + "summary read every point as clipped" : "";
    if (settings.guards().enabled() && !(PublicDomain.of(settings, data.dimension()) instanceof PublicDomain.None)) {
      b.statistic("centresInDomain", 1, Source.PUBLIC, "every released centre lies in " + (strict.bounds() == null
          ? "the clip ball" : "the box of the public bounds") + ": a centre DP-Lloyd left outside was moved to its "
          + "nearest point, and the DP centre was drawn towards the region's middle as far as its noise warrants "
          + "(post-processing of DP outputs with public constants: no epsilon)");
    }
    if (strict.bounds() != null) {
      b.statistic("boxEffectiveDimension", strict.bounds().effectiveDimension(), Source.PUBLIC, String.format(
          Locale.ROOT, "(sum of the public bounds' half-widths)^2 / (sum of their squares): --geometry auto takes l1 "
          + "below (d + 1)/2 = %s, where a few wide coordinates make l1's noise the smaller; this release's geometry "
          + "is %s", (data.dimension() + 1) / 2.0, settings.sumShape(data.dimension()).id()));
    }
    b.expectedSampleSize(expectedSampleSize)
        .estimatedCentre(provenance.estimatedCentre())
        .statistic("clipRadius", strict.clipRadius(data.dimension(), settings.geometry()), Source.PUBLIC,
            strict.bounds() == null ? "radius R0 of the ball around the origin every raw point was clipped to"
                : "half-diagonal of the public bounds " + strict.bounds().describe() + " every raw point was clamped "
                + "to")
        .statistic("r", data.radius(), provenance.radiusEstimated() ? Source.DP_ESTIMATE : Source.PUBLIC,
            provenance.radiusEstimated() ? "the " + strict.normQuantile() + " quantile of the noisy norm histogram "
                + "(a bin's upper edge), at least its range / " + PrivateNormHistogram.RADIUS_FLOOR_DIVISOR
                + " where its noise cannot place a radius below that"
                + (strict.tailRadius() ? ", or a larger bin edge where the histogram shows a "
                + "heavy tail (tail radius)" : "") + "; points beyond it were "
                + (strict.dropOutliers() ? "dropped" : "projected") + readBy
                : "norm bound supplied by the user" + (unprojected ? "; points beyond it were projected" + readBy : ""));
    if (nKnown) {
      b.statistic("n", data.count(), Source.DP_ESTIMATE, "number of points DP-Lloyd sees, from the noisy norm "
          + "histogram" + (provenance.estimatedCentre() == null ? ""
              : " and the DP centre's noisy count combined by inverse variance"));
      BudgetPerCentre budget = BudgetPerCentre.of(data.count(), settings.epsilon(), settings.k(), data.dimension());
      b.statistic(BudgetPerCentre.STATISTIC, budget.value(), Source.DP_ESTIMATE, "n eps/(k d), from n: "
          + (budget.isLittle() ? budget.advice(settings.epsilon(), settings.k(), data.dimension())
              : "at or above " + BudgetPerCentre.LITTLE_BELOW + ", enough on the benchmark for a cost near the "
              + "non-private optimum") + (coresetSkipped()
              ? "; below " + InitShare.Auto.NO_CORESET_BELOW + " the release started from k points uniform in the "
              + "ball of the typical radius instead of a private coreset"
              : startedInSubspace() ? "; below " + InitShare.Auto.NO_CORESET_BELOW + " the release started from k "
              + "centres found by " + SubspaceStart.STEPS + " DP-Lloyd steps over " + SubspaceStart.SEEDS_PER_CENTRE
              + "k centres in a random " + InitShare.Auto.SUBSPACE_DIMENSION + "-dimensional subspace (init: "
              + "subspace), merged and lifted, instead of a private coreset" : ""));
    }
    if (settings.sampling().sampler() == Sampler.CORE || usesTypicalNorm(data)) {
      b.statistic("xTilde", data.meanNormStatistic(), Source.DP_ESTIMATE, (settings.geometry() == Geometry.L2
          ? "mean squared l2 norm" : "mean l1 norm") + " from the noisy norm histogram (used by "
          + (settings.sampling().sampler() == Sampler.CORE ? "core" : "--offset-clip auto") + ")");
    }
    if (provenance.estimatedCentre() == null) {
      b.statistic("centerNorm", data.centreNorm(), Source.PUBLIC, "l2 norm of the supplied centre");
    }
  }

  /** The paper's pipeline: the report says which constants were read without privacy (SPEC §10). */
  private void paperStatistics(PrivacyReport.Builder b, PreparedData data, double expectedSampleSize) {
    boolean paper = ((PrivacyMode.Paper) settings.privacy()).preprocessing() == Preprocessing.PAPER;
    b.expectedSampleSize(expectedSampleSize)
        .statistic("n", data.count(), Source.DATA_DERIVED, "number of points after preprocessing")
        .statistic("r", data.radius(), paper ? Source.DATA_DERIVED : Source.PUBLIC,
            paper ? "largest norm after re-centring" : "norm bound supplied by the user")
        .statistic("xTilde", data.meanNormStatistic(), Source.DATA_DERIVED,
            settings.geometry() == Geometry.L2 ? "mean squared l2 norm (used by core)" : "mean l1 norm (used by core)")
        .statistic("centerNorm", data.centreNorm(), paper ? Source.DATA_DERIVED : Source.PUBLIC,
            paper ? "l2 norm of the data mean subtracted in the second centring" : "l2 norm of the supplied centre");
    if (paper) {
      b.statistic("percentile97.5", data.percentile(), Source.DATA_DERIVED,
          "97.5th percentile of centred l2 norms (points at or above it were dropped)");
      b.nonPrivateStep("paper preprocessing: centring, the 97.5th-percentile filter, re-centring and r are "
          + "computed from the data without privacy");
    }
    String samplerStep = settings.sampling().sampler().paperDataUse(settings.sampling().sizeIsCount());
    if (samplerStep != null) {
      b.nonPrivateStep(samplerStep);
    }
    String initialiserStep = settings.initialisation().nonPrivateStep();
    if (initialiserStep != null) {
      b.nonPrivateStep(initialiserStep);
    }
  }
}
