package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.Sampler;
import java.util.ArrayList;
import java.util.List;

/**
 * What a release spent and how (SPEC §10): the ε guarantee and how it was computed, the sampler, geometry,
 * iterations, k, expected sample size, the noise knob and scales, every statistic the guarantee is conditioned
 * on with whether it was public or taken from the data without privacy, the steps that read data without
 * privacy, and whether the noise was seeded. Immutable; build with {@link #builder()}.
 *
 * @param epsilon the ε of the guarantee ((ε, δ)-DP under {@code relation}; pure when δ = 0)
 * @param guaranteeMethod how ε was computed (e.g. exact supremum over [0, r])
 * @param sampler the sampler
 * @param geometry ℓ2 or ℓ1
 * @param iterations T
 * @param k number of clusters
 * @param dimension d
 * @param expectedSampleSize m (n for FULL)
 * @param lambda λ for core, NaN otherwise
 * @param noiseKnob B (NaN for Gaussian noise)
 * @param betaSum scale of the sum noise (σ for Gaussian noise)
 * @param betaCount scale of the count noise (σ for Gaussian noise)
 * @param sumNoiseRadius how the count and sum noise are drawn and released (the lattices, the radius law)
 * @param statistics the statistics ε is conditioned on
 * @param nonPrivateSteps the steps that read data without privacy
 * @param seedBits 0 for a release from a secure generator; for a seeded run the seed's length in bits, an upper
 *     bound on its secret (its generators can be replayed by whoever holds the seed: private only while the seed is
 *     a secret of at least 128 bits)
 * @param privacyMode "strict" (SPEC §13: everything that read data is in the ledger) or "paper"
 * @param ledger every mechanism that read the data, with its share; ε is their composition
 * @param composition how the ledger's entries compose
 * @param estimatedCentre the DP centre a strict release subtracted (empty when public or in paper mode)
 * @param stableSamplingKeys whether the Poisson coins were keyed by each record's place in the input (a seeded
 *     release then does not depend on Spark's partitioning) rather than by Spark partition and position
 * @param delta the δ of the guarantee (0: pure ε-DP)
 * @param relation the neighbouring relation the guarantee is stated under
 * @param accountant a second figure beside the guarantee, e.g. the Fourier accountant's ε under the MUST paper's
 *     model (empty when there is none)
 * @param trainingSummary the release's private training summary (DP cluster sizes and training cost), or null
 *     when it made none
 * @param kSelection the private choice of k the release came from, or null when k was given
 * @param budgetClaim the claim the release made on a budget ledger, or null when it spent from none
 */
public record PrivacyReport(double epsilon, String guaranteeMethod, Sampler sampler, Geometry geometry, int iterations,
    int k, int dimension, double expectedSampleSize, double lambda, double noiseKnob, double betaSum, double betaCount,
    String sumNoiseRadius, List<Statistic> statistics, List<String> nonPrivateSteps, int seedBits,
    String privacyMode, List<LedgerEntry> ledger, String composition, List<Double> estimatedCentre,
    boolean stableSamplingKeys, double delta, Relation relation, String accountant, TrainingSummary trainingSummary,
    KSelection kSelection, BudgetClaim budgetClaim) {

  public PrivacyReport {
    Checks.require(epsilon > 0 && !Double.isNaN(epsilon), "epsilon must be > 0 (may be +Infinity), got " + epsilon);
    Checks.notNull("guaranteeMethod", guaranteeMethod);
    Checks.notNull("sampler", sampler);
    Checks.notNull("geometry", geometry);
    Checks.positive("iterations (T)", iterations);
    Checks.positive("k", k);
    Checks.positive("dimension (d)", dimension);
    Checks.require(Double.isNaN(expectedSampleSize) || expectedSampleSize > 0,
        "expectedSampleSize (m) must be > 0 or NaN (unknown: a fraction of an unestimated n), got "
            + expectedSampleSize);
    Checks.require(Double.isNaN(lambda) || (lambda >= 0 && lambda <= 1),
        "lambda must be in [0, 1] or NaN (not applicable), got " + lambda);
    Checks.require(Double.isNaN(noiseKnob) || noiseKnob > 0 && Double.isFinite(noiseKnob),
        "noise knob (B) must be finite and > 0, or NaN (Gaussian noise has none), got " + noiseKnob);
    Checks.positive("betaSum", betaSum);
    Checks.positive("betaCount", betaCount);
    Checks.notNull("sumNoiseRadius", sumNoiseRadius);
    statistics = List.copyOf(Checks.notNull("statistics", statistics));
    nonPrivateSteps = List.copyOf(Checks.notNull("nonPrivateSteps", nonPrivateSteps));
    Checks.require(seedBits >= 0, "seedBits must be >= 0 (0: not seeded), got " + seedBits);
    Checks.require("strict".equals(privacyMode) || "paper".equals(privacyMode),
        "privacyMode must be strict or paper, got " + privacyMode);
    ledger = List.copyOf(Checks.notNull("ledger", ledger));
    Checks.notNull("composition", composition);
    estimatedCentre = List.copyOf(Checks.notNull("estimatedCentre", estimatedCentre));
    Checks.inClosedRange("delta", delta, 0, 1);
    Checks.notNull("relation", relation);
    Checks.notNull("accountant", accountant);
    Checks.require(trainingSummary == null || trainingSummary.clusterSizes().size() == k, "the training summary "
        + "must hold k = " + k + " cluster sizes");
    Checks.require(kSelection == null || kSelection.chosen() == k, "the k selection must have chosen k = " + k);
  }

  /** The same report for a release that spent from a budget ledger: it names the claim. */
  public PrivacyReport withBudgetClaim(BudgetClaim claim) {
    Checks.notNull("budget claim", claim);
    return new PrivacyReport(epsilon, guaranteeMethod, sampler, geometry, iterations, k, dimension,
        expectedSampleSize, lambda, noiseKnob, betaSum, betaCount, sumNoiseRadius, statistics, nonPrivateSteps,
        seedBits, privacyMode, ledger, composition, estimatedCentre, stableSamplingKeys, delta, relation, accountant,
        trainingSummary, kSelection, claim);
  }

  /** Whether the run was an end-to-end private release (privacy mode strict). */
  public boolean isStrictRelease() {
    return "strict".equals(privacyMode);
  }

  /** Whether the run was seeded (reproducible by whoever holds the seed). */
  public boolean seeded() {
    return seedBits > 0;
  }

  /** The statistics taken from the data without privacy. */
  public List<Statistic> dataDerivedStatistics() {
    return statistics.stream().filter(s -> s.source() == Statistic.Source.DATA_DERIVED).toList();
  }

  /** Whether ε covers everything the release holds: no data-derived statistic and no non-private step. */
  public boolean coversEverything() {
    return dataDerivedStatistics().isEmpty() && nonPrivateSteps.isEmpty();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Collects the fields; {@link #build()} validates them. */
  public static final class Builder {
    private double epsilon = Double.NaN;
    private String guaranteeMethod;
    private Sampler sampler;
    private Geometry geometry;
    private int iterations;
    private int k;
    private int dimension;
    private double expectedSampleSize = Double.NaN;
    private double lambda = Double.NaN;
    private double noiseKnob = Double.NaN;
    private double betaSum = Double.NaN;
    private double betaCount = Double.NaN;
    private String sumNoiseRadius;
    private final List<Statistic> statistics = new ArrayList<>();
    private final List<String> nonPrivateSteps = new ArrayList<>();
    private int seedBits;
    private boolean stableSamplingKeys = true;
    private String privacyMode = "paper";
    private final List<LedgerEntry> ledger = new ArrayList<>();
    private String composition = Composition.BASIC.name();
    private final List<Double> estimatedCentre = new ArrayList<>();
    private double delta;
    private Relation relation = Relation.ADD_REMOVE;
    private String accountant = "";

    private TrainingSummary trainingSummary;
    private KSelection kSelection;
    private BudgetClaim budgetClaim;

    private Builder() {}

    /** δ and the relation of an (ε, δ) guarantee (defaults: 0, add/remove). */
    public Builder delta(double delta, Relation relation) {
      this.delta = delta;
      this.relation = relation;
      return this;
    }

    /** A second figure beside the guarantee (see {@link PrivacyReport#accountant()}). */
    public Builder accountant(String accountant) {
      this.accountant = accountant;
      return this;
    }

    public Builder epsilon(double epsilon, String method) {
      this.epsilon = epsilon;
      this.guaranteeMethod = method;
      return this;
    }

    public Builder sampler(Sampler sampler) {
      this.sampler = sampler;
      return this;
    }

    public Builder geometry(Geometry geometry) {
      this.geometry = geometry;
      return this;
    }

    public Builder iterations(int iterations) {
      this.iterations = iterations;
      return this;
    }

    public Builder k(int k) {
      this.k = k;
      return this;
    }

    public Builder dimension(int dimension) {
      this.dimension = dimension;
      return this;
    }

    public Builder expectedSampleSize(double m) {
      this.expectedSampleSize = m;
      return this;
    }

    public Builder lambda(double lambda) {
      this.lambda = lambda;
      return this;
    }

    /** B and the β's, taken from calibrated scales. */
    public Builder noise(NoiseScales scales, String sumNoiseRadius) {
      return noise(scales.noiseKnob(), scales.betaSum(), scales.betaCount(), sumNoiseRadius);
    }

    /** B (NaN for Gaussian noise) and the sum and count noise scales (β, or σ for Gaussian noise). */
    public Builder noise(double noiseKnob, double sumScale, double countScale, String description) {
      this.noiseKnob = noiseKnob;
      this.betaSum = sumScale;
      this.betaCount = countScale;
      this.sumNoiseRadius = description;
      return this;
    }

    public Builder statistic(String name, double value, Statistic.Source source, String description) {
      statistics.add(new Statistic(name, value, source, description));
      return this;
    }

    public Builder nonPrivateStep(String step) {
      nonPrivateSteps.add(Checks.notNull("step", step));
      return this;
    }

    /** The seed's length in bits, 0 when the run drew from a secure generator. */
    public Builder seedBits(int bits) {
      this.seedBits = bits;
      return this;
    }

    public Builder stableSamplingKeys(boolean stable) {
      this.stableSamplingKeys = stable;
      return this;
    }

    /** The mode and the ledger the report is read from (set ε to its composed total with {@link #epsilon}). */
    public Builder ledger(String mode, PrivacyLedger spent) {
      this.privacyMode = mode;
      this.ledger.clear();
      this.ledger.addAll(spent.entries());
      this.composition = spent.composition().name();
      return this;
    }

    /** The ledger as read back from a saved report. */
    public Builder ledger(String mode, List<LedgerEntry> entries, String composition) {
      this.privacyMode = mode;
      this.ledger.clear();
      this.ledger.addAll(entries);
      this.composition = composition;
      return this;
    }

    /** The DP centre (null: none was estimated). */
    public Builder estimatedCentre(double[] centre) {
      estimatedCentre.clear();
      if (centre != null) {
        for (double v : centre) {
          estimatedCentre.add(v);
        }
      }
      return this;
    }

    /** The release's private training summary (none by default). */
    public Builder trainingSummary(TrainingSummary summary) {
      this.trainingSummary = summary;
      return this;
    }

    /** The private choice of k the release came from (none by default). */
    public Builder kSelection(KSelection selection) {
      this.kSelection = selection;
      return this;
    }

    /** The claim the release made on a budget ledger (none by default). */
    public Builder budgetClaim(BudgetClaim claim) {
      this.budgetClaim = claim;
      return this;
    }

    public PrivacyReport build() {
      return new PrivacyReport(epsilon, guaranteeMethod, sampler, geometry, iterations, k, dimension,
          expectedSampleSize, lambda, noiseKnob, betaSum, betaCount, sumNoiseRadius, statistics, nonPrivateSteps,
          seedBits, privacyMode, ledger, composition, estimatedCentre, stableSamplingKeys, delta, relation, accountant,
          trainingSummary, kSelection, budgetClaim);
    }
  }
}
