package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.BudgetPerCentre;
import io.pais.accounting.Composition;
import io.pais.accounting.InitShare;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.TrainingSummary;
import io.pais.estimation.PrivateTrainingSummary;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.Initialiser;
import io.pais.initialisation.SubspaceStart;
import io.pais.io.Points;
import io.pais.lloyd.LloydNoise;
import io.pais.math.Checks;
import io.pais.math.RandomSubspace;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.planning.ReleaseStages;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.preprocessing.StrictPreprocessor;
import io.pais.privacy.SumShape;
import io.pais.sampling.CoinSource;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.Sampler;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Preprocessing;
import io.pais.settings.PrivacyMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The one recipe behind the CLI job and the ML Estimator: preprocess, plan the privacy (B for the target ε),
 * sample in map tasks, initialise, run weighted DP-Lloyd, and report. Logs get stage names, iteration numbers
 * and timings, never data, weights or exact counts.
 */
public final class PrivateKMeansEngine {
  private static final int NORM_HISTOGRAM_BINS = 1 << 12;

  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageClock clock;
  private final NoiseRandomness randomness;
  private final KeyedCoins coins;
  private final PrivacyLedger ledger;
  /**
   * How ε is split between the stages before any data is read: the DP centre's, the histogram's and the summary's
   * ε; the coreset's and DP-Lloyd's follow n̂ under an auto init share (the preprocessing's allocation).
   */
  private final BudgetAllocation beforeData;
  /** Plans DP-Lloyd from public values and DP estimates, and records its ledger entry. */
  private final LloydPlanner planner;
  /** How the first centres are chosen, with this run's randomness. */
  private final Initialiser initialiser;
  /** The plan and sample stages: of a Poisson run, and of a uniform scheme's. */
  private final PoissonPreparation poissonRuns;
  private final SchemePreparation schemeRuns;
  /** The iterate and summarise stages. */
  private final DpLloydStage lloyd;
  private final TrainingSummaryStage summary;
  /** The private coreset's stage (init private-coreset). */
  private final CoresetStage coresets;
  /** Whether {@link #prepare} ran: one run per engine. */
  private boolean prepared;
  /** The private choice of k this release came from (null: k was given). */
  private final KSelection selection;

  public PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log) {
    this(settings, log, StageListener.NONE);
  }

  /** An engine that also tells {@code stages} when each stage starts and ends (a progress display). */
  public PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log, StageListener stages) {
    this(settings, log, stages, List.of(), null, null);
  }

  /**
   * An engine for records its sampler has kept already: the records of a stream's window, each kept by the coin of
   * the same plan as it arrived ({@link ArrivalSampling}). Every record given is kept, with the weight its q gives, so
   * the release equals the one this engine would make of every record of the window drawing its own coins.
   */
  static PrivateKMeansEngine ofDrawnSample(KMeansSettings settings, Consumer<String> log, StageListener stages) {
    return new PrivateKMeansEngine(settings, log, stages, List.of(), null, ArrivalSampling.DRAWN);
  }

  /**
   * An engine for the release that follows a private choice of k: the candidates' ledger entries are spent first (the
   * allocation set their share apart), and the report carries the selection.
   */
  public static PrivateKMeansEngine afterSelection(KMeansSettings settings, Consumer<String> log,
      StageListener stages, List<LedgerEntry> candidates, KSelection chosen) {
    Checks.require(!settings.kCandidates().isEmpty() && chosen.chosen() == settings.k(), "a k selection belongs to a "
        + "release with k candidates and the chosen k");
    return new PrivateKMeansEngine(settings, log, stages, candidates, chosen, null);
  }

  /** @param sampleCoins the coins of the Poisson sample; null: the run's own keyed coins */
  private PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log, StageListener stages,
      List<LedgerEntry> candidates, KSelection selection, CoinSource sampleCoins) {
    if (!settings.kCandidates().isEmpty() && selection == null) {
      throw new IllegalStateException("a release with k candidates runs after its selection (PrivateKMeansRelease)");
    }
    this.settings = settings;
    this.selection = selection;
    this.log = log;
    this.clock = new StageClock(stages);
    this.beforeData = ReleaseStages.allocation(settings);
    this.ledger = settings.sampling().sampler().isUniformScheme()
        ? new PrivacyLedger(settings.epsilon(), settings.sampling().scheme().delta(), Composition.BASIC,
            settings.sampling().relation())
        : PrivacyLedger.pure(settings.epsilon());
    if (settings.seed() == null) {
      this.randomness = NoiseRandomness.secure();
      this.coins = KeyedCoins.secret();
    } else {
      this.randomness = NoiseRandomness.seeded(settings.seed());
      this.coins = KeyedCoins.seeded(settings.seed());
    }
    candidates.forEach(ledger::spend);
    this.initialiser = new Initialiser(settings, randomness.provider(), coins);
    this.planner = new LloydPlanner(settings, ledger, log);
    this.poissonRuns = new PoissonPreparation(settings, log, clock, planner, initialiser,
        sampleCoins == null ? coins : sampleCoins,
        beforeData.summary().runs());
    this.schemeRuns = new SchemePreparation(settings, log, clock, planner, initialiser, randomness, coins);
    this.lloyd = new DpLloydStage(settings, log, stages, clock, randomness);
    this.summary = new TrainingSummaryStage(settings, clock, beforeData.summary());
    this.coresets = new CoresetStage(settings, log, clock, initialiser, ledger);
  }

  /** Runs everything and returns centres, report and timings. */
  public ClusteringResult fit(Points points, boolean evaluate) {
    if (evaluate && settings.isStrict()) {
      throw new IllegalArgumentException("evaluate reads the data without privacy: not allowed in a strict release "
          + "(use privacy mode paper to evaluate)");
    }
    PreparedRun run = prepare(points);
    double[] centres = iterate(run, noiseFor(run));
    TrainingSummary summary = summarise(run, centres);
    double cost = Double.NaN;
    if (evaluate) {
      long start = clock.begin("evaluate (non-private)");
      // full data reads its cached points; a sampled run, one more pass over the input
      cost = run.data().cost(centres, settings.k());
      clock.end("evaluate (non-private)", start);
    }
    run.release();
    return new ClusteringResult(run.inInputCoordinates(centres, settings.k()), report(run, summary), stageSeconds(),
        cost);
  }

  /**
   * Preprocessing, privacy plan, sampling and initialisation. An engine prepares one run: its ledger holds that run's
   * spending, so a second run must come from a new engine (refused here rather than spending from the same budget).
   */
  public PreparedRun prepare(Points points) {
    if (prepared) {
      throw new IllegalStateException("this engine has prepared a run already: its ledger is that run's; make a new "
          + "engine for another run");
    }
    prepared = true;
    ReleaseInput.requireUsable(settings, points);
    long start = clock.begin("read and preprocess");
    int d = points.dimension();
    PreparedData data;
    StrictPreprocessor.Result strictResult = null;
    if (settings.isStrict()) {
      strictResult = StrictPreprocessor.run(points.rdd(), d, settings, beforeData, ledger, randomness.provider(),
          points.source(), initialiser.coresetRequest(d));
      data = strictResult.data();
    } else {
      PrivacyMode.Paper paper = (PrivacyMode.Paper) settings.privacy();
      data = paper.preprocessing() == Preprocessing.PAPER
          ? Preprocessor.paper(points.rdd(), d, settings.geometry(), points.source())
          : Preprocessor.publicBounds(points.rdd(), d, settings.geometry(), paper.constants().normBound(),
              paper.constants().centre(), points.source());
    }
    clock.end("read and preprocess", start);
    BudgetAllocation allocation = strictResult == null ? beforeData : strictResult.allocation();
    Provenance provenance = Provenance.of(points, strictResult);
    if (settings.isStrict() && provenance.populationKnown()) {
      BudgetPerCentre budget = budgetPerCentre(data);
      if (budget.isLittle()) {
        log.accept("little budget per centre: " + budget.advice(settings.epsilon(), settings.k(), d));
      }
    }
    CoresetStart privateInitial = coresets.start(data, strictResult, allocation.initialisation());
    if (settings.sampling().sampler().isUniformScheme()) {
      return schemeRuns.prepare(data, d, privateInitial, provenance, allocation);
    }

    StrictPreprocessor.Result strict = strictResult;
    PreparedRun run = poissonRuns.prepare(data, d, privateInitial, provenance, allocation, strict != null
        ? strict::norms : once(() -> data.exactNorms(settings.geometry(), NORM_HISTOGRAM_BINS)));
    // the allocation decided "every point" from n̂ before the planner did; should the planner sample after all, the
    // run starts as before and the start's share stays unspent (the ledger, and so the report, hold what was spent)
    return allocation.subspace() > 0 && run instanceof PreparedRun.Poisson poisson
        && poisson.plan().sampler() == Sampler.FULL ? subspaceStart(poisson, allocation.subspace()) : run;
  }

  /**
   * The run starting from centres found in a random subspace ({@link SubspaceStart}) at {@code epsilon}: where the
   * allocation gives that start a share, the release has no coreset and DP-Lloyd reads every point, which the start
   * reads too.
   */
  private PreparedRun subspaceStart(PreparedRun.Poisson run, double epsilon) {
    long start = clock.begin("start in a subspace");
    RandomSubspace subspace = RandomSubspace.draw(InitShare.Auto.SUBSPACE_DIMENSION, run.data().dimension(),
        randomness.provider());
    double[] centres = SubspaceStart.find(run.sampleOf(1), subspace, settings.k(), run.data().radius(), epsilon,
        ledger, randomness);
    clock.end("start in a subspace", start);
    log.accept(String.format(Locale.ROOT, "init: k centres from %d DP-Lloyd steps over %d centres in a "
        + "random %d-dimensional subspace", SubspaceStart.STEPS, SubspaceStart.SEEDS_PER_CENTRE * settings.k(),
        subspace.subspaceDimension()));
    return run.startingFrom(centres);
  }

  /**
   * The private noise of a prepared run: each iteration's as its plan and shares build it, drawn from this run's
   * randomness.
   */
  public LloydNoise noiseFor(PreparedRun run) {
    List<LatticeNoise.CountAndSum> noises = new ArrayList<>();
    double[] guardScales = run.shares().scales();
    for (int t = 1; t <= run.iterations(); t++) {
      LatticeNoise.CountAndSum noise = run.noise(settings.sumShape(run.data().dimension()), t);
      noises.add(noise);
      // the guard's threshold follows the count noise: φ_t times the plan's Laplace count's, or the joint noise's
      if (noise instanceof LatticeNoise.Joint joint) {
        guardScales[t - 1] *= joint.countDeviationOverLaplace();
      }
    }
    return LloydNoise.perIteration(noises, guardScales, randomness);
  }

  /**
   * T iterations of weighted DP-Lloyd with {@code noise}; returns centres in preprocessed coordinates, moved into the
   * public box or ball when the guards are on ({@link DpLloydStage}).
   */
  public double[] iterate(PreparedRun run, LloydNoise noise) {
    return lloyd.iterate(run, noise);
  }

  /** n̂·ε/(k·d) of a strict release whose n̂ was estimated. */
  private BudgetPerCentre budgetPerCentre(PreparedData data) {
    return BudgetPerCentre.of(data.count(), settings.epsilon(), settings.k(), data.dimension());
  }

  /**
   * The private training summary of the released {@code centres} (in preprocessed coordinates) when the allocation
   * gives it a share: one pass over the points DP-Lloyd was trained on — every prepared point, unprojected where
   * DP-Lloyd read them so — for their nearest centres and capped squared distances, released by
   * {@link PrivateTrainingSummary}; null when the summary has no share (paper mode, or a share of 0).
   */
  public TrainingSummary summarise(PreparedRun run, double[] centres) {
    return summarise(run, centres, ledger, randomness.provider());
  }

  /** The same, recorded in {@code into} and drawn from {@code rng} ({@link TrainingSummaryStage}). */
  TrainingSummary summarise(PreparedRun run, double[] centres, PrivacyLedger into, UniformRandomProvider rng) {
    return summary.summarise(run, centres, into, rng);
  }

  /** The privacy report of a prepared run, read from the ledger, with its training summary (null: none). */
  public PrivacyReport report(PreparedRun run, TrainingSummary summary) {
    // where the iterations share ε unequally, the report's scales are the plan's and this line gives each factor
    SumShape shape = settings.sumShape(run.data().dimension());
    String noise = run.noise(shape).describe(shape);
    if (run.noise(shape, run.iterations()) instanceof LatticeNoise.Joint joint) {
      noise += "; the last iteration: " + joint.describe(shape);
    }
    noise = run.shares().describeAfter(noise);
    return new ReleaseReporter(settings, ledger).report(run, noise, summary, selection);
  }

  /** Seconds per stage so far. */
  public Map<String, Double> stageSeconds() {
    return clock.seconds();
  }

  /**
   * {@code compute} on first use, then its value: paper mode's exact norm histogram is one pass over the data,
   * which opt's B search reads once per plan and --iterations auto solves a plan for each candidate T.
   */
  private static <T> Supplier<T> once(Supplier<T> compute) {
    List<T> value = new ArrayList<>(1);
    return () -> {
      if (value.isEmpty()) {
        value.add(compute.get());
      }
      return value.get(0);
    };
  }
}
