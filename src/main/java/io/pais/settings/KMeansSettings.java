package io.pais.settings;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.accounting.SchemePlan;
import io.pais.math.Checks;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import java.io.Serializable;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every setting of one private k-means run, grouped by concern. Built only by {@link Builder#build()}, the one
 * place where the rules between settings are checked; the job and the Spark ML Estimator both fill a builder, each
 * in its own {@link Vocabulary}, so that a message names the setting as its user wrote it.
 */
public final class KMeansSettings implements Serializable {
  private static final long serialVersionUID = 1L;
  /** The most clusters: the centres, their noise and their statistics are held on the driver. */
  public static final int MAX_K = 100_000;
  /** The fewest clusters: one centre is a DP mean, a release like any other (the job and the Estimator alike). */
  public static final int MIN_K = 1;
  /**
   * The most k candidates: each gets an even split of the selection's share of ε, so with more the candidates' DP
   * training costs drown in their noise and the choice is a guess (at 16 and ε = 1, each candidate has 1/32).
   */
  public static final int MAX_K_CANDIDATES = 16;
  /** The range of ε a release may ask for: outside it the noise scales leave what the solvers handle. */
  public static final double MIN_EPSILON = 1e-4;
  public static final double MAX_EPSILON = 1e6;

  private final int k;
  /** The candidates of a private choice of k (empty: k is given), sorted. */
  private final List<Integer> kCandidates;
  private final Iterations iterations;
  private final OffsetClip offsetClip;
  private final double epsilon;
  private final Geometry geometry;
  private final Initialisation initialisation;
  private final SamplingSettings sampling;
  private final PrivacyMode privacy;
  private final Guards guards;
  private final Seed seed;

  private KMeansSettings(Builder b, Geometry geometry, Initialisation initialisation, SamplingSettings sampling,
      PrivacyMode privacy) {
    this.k = b.k;
    this.kCandidates = b.kCandidates.stream().sorted().toList();
    this.iterations = b.iterations;
    this.offsetClip = b.offsetClip;
    this.epsilon = b.epsilon;
    this.geometry = geometry;
    this.initialisation = initialisation;
    this.sampling = sampling;
    this.privacy = privacy;
    this.guards = new Guards(b.guards, b.minNoisyCount);
    this.seed = b.seed;
  }

  /**
   * A copy with another k, ε, candidates, sampling, privacy mode and seed: a k-selection candidate or the chosen
   * release.
   */
  private KMeansSettings(KMeansSettings base, int k, double epsilon, List<Integer> kCandidates,
      SamplingSettings sampling, PrivacyMode privacy, Seed seed) {
    this.k = k;
    this.kCandidates = kCandidates;
    this.iterations = base.iterations;
    this.offsetClip = base.offsetClip;
    this.epsilon = epsilon;
    this.geometry = base.geometry;
    this.initialisation = base.initialisation;
    this.sampling = sampling;
    this.privacy = privacy;
    this.guards = base.guards;
    this.seed = seed;
  }

  /** A builder that starts from {@link Defaults} and names settings in {@code vocabulary}. */
  public static Builder builder(Vocabulary vocabulary) {
    return new Builder(vocabulary);
  }

  /** A builder that names settings as the job's flags. */
  public static Builder builder() {
    return builder(Vocabulary.FLAGS);
  }

  /** The clusters of this run (with {@link #kCandidates()}: the one being fitted, one of them). */
  public int k() {
    return k;
  }

  /** The candidates of a private choice of k, sorted (empty: k is given). */
  public List<Integer> kCandidates() {
    return kCandidates;
  }

  /**
   * The settings of the k-selection candidate with {@code k} clusters, a strict release of its own at
   * {@code epsilon} (its share of the selection) whose training summary gets {@link Defaults#K_SELECTION_SUMMARY_SHARE}
   * of it (its DP cost is the candidate's score), from a seed derived for it (null: secure randomness). A candidate
   * reads every point (sampler full): it is scored, not released, and on its small ε a sample size the release can
   * reach may be out of the samplers' reach.
   */
  public KMeansSettings candidate(int k, double epsilon) {
    Checks.require(kCandidates.contains(k), "k = " + k + " is not a candidate of " + kCandidates);
    StrictRelease release = strictRelease();
    StrictRelease scored = release.withShares(candidateShares(release.shares()));
    SamplingSettings everyPoint = new SamplingSettings(Sampler.FULL, sampling.size(), sampling.lambda(),
        sampling.coreSupremum(), SchemeOptions.none());
    return new KMeansSettings(this, k, epsilon, List.of(), everyPoint, new PrivacyMode.Strict(scored,
        privacy.constants()), seed == null ? null : seed.derive("k-selection candidate k=" + k));
  }

  /** A candidate's shares: the release's, with {@link Defaults#K_SELECTION_SUMMARY_SHARE} for its summary. */
  private static BudgetAllocation.Shares candidateShares(BudgetAllocation.Shares shares) {
    return new BudgetAllocation.Shares(shares.centre(), shares.histogram(), shares.init(),
        Defaults.K_SELECTION_SUMMARY_SHARE, shares.selection());
  }

  /** The settings of the release with the chosen {@code k}: its allocation still sets the selection's share apart. */
  public KMeansSettings chosen(int k) {
    Checks.require(kCandidates.contains(k), "k = " + k + " is not a candidate of " + kCandidates);
    return new KMeansSettings(this, k, epsilon, kCandidates, sampling, privacy, seed);
  }

  public Iterations iterations() {
    return iterations;
  }

  /** What DP-Lloyd sums: the points, or their offsets from the centres clipped (a fraction, or auto). */
  public OffsetClip offsetClip() {
    return offsetClip;
  }

  /** The target ε (the guarantee); +∞ only for the non-private reference. */
  public double epsilon() {
    return epsilon;
  }

  public Geometry geometry() {
    return geometry;
  }

  /** How the first centres are chosen (never AUTO: resolved by the privacy mode). */
  public Initialisation initialisation() {
    return initialisation;
  }

  public SamplingSettings sampling() {
    return sampling;
  }

  public PrivacyMode privacy() {
    return privacy;
  }

  public Guards guards() {
    return guards;
  }

  /** The secret of a reproducible run (null = secure randomness): its generators are keyed by it ({@link Seed}). */
  public Seed seed() {
    return seed;
  }

  /** Whether this is an end-to-end private release (SPEC §13). */
  public boolean isStrict() {
    return privacy.isStrict();
  }

  /** The strict release's public inputs; only for a strict release. */
  public StrictRelease strictRelease() {
    Checks.require(privacy instanceof PrivacyMode.Strict, "not a strict release");
    return ((PrivacyMode.Strict) privacy).release();
  }

  /**
   * Whether a strict release needs the DP norm histogram: r unknown, or a sampler, an initialiser or --iterations
   * auto that needs n̂ or x̃̂ (the sampler and the initialiser each say what they need).
   */
  public boolean needsNormHistogram() {
    Sampler sampler = sampling.sampler();
    boolean samplerNeeds = sampler.needsNormHistogram(sampling.sizeIsCount());
    boolean initialiserNeeds = initialisation.needsNormHistogram();
    // auto T weighs a typical cluster at n̂/k, except under the fixed-size schemes (m/k, N public)
    boolean iterationsNeed = iterations instanceof Iterations.Auto
        && (!sampler.isUniformScheme() || sampler == Sampler.POISSON_UNIFORM);
    return !privacy.constants().hasNormBound() || samplerNeeds || initialiserNeeds || iterationsNeed;
  }

  /**
   * How ε is split between the stages that run ({@link BudgetAllocation}), from these settings alone, before any data
   * is read: the centre unless one is given, the histogram when {@link #needsNormHistogram()}, the coreset for init
   * private-coreset, the training summary when its share is above 0. An auto init share is not chosen yet: the
   * coreset's and DP-Lloyd's ε come from {@link #allocation(BudgetAllocation.Scale)} once n̂ is known.
   */
  public BudgetAllocation allocation() {
    return allocation(Optional.empty());
  }

  /** The allocation once n̂ ({@code pointCount}) is known: an auto init share is chosen at n̂·ε/(k·d). */
  public BudgetAllocation allocation(double pointCount, int dimension) {
    return allocation(Optional.of(new BudgetAllocation.Scale(pointCount, k, dimension)));
  }

  private BudgetAllocation allocation(Optional<BudgetAllocation.Scale> scale) {
    double delta = sampling.delta();
    if (!(privacy instanceof PrivacyMode.Strict strict)) {
      return BudgetAllocation.paper(epsilon, delta);
    }
    StrictRelease release = strict.release();
    BudgetAllocation.Stages stages = new BudgetAllocation.Stages(!strict.constants().hasCentre(),
        needsNormHistogram(), initialisation == Initialisation.PRIVATE_CORESET,
        tailAxes(scale.map(BudgetAllocation.Scale::dimension)), !kCandidates.isEmpty());
    return scale.isEmpty() ? BudgetAllocation.strict(epsilon, delta, release.shares(), stages)
        : BudgetAllocation.strict(epsilon, delta, release.shares(), stages, scale.get());
  }

  /**
   * Whether a strict release's private coreset also counts its tail axes: it runs, points beyond r are projected
   * (dropped, they are no tail for DP-Lloyd to serve), d, when known, is at most
   * {@link BudgetAllocation.CoresetShares#TAIL_AXES_MAX_DIMENSION} (before the data is read the share is reserved),
   * and the release does not follow a private choice of k: with the selection's share set apart, its DP-Lloyd keeps
   * about a tenth of ε, which the axes' {@value BudgetAllocation.CoresetShares#TAIL_AXES_SHARE} would halve (the
   * candidates, releases of their own, count them).
   */
  public boolean tailAxes(Optional<Integer> dimension) {
    return tailAxes(initialisation, privacy, kCandidates, dimension);
  }

  /** {@link #tailAxes(Optional)} for these settings, before they are built (the builder checks the shares with it). */
  private static boolean tailAxes(Initialisation initialisation, PrivacyMode privacy, List<Integer> kCandidates,
      Optional<Integer> dimension) {
    return initialisation == Initialisation.PRIVATE_CORESET && privacy instanceof PrivacyMode.Strict strict
        && !strict.release().dropOutliers() && kCandidates.isEmpty()
        && dimension.map(d -> d <= BudgetAllocation.CoresetShares.TAIL_AXES_MAX_DIMENSION).orElse(true);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KMeansSettings s && k == s.k && kCandidates.equals(s.kCandidates)
        && iterations.equals(s.iterations) && offsetClip.equals(s.offsetClip)
        && Double.compare(epsilon, s.epsilon) == 0 && geometry == s.geometry && initialisation == s.initialisation
        && sampling.equals(s.sampling) && privacy.equals(s.privacy) && guards.equals(s.guards)
        && Objects.equals(seed, s.seed);
  }

  @Override
  public int hashCode() {
    return Objects.hash(k, kCandidates, iterations, offsetClip, epsilon, geometry, initialisation, sampling, privacy, guards, seed);
  }

  @Override
  public String toString() {
    return "KMeansSettings[k=" + k + (kCandidates.isEmpty() ? "" : ", kCandidates=" + kCandidates) + ", iterations="
        + iterations + ", offsetClip=" + offsetClip.describe() + ", epsilon=" + epsilon + ", geometry=" + geometry
        + ", initialisation=" + initialisation + ", sampling=" + sampling + ", privacy=" + privacy + ", guards="
        + guards + ", seeded=" + (seed != null) + "]";
  }

  /**
   * Collects the settings as a user gives them, starting from {@link Defaults}; {@link #build()} puts the privacy
   * mode together and checks every rule that relates several settings, each message naming the settings, the
   * rule and the value.
   */
  public static final class Builder {
    private final Vocabulary names;
    private int k = Defaults.K;
    private List<Integer> kCandidates = List.of();
    private double selectionShare = Defaults.K_SELECTION_SHARE;
    private Iterations iterations = Defaults.ITERATIONS;
    private OffsetClip offsetClip = Defaults.OFFSET_CLIP;
    private double epsilon = Defaults.EPSILON;
    private GeometryChoice geometry = Defaults.GEOMETRY;
    private Initialisation initialisation = Defaults.INITIALISATION;
    private Sampler sampler = Defaults.SAMPLER;
    private SampleSizeRule sampleSize = Defaults.SAMPLE_SIZE;
    private double lambda = Defaults.LAMBDA;
    private CoreSupremum coreSupremum = Defaults.CORE_SUPREMUM;
    private SampleSize stage1Size;
    private boolean stage1Cached = Defaults.STAGE1_CACHED;
    private BaseNoise noise = Defaults.NOISE;
    private double delta = Defaults.DELTA;
    private PrivacyMode.Kind privacy = Defaults.PRIVACY;
    private Preprocessing preprocessing;
    private Double clipRadius;
    private double[] origin;
    private CoordinateBounds bounds;
    private double normQuantile = Defaults.NORM_QUANTILE;
    private boolean tailRadius = Defaults.TAIL_RADIUS;
    private Outliers outliers = Defaults.OUTLIERS;
    private double centreShare = Defaults.CENTRE_SHARE;
    private double histogramShare = Defaults.HISTOGRAM_SHARE;
    private InitShare initShare = Defaults.INIT_SHARE;
    private double summaryShare = Defaults.SUMMARY_SHARE;
    private int coresetSampleSize = Defaults.CORESET_SAMPLE_SIZE;
    private Double normBound;
    private double[] centre;
    private boolean guards = Defaults.GUARDS;
    private double minNoisyCount = Defaults.MIN_NOISY_COUNT;
    private Seed seed;

    private Builder(Vocabulary names) {
      this.names = Checks.notNull("vocabulary", names);
    }

    public Builder k(int value) {
      k = value;
      return this;
    }

    /**
     * Candidates of a private choice of k (at least two, distinct; empty: k is given): each is fitted on its share of
     * budget-k-selection, the one {@code io.pais.estimation.ElbowRule} picks from their DP costs is released, and
     * k becomes the smallest candidate until then.
     */
    public Builder kCandidates(List<Integer> values) {
      kCandidates = List.copyOf(Checks.notNull("k candidates", values));
      if (!kCandidates.isEmpty()) {
        k = kCandidates.stream().min(Integer::compare).orElseThrow();
      }
      return this;
    }

    /** The share of ε of the k selection's candidate releases together. */
    public Builder kSelectionShare(double value) {
      selectionShare = value;
      return this;
    }

    public Builder iterations(Iterations value) {
      iterations = value;
      return this;
    }

    public Builder offsetClip(OffsetClip value) {
      offsetClip = value;
      return this;
    }

    public Builder epsilon(double value) {
      epsilon = value;
      return this;
    }

    public Builder geometry(Geometry value) {
      geometry = GeometryChoice.of(value);
      return this;
    }

    /** ℓ2, ℓ1 or auto (the one the public box favours, see {@link GeometryChoice}). */
    public Builder geometry(GeometryChoice value) {
      geometry = value;
      return this;
    }

    public Builder initialisation(Initialisation value) {
      initialisation = value;
      return this;
    }

    public Builder sampler(Sampler value) {
      sampler = value;
      return this;
    }

    public Builder sampleSize(SampleSizeRule value) {
      sampleSize = value;
      return this;
    }

    public Builder sampleSize(SampleSize value) {
      sampleSize = SampleSizeRule.given(value);
      return this;
    }

    public Builder lambda(double value) {
      lambda = value;
      return this;
    }

    public Builder coreSupremum(CoreSupremum value) {
      coreSupremum = value;
      return this;
    }

    /** n₁ of a two-stage scheme (null: not given). */
    public Builder stage1Size(SampleSize value) {
      stage1Size = value;
      return this;
    }

    public Builder stage1Cached(boolean value) {
      stage1Cached = value;
      return this;
    }

    public Builder noise(BaseNoise value) {
      noise = value;
      return this;
    }

    public Builder delta(double value) {
      delta = value;
      return this;
    }

    public Builder privacy(PrivacyMode.Kind value) {
      privacy = value;
      return this;
    }

    /** A strict release clipped to the ball of radius {@code radius} around the origin. */
    public Builder strict(double radius) {
      return privacy(PrivacyMode.Kind.STRICT).clipRadius(radius);
    }

    /** The paper's pipeline. */
    public Builder paper() {
      return privacy(PrivacyMode.Kind.PAPER);
    }

    /** Paper mode's preprocessing (null: not given, {@link Defaults#PREPROCESSING}). */
    public Builder preprocessing(Preprocessing value) {
      preprocessing = value;
      return this;
    }

    /** R₀ of a strict release (null: not given). */
    public Builder clipRadius(Double value) {
      clipRadius = value;
      return this;
    }

    /** c₀ of a strict release (null: not given, the zero vector). */
    public Builder origin(double[] value) {
      origin = value == null ? null : value.clone();
      return this;
    }

    /** Public per-coordinate bounds of a strict release, instead of R₀ and c₀ (null: not given). */
    public Builder bounds(CoordinateBounds value) {
      bounds = value;
      return this;
    }

    /** Whether r̂ may rise above the quantile for a heavy tail ({@link StrictRelease#tailRadius()}). */
    public Builder tailRadius(boolean value) {
      tailRadius = value;
      return this;
    }

    public Builder normQuantile(double value) {
      normQuantile = value;
      return this;
    }

    public Builder outliers(Outliers value) {
      outliers = value;
      return this;
    }

    /** The shares of ε of the DP centre, the DP norm histogram and the private coreset (each when it runs). */
    public Builder shares(double centre, double histogram, InitShare init) {
      centreShare = centre;
      histogramShare = histogram;
      initShare = init;
      return this;
    }

    /** The share of ε of the private training summary (0: no summary). */
    public Builder summaryShare(double summary) {
      summaryShare = summary;
      return this;
    }

    /** The private coreset's subsample size when n̂ is larger. */
    public Builder coresetSampleSize(int value) {
      coresetSampleSize = value;
      return this;
    }

    /** A public norm bound r (null: not given). */
    public Builder normBound(Double value) {
      normBound = value;
      return this;
    }

    /** A public centre (null: not given). */
    public Builder centre(double[] value) {
      centre = value == null ? null : value.clone();
      return this;
    }

    public Builder guards(boolean value) {
      guards = value;
      return this;
    }

    public Builder minNoisyCount(double value) {
      minNoisyCount = value;
      return this;
    }

    public Builder seed(Seed value) {
      seed = value;
      return this;
    }

    /** A 64-bit seed, as MLlib's {@code seed} param and the tests give it (null = secure randomness). */
    public Builder seed(Long value) {
      return seed(value == null ? null : Seed.of(value));
    }

    /** The settings, once every rule holds. */
    public KMeansSettings build() {
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
        case STRICT -> strictMode();
        case PAPER -> paperMode();
      };
      Initialisation init = initialisation.resolve(mode.isStrict());
      SamplingSettings sampling = new SamplingSettings(sampler, sampleSize, lambda, coreSupremum,
          new SchemeOptions(stage1Size, stage1Cached, noise, delta));
      requireInitialisation(init, mode);
      if (sampler.isUniformScheme()) {
        requireValidScheme(sampler.uniformScheme(), init);
      } else {
        Checks.require(sampling.scheme().isNone(), names.name(Setting.NOISE) + ", " + names.name(Setting.DELTA) + ", "
            + names.name(Setting.STAGE1_SIZE) + " and " + names.name(Setting.STAGE1_CACHED) + " belong to the uniform "
            + "schemes (poisson-uniform, wor, wr, must-ow, must-wo, must-ww), got sampler " + sampler.id());
      }
      return new KMeansSettings(this, geometry.resolve(mode), init, sampling, mode);
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

    private PrivacyMode strictMode() {
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
      StrictRelease release = new StrictRelease(clipRadius == null ? Double.NaN : clipRadius, origin, normQuantile,
          tailRadius, outliers == Outliers.DROP, new BudgetAllocation.Shares(centreShare, histogramShare, initShare, summaryShare,
          selectionShare),
          coresetSampleSize, bounds);
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
        shares.require(coreset, tailAxes(init, mode, kCandidates, Optional.empty()), !kCandidates.isEmpty());
        if (!kCandidates.isEmpty()) {
          // checked now rather than when the first candidate runs: each candidate is a strict release of its own
          boolean tailAxes = tailAxes(init, mode, List.of(), Optional.empty());
          double candidate = shares.centre() + shares.histogram() + (coreset ? shares.init().largest() : 0)
              + (tailAxes ? BudgetAllocation.CoresetShares.TAIL_AXES_SHARE : 0) + Defaults.K_SELECTION_SUMMARY_SHARE;
          Checks.require(candidate < 1, "a k candidate spends budget-centre + budget-histogram"
              + (coreset ? " + budget-init" : "") + (tailAxes ? " + " + BudgetAllocation.CoresetShares.TAIL_AXES_SHARE
              + " (the coreset's tail axes)" : "") + " of its epsilon and " + Defaults.K_SELECTION_SUMMARY_SHARE
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

    private void requireValidScheme(UniformScheme scheme, Initialisation init) {
      Checks.require(scheme.isTwoStage() == (stage1Size != null), scheme.isTwoStage()
          ? names.name(Setting.STAGE1_SIZE) + " (n1) is required for " + scheme.id()
          : names.name(Setting.STAGE1_SIZE) + " belongs to the two-stage schemes (must-ow, must-wo, must-ww), got "
          + "sampler " + scheme.id());
      Checks.require(!stage1Cached || scheme == UniformScheme.MUST_OW, names.name(Setting.STAGE1_CACHED) + " is for "
          + "must-ow (stage I without replacement), got sampler " + scheme.id());
      SchemePlan.requireReachableDelta(scheme, noise, delta);
      Checks.require(init != Initialisation.SAMPLE_POINTS, names.is(Setting.INIT, "sample-points") + " is not "
          + "available with the uniform schemes (use random-ball)");
      Checks.require(privacy != PrivacyMode.Kind.STRICT || outliers != Outliers.DROP
          || scheme == UniformScheme.POISSON_UNIFORM, names.is(Setting.OUTLIERS, "drop") + " changes the number of "
          + "records, which " + scheme.id() + " takes as public: use " + names.is(Setting.OUTLIERS, "project"));
    }
  }
}
