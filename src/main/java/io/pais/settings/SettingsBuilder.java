package io.pais.settings;

import static io.pais.settings.KMeansSettings.MAX_EPSILON;
import static io.pais.settings.KMeansSettings.MAX_K;
import static io.pais.settings.KMeansSettings.MAX_K_CANDIDATES;
import static io.pais.settings.KMeansSettings.MIN_EPSILON;
import static io.pais.settings.KMeansSettings.MIN_K;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.KSelection;
import io.pais.accounting.InitShare;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.math.Checks;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collects the settings as a user gives them, starting from {@link Defaults}; {@link #build()} puts the privacy
 * mode together and checks every rule that relates several settings, each message naming the settings, the
 * rule and the value.
 */
public final class SettingsBuilder {
  private final Vocabulary names;
  private int k = Defaults.K;
  private List<Integer> kCandidates = List.of();
  /** The plain settings given (checked in {@link #build()}); the rest at their defaults. */
  private final Map<Setting, Object> values = new EnumMap<>(Setting.class);
  private Iterations iterations = Defaults.ITERATIONS;
  private OffsetClip offsetClip = Defaults.OFFSET_CLIP;
  private double epsilon = Defaults.EPSILON;
  private GeometryChoice geometry = Defaults.GEOMETRY;
  private Initialisation initialisation = Defaults.INITIALISATION;
  private Sampler sampler = Defaults.SAMPLER;
  private SampleSizeRule sampleSize = Defaults.SAMPLE_SIZE;
  private CoreSupremum coreSupremum = Defaults.CORE_SUPREMUM;
  private SampleSize stage1Size;
  private BaseNoise noise = Defaults.NOISE;
  private PrivacyMode.Kind privacy = Defaults.PRIVACY;
  private Preprocessing preprocessing;
  private Double clipRadius;
  double[] origin;
  private CoordinateBounds bounds;
  private Outliers outliers = Defaults.OUTLIERS;
  private InitShare initShare = Defaults.INIT_SHARE;
  private Double normBound;
  double[] centre;
  private Seed seed;

  SettingsBuilder(Vocabulary names) {
    this.names = Checks.notNull("vocabulary", names);
  }

  public SettingsBuilder k(int value) {
    k = value;
    return this;
  }

  /**
   * Candidates of a private choice of k (at least two, distinct; empty: k is given): each is fitted on its share of
   * budget-k-selection, the one {@code io.pais.estimation.ElbowRule} picks from their DP costs is released, and
   * k becomes the smallest candidate until then.
   */
  public SettingsBuilder kCandidates(List<Integer> values) {
    kCandidates = List.copyOf(Checks.notNull("k candidates", values));
    if (!kCandidates.isEmpty()) {
      k = kCandidates.stream().min(Integer::compare).orElseThrow();
    }
    return this;
  }

  /** The plain settings' values ({@link PlainValue}): the job's and the params' hand them over whole. */
  public SettingsBuilder values(SettingValues value) {
    values.putAll(value.asMap());
    return this;
  }

  /** One plain setting's value (checked by {@link #build()}, named in this builder's vocabulary). */
  public SettingsBuilder value(Setting setting, Object value) {
    values.put(setting, value);
    return this;
  }

  public SettingsBuilder iterations(Iterations value) {
    iterations = value;
    return this;
  }

  public SettingsBuilder offsetClip(OffsetClip value) {
    offsetClip = value;
    return this;
  }

  public SettingsBuilder epsilon(double value) {
    epsilon = value;
    return this;
  }

  public SettingsBuilder geometry(Geometry value) {
    geometry = GeometryChoice.of(value);
    return this;
  }

  /** ℓ2, ℓ1 or auto (the one the public box favours, see {@link GeometryChoice}). */
  public SettingsBuilder geometry(GeometryChoice value) {
    geometry = value;
    return this;
  }

  public SettingsBuilder initialisation(Initialisation value) {
    initialisation = value;
    return this;
  }

  public SettingsBuilder sampler(Sampler value) {
    sampler = value;
    return this;
  }

  public SettingsBuilder sampleSize(SampleSizeRule value) {
    sampleSize = value;
    return this;
  }

  public SettingsBuilder sampleSize(SampleSize value) {
    sampleSize = SampleSizeRule.given(value);
    return this;
  }

  public SettingsBuilder coreSupremum(CoreSupremum value) {
    coreSupremum = value;
    return this;
  }

  /** n₁ of a two-stage scheme (null: not given). */
  public SettingsBuilder stage1Size(SampleSize value) {
    stage1Size = value;
    return this;
  }

  public SettingsBuilder noise(BaseNoise value) {
    noise = value;
    return this;
  }

  public SettingsBuilder privacy(PrivacyMode.Kind value) {
    privacy = value;
    return this;
  }

  /** A strict release clipped to the ball of radius {@code radius} around the origin. */
  public SettingsBuilder strict(double radius) {
    return privacy(PrivacyMode.Kind.STRICT).clipRadius(radius);
  }

  /** The paper's pipeline. */
  public SettingsBuilder paper() {
    return privacy(PrivacyMode.Kind.PAPER);
  }

  /** Paper mode's preprocessing (null: not given, {@link Defaults#PREPROCESSING}). */
  public SettingsBuilder preprocessing(Preprocessing value) {
    preprocessing = value;
    return this;
  }

  /** R₀ of a strict release (null: not given). */
  public SettingsBuilder clipRadius(Double value) {
    clipRadius = value;
    return this;
  }

  /** c₀ of a strict release (null: not given, the zero vector). */
  public SettingsBuilder origin(double[] value) {
    origin = value == null ? null : value.clone();
    return this;
  }

  /** Public per-coordinate bounds of a strict release, instead of R₀ and c₀ (null: not given). */
  public SettingsBuilder bounds(CoordinateBounds value) {
    bounds = value;
    return this;
  }

  public SettingsBuilder outliers(Outliers value) {
    outliers = value;
    return this;
  }

  /** The private coreset's share of ε: a share, or auto (chosen once n̂ is known). */
  public SettingsBuilder initShare(InitShare value) {
    initShare = value;
    return this;
  }

  /** The shares of ε of the DP centre, the DP norm histogram and the private coreset (each when it runs). */
  public SettingsBuilder shares(double centre, double histogram, InitShare init) {
    return value(Setting.BUDGET_CENTRE, centre).value(Setting.BUDGET_HISTOGRAM, histogram).initShare(init);
  }

  /** A public norm bound r (null: not given). */
  public SettingsBuilder normBound(Double value) {
    normBound = value;
    return this;
  }

  /** A public centre (null: not given). */
  public SettingsBuilder centre(double[] value) {
    centre = value == null ? null : value.clone();
    return this;
  }

  public SettingsBuilder seed(Seed value) {
    seed = value;
    return this;
  }

  /** A 64-bit seed, as MLlib's {@code seed} param and the tests give it (null = secure randomness). */
  public SettingsBuilder seed(Long value) {
    return seed(value == null ? null : Seed.of(value));
  }

  /** The settings, once every rule holds. */
  public KMeansSettings build() {
    SettingValues plain = SettingValues.of(names, values);
    Checks.require(k >= MIN_K && k <= MAX_K, "k must be in [" + MIN_K + ", " + MAX_K + "] (the centres are held on "
        + "the driver), got " + k);
    requireCandidates();
    Checks.notNull("iterations", iterations);
    Checks.notNull("offsetClip", offsetClip);
    Checks.require(epsilon >= MIN_EPSILON && epsilon <= MAX_EPSILON || epsilon == Double.POSITIVE_INFINITY,
        names.name(Setting.EPSILON) + " must be in [" + MIN_EPSILON + ", " + MAX_EPSILON + "] (+Infinity only for "
        + "the non-private reference), got " + epsilon);
    Checks.notNull("geometry", geometry);
    Checks.notNull("initialisation", initialisation);
    Checks.notNull("privacy", privacy);
    PrivacyMode mode = switch (privacy) {
      case STRICT -> strictMode(plain);
      case PAPER -> paperMode();
    };
    Initialisation init = initialisation.resolve(mode.isStrict());
    SamplingSettings sampling = new SamplingSettings(sampler, sampleSize, plain.doubleValue(Setting.LAMBDA),
        coreSupremum, new SchemeOptions(stage1Size, plain.booleanValue(Setting.STAGE1_CACHED), noise,
        plain.doubleValue(Setting.DELTA)));
    requireInitialisation(init, mode);
    requireBoxSums(mode);
    sampling.scheme().requireFor(sampler, init, privacy == PrivacyMode.Kind.STRICT && outliers == Outliers.DROP,
        names);
    return new KMeansSettings(k, kCandidates.stream().sorted().toList(), iterations, offsetClip, epsilon,
          geometry, init, sampling, mode,
          new Guards(plain.booleanValue(Setting.GUARDS), plain.doubleValue(Setting.MIN_NOISY_COUNT)), seed, plain);
  }

  /** The box geometry clips offsets: a strict release's, Laplace-type noise (a Poisson sampler's). */
  private void requireBoxSums(PrivacyMode mode) {
    if (geometry != GeometryChoice.BOX) {
      return;
    }
    String box = names.is(Setting.GEOMETRY, "box");
    Checks.require(mode.isStrict(), box + " clips DP-Lloyd's offsets into a box, and only "
        + names.is(Setting.PRIVACY, "strict") + " sums clipped offsets: use it, or l2 or l1");
    Checks.require(!(offsetClip instanceof OffsetClip.None), box + " clips DP-Lloyd's offsets into a box: it needs "
        + "offsets (" + names.name(Setting.OFFSET_CLIP) + " auto or a fraction), got none");
    Checks.require(!sampler.isUniformScheme(), box + " noises the sums with the box's K-norm noise, which the "
        + "uniform schemes' noise is not: use a Poisson sampler (opt, core, unif or full), got sampler "
        + sampler.id());
  }

  private void requireCandidates() {
    if (kCandidates.isEmpty()) {
      return;
    }
    String name = names.name(Setting.K_CANDIDATES);
    Checks.require(kCandidates.size() >= 2, name + " needs at least two candidates to choose from, got "
        + kCandidates);
    Checks.require(kCandidates.size() <= MAX_K_CANDIDATES, name + " takes at most " + MAX_K_CANDIDATES
        + " candidates, got " + kCandidates.size() + ": each is fitted on an even split of the selection's share of "
        + "epsilon, and with more their DP training costs are dominated by noise; give fewer, spread out");
    Checks.require(new HashSet<>(kCandidates).size() == kCandidates.size(), name + " must not repeat a candidate, "
        + "got " + kCandidates);
    for (int candidate : kCandidates) {
      Checks.require(candidate >= MIN_K && candidate <= MAX_K, name + " must each be in [" + MIN_K + ", " + MAX_K
          + "], got " + candidate);
    }
    Checks.require(privacy == PrivacyMode.Kind.STRICT, name + " are scored by DP training costs, which only "
        + names.is(Setting.PRIVACY, "strict") + " makes: use it");
    Checks.require(!sampler.isUniformScheme(), name + " candidates are pure epsilon-DP releases: use a Poisson "
        + "sampler (opt, core, unif or full), got sampler " + sampler.id());
  }

  private PrivacyMode strictMode(SettingValues plain) {
    String strict = names.is(Setting.PRIVACY, "strict");
    String paper = names.is(Setting.PRIVACY, "paper");
    Checks.require(preprocessing != Preprocessing.PAPER, names.is(Setting.PREPROCESS, "paper") + " reads the "
        + "centre, the percentile and r from the data without privacy: not allowed with " + strict + " (use " + paper
        + ")");
    Checks.require(clipRadius != null || bounds != null, strict + " needs " + names.name(Setting.CLIP_RADIUS)
        + " (R0) or " + names.name(Setting.BOUNDS) + ": a public radius or box that bounds every point's influence "
        + "(nothing is private without one); or use " + paper);
    Checks.require(bounds == null || clipRadius == null && origin == null, names.name(Setting.BOUNDS) + " gives the "
        + "clip radius (the box's half-diagonal) and the origin (its centre): give " + names.name(Setting.BOUNDS)
        + " or " + names.name(Setting.CLIP_RADIUS) + " and " + names.name(Setting.ORIGIN) + ", not both");
    Checks.require(Double.isFinite(epsilon), names.name(Setting.EPSILON) + " must be finite in a strict release, got "
        + epsilon);
    Checks.notNull("outliers", outliers);
    BudgetAllocation.Shares shares = new BudgetAllocation.Shares(plain.doubleValue(Setting.BUDGET_CENTRE),
        plain.doubleValue(Setting.BUDGET_HISTOGRAM), initShare, plain.doubleValue(Setting.BUDGET_SUMMARY),
        plain.doubleValue(Setting.BUDGET_K_SELECTION));
    StrictRelease release = new StrictRelease(clipRadius == null ? Double.NaN : clipRadius, origin,
        plain.doubleValue(Setting.NORM_QUANTILE), plain.booleanValue(Setting.TAIL_RADIUS), outliers == Outliers.DROP,
        shares, plain.intValue(Setting.CORESET_SAMPLE_SIZE), bounds);
    return new PrivacyMode.Strict(release, new PublicConstants(normBound, centre));
  }

  private PrivacyMode paperMode() {
    Preprocessing pre = preprocessing == null ? Defaults.PREPROCESSING : preprocessing;
    Checks.require(pre != Preprocessing.PUBLIC || normBound != null, names.is(Setting.PREPROCESS, "public")
        + " needs " + names.name(Setting.NORM_BOUND) + " (a public r)");
    Checks.require(pre != Preprocessing.PAPER || normBound == null && centre == null, names.name(Setting.NORM_BOUND)
        + " and " + names.name(Setting.CENTRE) + " need " + names.is(Setting.PREPROCESS, "public") + ", got "
        + names.is(Setting.PREPROCESS, "paper"));
    Checks.require(clipRadius == null && origin == null && bounds == null, names.name(Setting.CLIP_RADIUS) + ", "
        + names.name(Setting.ORIGIN) + " and " + names.name(Setting.BOUNDS) + " belong to "
        + names.is(Setting.PRIVACY, "strict") + "; paper mode does not clip (leave them out, or use "
        + names.is(Setting.PRIVACY, "strict") + ")");
    return new PrivacyMode.Paper(pre, new PublicConstants(normBound, centre));
  }

  private void requireInitialisation(Initialisation init, PrivacyMode mode) {
    if (init == Initialisation.PRIVATE_CORESET) {
      Checks.require(mode.isStrict(), names.is(Setting.INIT, "private-coreset") + " spends a share of epsilon from "
          + "the strict release's ledger: use " + names.is(Setting.PRIVACY, "strict"));
    }
    if (mode instanceof PrivacyMode.Strict strict) {
      BudgetAllocation.Shares shares = strict.release().shares();
      boolean coreset = init == Initialisation.PRIVATE_CORESET;
      shares.require(coreset, strict.release().countsTailAxes(coreset, !kCandidates.isEmpty(), Optional.empty()),
          !kCandidates.isEmpty());
      if (!kCandidates.isEmpty()) {
        // checked now rather than when the first candidate runs: each candidate is a strict release of its own
        boolean tailAxes = strict.release().countsTailAxes(coreset, false, Optional.empty());
        double candidate = shares.centre() + shares.histogram() + (coreset ? shares.init().largest() : 0)
            + (tailAxes ? BudgetAllocation.CoresetShares.TAIL_AXES_SHARE : 0) + KSelection.CANDIDATE_SUMMARY_SHARE;
        Checks.require(candidate < 1, "a k candidate spends budget-centre + budget-histogram"
            + (coreset ? " + budget-init" : "") + (tailAxes ? " + " + BudgetAllocation.CoresetShares.TAIL_AXES_SHARE
            + " (the coreset's tail axes)" : "") + " of its epsilon and " + KSelection.CANDIDATE_SUMMARY_SHARE
            + " on its score, which must leave DP-Lloyd a rest, got " + candidate);
        double perCandidate = epsilon * shares.selection() / kCandidates.size();
        Checks.require(perCandidate >= MIN_EPSILON, "each of the " + kCandidates.size() + " k candidates gets "
            + perCandidate + " of epsilon, below " + MIN_EPSILON + ": raise " + names.name(Setting.EPSILON)
            + " or the k selection's share, or give fewer candidates");
      }
      Checks.require(init != Initialisation.SAMPLE_POINTS, names.is(Setting.INIT, "sample-points") + " starts from "
          + "raw data points: not allowed in a strict release (use random-ball)");
      Checks.require(coreSupremum != CoreSupremum.REFERENCE_GRID_100, names.is(Setting.CORE_SUPREMUM, "grid100")
          + " may under-state epsilon: not allowed in a strict release (use exact)");
    }
  }
}
