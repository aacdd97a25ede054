package io.pais.settings;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.KSelection;
import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * Every setting of one private k-means run, grouped by concern: a value (what a release does with it is planned in
 * {@code io.pais.planning}). Built only by {@link SettingsBuilder#build()}, the one place where the rules between
 * settings are checked; the job and the Spark ML Estimator both fill a builder, each in its own {@link Vocabulary},
 * so that a message names the setting as its user wrote it.
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
  private final GeometryChoice geometryChoice;
  private final Geometry geometry;
  private final Initialisation initialisation;
  private final SamplingSettings sampling;
  private final PrivacyMode privacy;
  private final Guards guards;
  private final Seed seed;
  private final SettingValues values;

  /** The settings {@link SettingsBuilder#build()} checked (the candidates sorted). */
  KMeansSettings(int k, List<Integer> kCandidates, Iterations iterations, OffsetClip offsetClip, double epsilon,
      GeometryChoice geometryChoice, Initialisation initialisation, SamplingSettings sampling, PrivacyMode privacy,
      Guards guards,
      Seed seed, SettingValues values) {
    this.k = k;
    this.kCandidates = kCandidates;
    this.iterations = iterations;
    this.offsetClip = offsetClip;
    this.epsilon = epsilon;
    this.geometryChoice = geometryChoice;
    this.geometry = geometryChoice.resolve(privacy);
    this.initialisation = initialisation;
    this.sampling = sampling;
    this.privacy = privacy;
    this.guards = guards;
    this.seed = seed;
    this.values = values;
  }

  /** A builder that starts from {@link Defaults} and names settings in {@code vocabulary}. */
  public static SettingsBuilder builder(Vocabulary vocabulary) {
    return new SettingsBuilder(vocabulary);
  }

  /** A builder that names settings as the job's flags. */
  public static SettingsBuilder builder() {
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
   * {@code epsilon} (its share of the selection) whose training summary gets {@link KSelection#CANDIDATE_SUMMARY_SHARE}
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
    return new KMeansSettings(k, List.of(), iterations, offsetClip, epsilon, geometryChoice, initialisation, everyPoint,
        new PrivacyMode.Strict(scored, privacy.constants()), guards,
        seed == null ? null : seed.derive("k-selection candidate k=" + k), values);
  }

  /** A candidate's shares: the release's, with {@link KSelection#CANDIDATE_SUMMARY_SHARE} for its summary. */
  private static BudgetAllocation.Shares candidateShares(BudgetAllocation.Shares shares) {
    return new BudgetAllocation.Shares(shares.centre(), shares.histogram(), shares.init(),
        KSelection.CANDIDATE_SUMMARY_SHARE, shares.selection());
  }

  /** The settings of the release with the chosen {@code k}: its allocation still sets the selection's share apart. */
  public KMeansSettings chosen(int k) {
    Checks.require(kCandidates.contains(k), "k = " + k + " is not a candidate of " + kCandidates);
    return new KMeansSettings(k, kCandidates, iterations, offsetClip, epsilon, geometryChoice, initialisation, sampling,
        privacy, guards, seed, values);
  }

  /** The plain settings' values ({@link PlainValue}). */
  public SettingValues values() {
    return values;
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

  /** The points' norm: the resolved geometry (ℓ2 for box). */
  public Geometry geometry() {
    return geometry;
  }

  /** The geometry asked for (auto, ℓ2, ℓ1 or box). */
  public GeometryChoice geometryChoice() {
    return geometryChoice;
  }

  /** The body DP-Lloyd's offsets in d dimensions are clipped into and noised in ({@link GeometryChoice#sumShape}). */
  public SumShape sumShape(int dimension) {
    return geometryChoice.sumShape(privacy, dimension);
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

  @Override
  public boolean equals(Object o) {
    return o instanceof KMeansSettings s && k == s.k && kCandidates.equals(s.kCandidates)
        && iterations.equals(s.iterations) && offsetClip.equals(s.offsetClip)
        && Double.compare(epsilon, s.epsilon) == 0 && geometryChoice == s.geometryChoice
        && initialisation == s.initialisation
        && sampling.equals(s.sampling) && privacy.equals(s.privacy) && guards.equals(s.guards)
        && Objects.equals(seed, s.seed) && values.equals(s.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(k, kCandidates, iterations, offsetClip, epsilon, geometryChoice, initialisation, sampling,
        privacy, guards, seed, values);
  }

  @Override
  public String toString() {
    return "KMeansSettings[k=" + k + (kCandidates.isEmpty() ? "" : ", kCandidates=" + kCandidates) + ", iterations="
        + iterations + ", offsetClip=" + offsetClip.describe() + ", epsilon=" + epsilon + ", geometry="
        + (geometryChoice == GeometryChoice.BOX ? "BOX" : geometry)
        + ", initialisation=" + initialisation + ", sampling=" + sampling + ", privacy=" + privacy + ", guards="
        + guards + ", seeded=" + (seed != null) + "]";
  }
}
