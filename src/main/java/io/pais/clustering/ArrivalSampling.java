package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyLedger;
import io.pais.io.Points;
import io.pais.noise.NoiseRandomness;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.StrictPreprocessor;
import io.pais.planning.ReleaseStages;
import io.pais.sampling.CoinSource;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.KeyedPoint;
import io.pais.sampling.Sampler;
import io.pais.sampling.SamplingFunction;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PublicConstants;
import io.pais.settings.Setting;
import io.pais.settings.Vocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;

/**
 * The Poisson sample of a stream, drawn as its records arrive. SPEC §4's q depends only on a point and public
 * constants; when every constant a release fixes before DP-Lloyd is public — the centre, r, unif's sample fraction
 * (or every record), T, a start that reads no data, no training summary — its stages before the sample run no
 * mechanism, and the sample can be drawn record by record as records come, by the same plan and keyed coins as the
 * release of all of a window's records at once. {@link #kept} draws it in map tasks; {@link #release} releases a
 * window's kept records through the same engine, which keeps every record given (their coins are drawn), so the
 * release equals bit for bit the one of all the window's records — the records, their keys, their order, the seed
 * and the settings being the same.
 */
public final class ArrivalSampling {
  /** The coins of a sample drawn already: u = 0 keeps a record at any q &gt; 0. */
  static final CoinSource DRAWN = key -> 0.0;

  private final KMeansSettings settings;
  private final int dimension;
  private final CoinSource coins;
  /** The plan's q; null when every record is kept (sampler full). */
  private final SamplingFunction sampling;

  private ArrivalSampling(KMeansSettings settings, int dimension, CoinSource coins, SamplingFunction sampling) {
    this.settings = settings;
    this.dimension = dimension;
    this.coins = coins;
    this.sampling = sampling;
  }

  /**
   * What a release needs public before its first record for its sample to be drawn as records arrive, each named as
   * {@code words} name settings (flags or params); empty when nothing is missing.
   */
  public static List<String> missingPublicConstants(KMeansSettings settings, Vocabulary words) {
    List<String> missing = new ArrayList<>();
    if (!settings.isStrict()) {
      missing.add(words.is(Setting.PRIVACY, "strict") + " (a stream releases strictly)");
      return missing;
    }
    PublicConstants constants = settings.privacy().constants();
    if (!constants.hasCentre()) {
      missing.add(words.name(Setting.CENTRE));
    }
    if (!constants.hasNormBound()) {
      missing.add(words.name(Setting.NORM_BOUND));
    }
    Sampler sampler = settings.sampling().sampler();
    if (!(sampler == Sampler.FULL || sampler == Sampler.UNIF && !settings.sampling().sizeIsCount())) {
      missing.add(words.is(Setting.SAMPLER, "unif") + " with " + words.name(Setting.SAMPLE_SIZE) + " as a fraction, "
          + "or " + words.is(Setting.SAMPLER, "full"));
    }
    if (!(settings.iterations() instanceof Iterations.Fixed)) {
      missing.add(words.name(Setting.ITERATIONS) + " as a number");
    }
    Initialisation init = settings.initialisation();
    if (!(init == Initialisation.RANDOM_BALL || init == Initialisation.SPHERE_PACKING)) {
      missing.add(words.is(Setting.INIT, "sphere-packing") + " or random-ball");
    }
    if (ReleaseStages.allocation(settings).summary().runs()) {
      missing.add(words.is(Setting.BUDGET_SUMMARY, "0") + " (the summary reads every record after DP-Lloyd)");
    }
    if (!settings.kCandidates().isEmpty()) {
      missing.add("one k (a choice among candidates reads every record)");
    }
    return missing;
  }

  /** Refuses settings whose sample cannot be drawn as records arrive, naming every setting missing. */
  public static void requirePublicPlan(KMeansSettings settings, Vocabulary words, String what) {
    List<String> missing = missingPublicConstants(settings, words);
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(what + " needs every constant before DP-Lloyd public before its first "
          + "record; give " + String.join(", ", missing));
    }
  }

  /**
   * The plan of {@code settings} in {@code dimension} dimensions, made from public values alone (no record is read),
   * with {@code coins}: the release's keyed coins, secret or seeded, which every window's sample is drawn with.
   */
  public static ArrivalSampling plan(KMeansSettings settings, int dimension, KeyedCoins coins,
      JavaSparkContext spark) {
    requirePublicPlan(settings, Vocabulary.FLAGS, "a sample drawn as records arrive");
    PreparedData none = prepare(settings, spark.<KeyedPoint>emptyRDD(), dimension, "no records (the plan)");
    BudgetAllocation allocation = ReleaseStages.allocation(settings);
    PrivacyLedger scratch = PrivacyLedger.pure(settings.epsilon());
    LloydPlanner.PoissonPlan planned = new LloydPlanner(settings, scratch, message -> { })
        .poisson(allocation, none, dimension, false, () -> null, null); // q does not follow the start
    none.release();
    SamplingFunction q = planned.plan().sampler() == Sampler.FULL ? null : planned.plan().samplingFunction();
    return new ArrivalSampling(settings, dimension, coins, q);
  }

  /**
   * The records of {@code records} the plan's coins keep, as they are (raw, unclipped): their coins are drawn from
   * their keys and their q from their preprocessed points ({@code asPoint} of each), exactly as the release of all of
   * them would draw them.
   */
  public <T> JavaRDD<T> kept(JavaRDD<T> records, Function<T, KeyedPoint> asPoint, String source) {
    if (sampling == null) {
      return records;
    }
    PreparedData data = prepare(settings, records.map(asPoint), dimension, source);
    PoissonSampler.RowWeight w = PoissonSampler.weights(sampling, settings.geometry());
    CoinSource c = coins;
    long[] keys = data.transientPoints().filter(p -> PoissonSampler.keeps(p, w, c)).map(KeyedPoint::key)
        .collect().stream().mapToLong(Long::longValue).sorted().toArray();
    data.release();
    Broadcast<long[]> keep = JavaSparkContext.fromSparkContext(records.context()).broadcast(keys);
    return records.filter(r -> Arrays.binarySearch(keep.value(), asPoint.call(r).key()) >= 0);
  }

  /**
   * The release of a window's kept records ({@link #kept}, in the order and partitions the release of all the
   * window's records would read them): every record given enters the sample, with the weight its q gives.
   */
  public ClusteringResult release(Points kept, Consumer<String> log, StageListener stages) {
    if (kept.dimension() != dimension) {
      throw new IllegalArgumentException("the window's records have " + kept.dimension() + " coordinates, the stream's "
          + "plan " + dimension);
    }
    return PrivateKMeansEngine.ofDrawnSample(settings, log, stages).fit(kept, false);
  }

  /**
   * The strict preprocessing of {@code records} under public constants: the clip, the public centre, the projection
   * onto the public r — record by record; it runs no mechanism (refused if it ever did), so its generator draws
   * nothing.
   */
  private static PreparedData prepare(KMeansSettings settings, JavaRDD<KeyedPoint> records, int dimension,
      String source) {
    PrivacyLedger scratch = PrivacyLedger.pure(settings.epsilon());
    StrictPreprocessor.Result result = StrictPreprocessor.run(records, dimension, settings,
        ReleaseStages.allocation(settings), scratch, NoiseRandomness.secure().provider(), source, null);
    if (!scratch.entries().isEmpty()) {
      throw new IllegalStateException("the preprocessing of a sample drawn as records arrive spent privacy budget");
    }
    return result.data();
  }
}
