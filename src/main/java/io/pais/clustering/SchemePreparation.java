package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.SchemePlan;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.Initialiser;
import io.pais.noise.NoiseRandomness;
import io.pais.preprocessing.PreparedData;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.UniformScheme;
import io.pais.sampling.spark.RecordNumbering;
import io.pais.sampling.spark.SchemeSampling;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SchemeOptions;
import java.util.Locale;
import java.util.function.Consumer;

/** The plan and sample stages of a uniform scheme's run: a fresh sample every iteration. */
final class SchemePreparation {
  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageClock clock;
  private final LloydPlanner planner;
  private final Initialiser initialiser;
  private final NoiseRandomness randomness;
  private final KeyedCoins coins;

  SchemePreparation(KMeansSettings settings, Consumer<String> log, StageClock clock, LloydPlanner planner,
      Initialiser initialiser, NoiseRandomness randomness, KeyedCoins coins) {
    this.settings = settings;
    this.log = log;
    this.clock = clock;
    this.planner = planner;
    this.initialiser = initialiser;
    this.randomness = randomness;
    this.coins = coins;
  }

  /**
   * A uniform scheme (SPEC §14): records numbered in input order, the sizes resolved (N is public under
   * substitution; poisson-uniform's rate uses no N beyond what paper mode reads or strict mode estimates), the noise
   * solved for the DP-Lloyd share of (ε, δ), and the per-iteration sampling set up (stage I drawn now when cached).
   */
  PreparedRun.Scheme prepare(PreparedData data, int d, CoresetStart privateInitial, Provenance provenance,
      BudgetAllocation allocation) {
    long start = clock.begin("record numbers");
    RecordNumbering.Numbered numbered = RecordNumbering.number(data.points(), d);
    numbered.blocks().count(); // materialise the numbered copy before the prepared one is released
    data.release();
    clock.end("record numbers", start);

    start = clock.begin("privacy plan");
    LloydPlanner.SchemeSizes sizes = planner.scheme(allocation, data, d, numbered.population(), privateInitial);
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
    return new PreparedRun.Scheme(data, plan, sampling, initial, PreparedRun.coresetOf(privateInitial, d),
        sizes.iterations(), sizes.sums(), sizes.firstReach(), sizes.firstCentres(), provenance);
  }
}
