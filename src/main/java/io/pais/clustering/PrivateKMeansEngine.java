package io.pais.clustering;

import io.pais.planning.ReleaseStages;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.BudgetPerCentre;
import io.pais.accounting.Composition;
import io.pais.accounting.InitShare;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.SchemePlan;
import io.pais.accounting.TrainingSummary;
import io.pais.estimation.PrivateTrainingSummary;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.Initialiser;
import io.pais.io.InputException;
import io.pais.io.Points;
import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedLloyd;
import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.preprocessing.StrictPreprocessor;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.sampling.spark.RecordNumbering;
import io.pais.sampling.spark.SchemeSampling;
import io.pais.sampling.spark.SparkBlocks;
import io.pais.privacy.Geometry;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PublicDomain;
import io.pais.settings.Preprocessing;
import io.pais.settings.PrivacyMode;
import io.pais.settings.SchemeOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * The one recipe behind the CLI job and the ML Estimator: preprocess, plan the privacy (B for the target ε),
 * sample in map tasks, initialise, run weighted DP-Lloyd, and report. Logs get stage names, iteration numbers
 * and timings, never data, weights or exact counts.
 */
public final class PrivateKMeansEngine {
  private static final int NORM_HISTOGRAM_BINS = 1 << 12;
  /** The most centre coordinates k·d: a copy is 80 MB, and the driver holds a few (centres, sums, noise). */
  static final long MAX_CENTRE_VALUES = 10_000_000;

  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageListener stages;
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
  /** Whether {@link #prepare} ran: one run per engine. */
  private boolean prepared;
  /** The private choice of k this release came from (null: k was given). */
  private final KSelection selection;

  public PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log) {
    this(settings, log, StageListener.NONE);
  }

  /** An engine that also tells {@code stages} when each stage starts and ends (a progress display). */
  public PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log, StageListener stages) {
    this(settings, log, stages, List.of(), null);
  }

  /**
   * An engine for the release that follows a private choice of k: the candidates' ledger entries are spent first (the
   * allocation set their share apart), and the report carries the selection.
   */
  public static PrivateKMeansEngine afterSelection(KMeansSettings settings, Consumer<String> log,
      StageListener stages, List<LedgerEntry> candidates, KSelection chosen) {
    Checks.require(!settings.kCandidates().isEmpty() && chosen.chosen() == settings.k(), "a k selection belongs to a "
        + "release with k candidates and the chosen k");
    return new PrivateKMeansEngine(settings, log, stages, candidates, chosen);
  }

  private PrivateKMeansEngine(KMeansSettings settings, Consumer<String> log, StageListener stages,
      List<LedgerEntry> candidates, KSelection selection) {
    if (!settings.kCandidates().isEmpty() && selection == null) {
      throw new IllegalStateException("a release with k candidates runs after its selection (PrivateKMeansRelease)");
    }
    this.settings = settings;
    this.selection = selection;
    this.log = log;
    this.stages = stages;
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
   * Refuses, before any record is read, points these settings cannot release: in a strict release a dimension not
   * given publicly; k·d beyond what the driver holds; an origin, bounds or centre of another dimension. Depends only
   * on the settings and the input's schema, so a run checks it before it claims budget.
   */
  public static void requireUsable(KMeansSettings settings, Points points) {
    int d = points.dimension();
    if (settings.isStrict()) {
      // d is published (the centres' columns, the report) and sets every noise scale: one record may not decide it
      points.dimensionSource().requirePublic();
    }
    int largestK = settings.kCandidates().isEmpty() ? settings.k()
        : java.util.Collections.max(settings.kCandidates());
    if ((long) largestK * d > MAX_CENTRE_VALUES) {
      throw new InputException("k x d = " + largestK + " x " + d + " centre coordinates are more than the "
          + MAX_CENTRE_VALUES + " the driver holds per copy; lower k or the dimension");
    }
    if (settings.privacy() instanceof io.pais.settings.PrivacyMode.Strict strict) {
      strict.release().origin(d);
    }
    double[] centre = settings.privacy().constants().centre();
    if (centre != null && centre.length != d) {
      throw new IllegalArgumentException("center must have " + d + " coordinates, got " + centre.length);
    }
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
    requireUsable(settings, points);
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
    CoresetStart privateInitial = null;
    if (settings.initialisation() == Initialisation.PRIVATE_CORESET && allocation.initialisation().runs()) {
      start = clock.begin("private coreset");
      privateInitial = initialiser.privateCoreset(data, strictResult == null ? null
          : strictResult.coresetSubsample(), strictResult == null ? null : strictResult.tailAxes(),
          allocation.initialisation(), ledger);
      clock.end("private coreset", start);
    } else if (settings.initialisation() == Initialisation.PRIVATE_CORESET) {
      if (strictResult.coresetSubsample() != null) {
        strictResult.coresetSubsample().close();
      }
      log.accept(String.format(Locale.ROOT, "init: no private coreset below %.0f points per centre and dimension per "
          + "unit of epsilon; k centres at the typical radius (in the public box's shape in l1), DP-Lloyd takes its "
          + "share, and a centre that wins no points splits the heaviest",
          InitShare.Auto.NO_CORESET_BELOW));
    }
    if (settings.sampling().sampler().isUniformScheme()) {
      return prepareScheme(data, d, privateInitial, provenance, allocation);
    }

    start = clock.begin("privacy plan");
    StrictPreprocessor.Result strict = strictResult;
    LloydPlanner.PoissonPlan planned = planner.poisson(allocation, data, d, provenance.populationKnown(),
        strict != null ? strict::norms : once(() -> data.exactNorms(settings.geometry(), NORM_HISTOGRAM_BINS)));
    PrivacyPlan plan = planned.plan();
    clock.end("privacy plan", start);
    log.accept(String.format(java.util.Locale.ROOT, "privacy plan: sampler=%s epsilon=%.6g B=%.6g",
        plan.sampler().id(), plan.epsilon(), plan.noiseKnob()));

    // a small sample spread over many partitions pays Spark's per-task overhead every iteration: merge
    // partitions (no shuffle; the coins were drawn per original partition) to about SparkBlocks.ROWS_PER_TASK rows
    // each (a strict release that estimated no n does not know the sample size: it keeps the partitions)
    int partitions = provenance.populationKnown() ? SparkBlocks.tasksFor(plan.expectedSampleSize(), data.partitions())
        : data.partitions();
    // the plan's sampler: opt reading every point under --sample-size auto plans (and reads) as full data
    boolean everyPoint = plan.sampler() == Sampler.FULL;
    // summing offsets clipped to ρ over every point, DP-Lloyd's noise holds for a point of any norm: it reads the
    // points as the clip put them, not projected onto r, and a heavy tail keeps its place (a sample's weights and the
    // sums of points need the projection)
    Optional<PreparedData.PointsWithinClip> withinClip = everyPoint
        && planned.sums() instanceof LloydSums.ClippedOffsets ? data.withinClip(partitions) : Optional.empty();
    withinClip.ifPresent(within -> log.accept("DP-Lloyd reads every point unprojected (offsets clipped to rho)"));
    SampleBlocks sample = withinClip.map(PreparedData.PointsWithinClip::points).orElseGet(() -> everyPoint
        ? data.allPoints(partitions) // the preprocessing's cached copy, read as it is: no sampling stage
        : poissonSample(data, plan, partitions));
    double pointRadius = withinClip.map(PreparedData.PointsWithinClip::radius).orElse(data.radius());
    double[] initial = initialiser.initialCentres(data, privateInitial, plan.samplingFunction());
    // one cached copy per run: a sample now holds what DP-Lloyd reads, and a later reader of the prepared points
    // (only paper mode's --evaluate on a sampled run) recomputes them; full data reads the preprocessing's copy, and
    // so does the training summary, which reads every prepared point once more after DP-Lloyd
    if (!everyPoint && !beforeData.summary().runs()) {
      data.release();
    }
    return new PreparedRun.Poisson(data, plan, sample, pointRadius, initial, coresetOf(privateInitial, d),
        planned.iterations(), planned.sums(), provenance);
  }

  /** The Poisson sample of the plan's sampling function, drawn in map tasks and cached in {@code partitions}. */
  private SampleBlocks poissonSample(PreparedData data, PrivacyPlan plan, int partitions) {
    long start = clock.begin("weights and sampling");
    // the sampler copies the rows it keeps: it may read points whose arrays the next point rewrites
    JavaRDD<SampleBlock> sampled = PoissonSampler.sample(data.transientPoints(), data.dimension(),
        plan.samplingFunction(), settings.geometry(), coins);
    JavaRDD<SampleBlock> cached = (partitions < sampled.getNumPartitions() ? sampled.coalesce(partitions)
        : sampled).persist(StorageLevel.MEMORY_AND_DISK());
    cached.count(); // materialise the cached sample (counts blocks, not points)
    clock.end("weights and sampling", start);
    return SparkBlocks.of(cached);
  }

  /**
   * A uniform scheme (SPEC §14): records numbered in input order, the sizes resolved (N is public under
   * substitution; poisson-uniform's rate uses no N beyond what paper mode reads or strict mode estimates), the noise
   * solved for the DP-Lloyd share of (ε, δ), and the per-iteration sampling set up (stage I drawn now when cached).
   */
  private PreparedRun prepareScheme(PreparedData data, int d, CoresetStart privateInitial, Provenance provenance,
      BudgetAllocation allocation) {
    long start = clock.begin("record numbers");
    RecordNumbering.Numbered numbered = RecordNumbering.number(data.points(), d);
    numbered.blocks().count(); // materialise the numbered copy before the prepared one is released
    data.release();
    clock.end("record numbers", start);

    start = clock.begin("privacy plan");
    LloydPlanner.SchemeSizes sizes = planner.scheme(allocation, data, d, numbered.population());
    SchemePlan plan = sizes.plan();
    UniformScheme scheme = settings.sampling().sampler().uniformScheme();
    SchemeOptions options = settings.sampling().scheme();
    clock.end("privacy plan", start);
    log.accept(String.format(Locale.ROOT, "privacy plan: sampler=%s epsilon=%.6g delta=%.3g noise=%s", scheme.id(),
        plan.epsilon(), plan.delta(), options.noise().id()));

    start = clock.begin("weights and sampling");
    SchemeSampling sampling = new SchemeSampling(scheme, numbered, sizes.stage1(), sizes.sampleSize(), sizes.rate(),
        options.stage1Cached(), randomness.provider(), coins);
    clock.end("weights and sampling", start);
    double[] initial = initialiser.initialCentres(data, privateInitial, null); // no sample-points here
    return new PreparedRun.Scheme(data, plan, sampling, initial, coresetOf(privateInitial, d), sizes.iterations(),
        sizes.sums(), provenance);
  }

  /** The private coreset of a run that drew one, else a pool with no rows. */
  private static SampleBlock coresetOf(CoresetStart start, int d) {
    return start != null ? start.coreset() : SampleBlock.empty(d);
  }

  /** The private noise of a prepared run: the one its plan builds, drawn from this run's randomness. */
  public LloydNoise noiseFor(PreparedRun run) {
    LatticeNoise.CountAndSum noise = run.noise(settings.geometry());
    return LloydNoise.of(noise.count(), noise.sum(), randomness);
  }


  /**
   * Where DP-Lloyd's dead centres go: to the private coreset's points, or, in a strict release that has none, to a
   * split of the heaviest live centre in the public domain's shape (the box's half-widths, or r/√d or r/d a
   * coordinate of the ball). Paper mode keeps a dead centre in place, as the reference code does.
   */
  private DeadCentres deadCentres(PreparedRun run) {
    double countDeviation = run.noise(settings.geometry()).countDeviation();
    if (run.coreset().rows() > 0 || !settings.isStrict()) {
      return DeadCentres.of(run.coreset(), countDeviation);
    }
    int d = run.data().dimension();
    CoordinateBounds box = settings.strictRelease().bounds();
    double[] shape;
    if (box != null) {
      shape = box.halfWidthsIn(d);
    } else {
      shape = new double[d];
      Arrays.fill(shape, run.pointRadius() / (settings.geometry() == Geometry.L2 ? Math.sqrt(d) : d));
    }
    return DeadCentres.splitting(shape, countDeviation, randomness.provider());
  }

  /**
   * T iterations of weighted DP-Lloyd with {@code noise}; returns centres in preprocessed coordinates, moved into the
   * public box or ball when the guards are on ({@link PublicDomain}: never further from a point the release read).
   */
  public double[] iterate(PreparedRun run, LloydNoise noise) {
    int iterations = run.iterations();
    long start = clock.begin(iterationStage(1, iterations));
    WeightedLloyd lloyd = new WeightedLloyd(settings.k(), iterations, run.pointRadius(),
        settings.geometry(), settings.guards().enabled(), settings.guards().minNoisyCount(), run.sums(),
        deadCentres(run));
    double[] centres = lloyd.run(run::sampleOf, run.data().dimension(), run.initialCentres(), noise, t -> {
      stages.end();
      log.accept(String.format(java.util.Locale.ROOT, "DP-Lloyd iteration %d/%d, %.1f s", t, iterations,
          (System.nanoTime() - start) / 1e9));
      if (t < iterations) {
        stages.begin(iterationStage(t + 1, iterations));
      }
    });
    clock.end("DP-Lloyd", start);
    if (settings.guards().enabled()) { // a guard like the others: the released centres moved into the public domain
      int moved = PublicDomain.of(settings, run.data().dimension()).moveInto(centres, settings.k(),
          run.data().offset());
      if (moved > 0) {
        log.accept(moved + " of " + settings.k() + " centres moved into the public domain (post-processing)");
      }
    }
    return centres;
  }

  /** n̂·ε/(k·d) of a strict release whose n̂ was estimated. */
  private BudgetPerCentre budgetPerCentre(PreparedData data) {
    return BudgetPerCentre.of(data.count(), settings.epsilon(), settings.k(), data.dimension());
  }

  private static String iterationStage(int t, int iterations) {
    return "DP-Lloyd iteration " + t + "/" + iterations;
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

  /**
   * The same, recorded in {@code into} and drawn from {@code rng}: the engine's own choice of the points, the cap
   * and the shares, released once per call (the composed audit draws the whole default path many times over).
   */
  TrainingSummary summarise(PreparedRun run, double[] centres, PrivacyLedger into, UniformRandomProvider rng) {
    if (!beforeData.summary().runs()) {
      return null;
    }
    long start = clock.begin("private summary");
    PreparedData data = run.data();
    double cap = PrivateTrainingSummary.costCap(data.radius(), centres, settings.k());
    SampleBlocks trainingPoints = run.readsUnprojected() ? run.sampleOf(1) : data.allPoints(data.partitions());
    ClusterCosts exact = trainingPoints.clusterCosts(centres, settings.k(), data.dimension(), cap);
    TrainingSummary summary = PrivateTrainingSummary.release(exact.weights(), exact.cost(), cap,
        beforeData.summary(), into, rng);
    clock.end("private summary", start);
    return summary;
  }

  /** The privacy report of a prepared run, read from the ledger, with its training summary (null: none). */
  public PrivacyReport report(PreparedRun run, TrainingSummary summary) {
    String noise = run.noise(settings.geometry()).describe(settings.geometry());
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
