package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyPlan;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.Initialiser;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.preprocessing.PreparedData;
import io.pais.sampling.CoinSource;
import io.pais.sampling.NormSummary;
import io.pais.sampling.Sampler;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.sampling.spark.SparkBlocks;
import io.pais.settings.KMeansSettings;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * The plan and sample stages of a Poisson run (importance sampling drawn once, or every point): DP-Lloyd's plan, the
 * sample in map tasks, cached, and the first centres.
 */
final class PoissonPreparation {
  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageClock clock;
  private final LloydPlanner planner;
  private final Initialiser initialiser;
  /** The coins of the sample: the run's keyed coins, or none to draw for a sample drawn as records arrived. */
  private final CoinSource coins;
  /** Whether the training summary reads every prepared point after DP-Lloyd (their cached copy is then kept). */
  private final boolean summaryReadsThePoints;

  PoissonPreparation(KMeansSettings settings, Consumer<String> log, StageClock clock, LloydPlanner planner,
      Initialiser initialiser, CoinSource coins, boolean summaryReadsThePoints) {
    this.settings = settings;
    this.log = log;
    this.clock = clock;
    this.planner = planner;
    this.initialiser = initialiser;
    this.coins = coins;
    this.summaryReadsThePoints = summaryReadsThePoints;
  }

  /**
   * The run: DP-Lloyd planned from public values and DP estimates ({@code norms}: the noisy norm summary, or paper
   * mode's exact one), its sample drawn, and the first centres chosen.
   */
  PreparedRun.Poisson prepare(PreparedData data, int d, CoresetStart privateInitial, Provenance provenance,
      BudgetAllocation allocation, Supplier<NormSummary> norms) {
    long start = clock.begin("privacy plan");
    LloydPlanner.PoissonPlan planned = planner.poisson(allocation, data, d, provenance.populationKnown(), norms,
        privateInitial);
    PrivacyPlan plan = planned.plan();
    clock.end("privacy plan", start);
    log.accept(String.format(Locale.ROOT, "privacy plan: sampler=%s epsilon=%.6g B=%.6g",
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
    if (!everyPoint && !summaryReadsThePoints) {
      data.release();
    }
    return new PreparedRun.Poisson(data, plan, sample, pointRadius, initial, PreparedRun.coresetOf(privateInitial, d),
        planned.iterations(), planned.sums(), planned.firstReach(), planned.firstCentres(), planned.shares(),
        planned.centreClips(), planned.jointLastStep(), provenance);
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
}
