package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.IterationPolicy;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.accounting.SchemePlan;
import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import java.io.Serializable;

/**
 * Every setting of one private k-means run. Validated on construction; each message names the setting, the
 * rule and the value.
 *
 * @param k clusters
 * @param iterations T, or {@link #AUTO_ITERATIONS} for {@code --iterations auto} ({@link IterationPolicy})
 * @param epsilon the target ε (the guarantee); +∞ only for the non-private reference
 * @param sampler unif, core, opt or full
 * @param sampleSize expected sample size m; a value in (0, 1) is a fraction of n
 * @param lambda core's λ
 * @param geometry l2 or l1
 * @param preprocessing paper or public
 * @param normBound r for public preprocessing (NaN for paper)
 * @param center the centre for public preprocessing (null = origin)
 * @param initialisation how the first centres are chosen ({@link Initialisation}; AUTO is resolved here)
 * @param seed the secret of a reproducible run (null = secure randomness): its generators are keyed by it
 *     ({@link Seed})
 * @param guards the post-processing guards
 * @param minNoisyCount the guard threshold on noisy counts
 * @param coreSupremum exact supremum or the reference code's grid of 100
 * @param strict the public inputs of an end-to-end private release (SPEC §13), or null for the paper's pipeline
 *     (which reads the constants of §10 from the data without privacy); in a strict release {@code normBound}
 *     and {@code center} are optional public values (NaN / null: estimated under DP)
 * @param scheme the uniform scheme's settings (n₁, a cached stage I, the base noise, δ); {@link SchemeOptions#none()}
 *     for the other samplers
 */
public record KMeansSettings(int k, int iterations, double epsilon, Sampler sampler, double sampleSize, double lambda,
    Geometry geometry, Preprocessing preprocessing, double normBound, double[] center, Initialisation initialisation,
    Seed seed, boolean guards, double minNoisyCount, CoreSupremum coreSupremum, StrictRelease strict,
    SchemeOptions scheme) implements Serializable {

  /** {@code iterations} when T is chosen by {@link IterationPolicy} from public values and the plan. */
  public static final int AUTO_ITERATIONS = 0;
  /** The most DP-Lloyd iterations: each is a pass over the sample and splits ε further (auto picks 2 to 7). */
  public static final int MAX_ITERATIONS = 100;
  /** The most clusters: the centres, their noise and their statistics are held on the driver. */
  public static final int MAX_K = 100_000;
  /** The range of ε a release may ask for: outside it the noise scales leave what the solvers handle. */
  public static final double MIN_EPSILON = 1e-4;
  public static final double MAX_EPSILON = 1e6;

  public KMeansSettings {
    Checks.require(k >= 1 && k <= MAX_K, "k must be in [1, " + MAX_K + "] (the centres are held on the driver), got "
        + k);
    Checks.require(iterations >= 0 && iterations <= MAX_ITERATIONS, "iterations must be a whole number in [1, "
        + MAX_ITERATIONS + "], or " + AUTO_ITERATIONS + " for auto, got " + iterations);
    Checks.require(epsilon >= MIN_EPSILON && epsilon <= MAX_EPSILON || epsilon == Double.POSITIVE_INFINITY,
        "epsilon must be in [" + MIN_EPSILON + ", " + MAX_EPSILON + "] (+Infinity only for the non-private "
        + "reference), got " + epsilon);
    Checks.notNull("sampler", sampler);
    if (sampler != Sampler.FULL) {
      Checks.positive("sampleSize", sampleSize);
    }
    Checks.inClosedRange("lambda", lambda, 0, 1);
    Checks.notNull("geometry", geometry);
    Checks.notNull("preprocessing", preprocessing);
    Checks.notNull("initialisation", initialisation);
    initialisation = initialisation.resolve(strict != null);
    if (initialisation == Initialisation.PRIVATE_CORESET) {
      Checks.require(strict != null, "init private-coreset spends a share of epsilon from the strict release's ledger: "
          + "use privacy mode strict");
      BudgetAllocation.requireShares(strict.centreShare(), strict.histogramShare(), strict.initShare(), true);
    }
    if (strict != null) {
      Checks.require(Double.isFinite(epsilon), "epsilon must be finite in a strict release, got " + epsilon);
      Checks.require(preprocessing != Preprocessing.PAPER, "preprocess paper reads the centre, the percentile and r "
          + "from the data without privacy: not allowed in a strict release (use privacy mode paper)");
      Checks.require(initialisation != Initialisation.SAMPLE_POINTS, "init sample-points starts from raw data points:"
          + " not allowed in a strict release (use random-ball)");
      Checks.require(coreSupremum != CoreSupremum.REFERENCE_GRID_100, "core-supremum grid100 may under-state epsilon:"
          + " not allowed in a strict release (use exact)");
      Checks.require(Double.isNaN(normBound) || normBound > 0 && Double.isFinite(normBound),
          "normBound must be finite and > 0, or absent (estimated), got " + normBound);
    } else if (preprocessing == Preprocessing.PUBLIC) {
      Checks.positive("normBound", normBound);
    } else {
      Checks.require(center == null, "center is only used with public preprocessing");
    }
    Checks.finite("minNoisyCount", minNoisyCount);
    Checks.notNull("coreSupremum", coreSupremum);
    Checks.notNull("scheme", scheme);
    if (sampler.isUniformScheme()) {
      requireValidScheme(sampler, sampleSize, initialisation, strict, scheme);
    } else {
      Checks.require(scheme.noise() == BaseNoise.LAPLACE && scheme.delta() == 0 && Double.isNaN(scheme.stage1Size())
          && !scheme.stage1Cached(), "noise, delta, stage1-size and stage1-cached belong to the uniform schemes "
          + "(poisson-uniform, wor, wr, must-ow, must-wo, must-ww), got sampler " + sampler.id());
    }
    center = center == null ? null : center.clone();
  }

  private static void requireValidScheme(Sampler sampler, double sampleSize, Initialisation initialisation,
      StrictRelease strict, SchemeOptions scheme) {
    UniformScheme s = sampler.uniformScheme();
    Checks.require(sampleSize < 1 || sampleSize == Math.rint(sampleSize) || s == UniformScheme.POISSON_UNIFORM,
        "sample-size must be a whole number of records or a fraction below 1 for " + s.id() + ", got " + sampleSize);
    Checks.require(s.isTwoStage() == !Double.isNaN(scheme.stage1Size()), s.isTwoStage()
        ? "stage1-size (n1) is required for " + s.id() : "stage1-size belongs to the two-stage schemes "
        + "(must-ow, must-wo, must-ww), got sampler " + s.id());
    Checks.require(!scheme.stage1Cached() || s == UniformScheme.MUST_OW, "stage1-cached is for must-ow (stage I "
        + "without replacement), got sampler " + s.id());
    SchemePlan.requireReachableDelta(s, scheme.noise(), scheme.delta());
    Checks.require(initialisation != Initialisation.SAMPLE_POINTS, "init sample-points is not available with the "
        + "uniform schemes (use random-ball)");
    Checks.require(strict == null || !strict.dropOutliers() || s == UniformScheme.POISSON_UNIFORM, "outliers drop "
        + "changes the number of records, which " + s.id() + " takes as public: use outliers project");
  }

  /** The same with a 64-bit seed (null = secure randomness), as MLlib's {@code seed} param and the tests give it. */
  public KMeansSettings(int k, int iterations, double epsilon, Sampler sampler, double sampleSize, double lambda,
      Geometry geometry, Preprocessing preprocessing, double normBound, double[] center, Initialisation initialisation,
      Long seed, boolean guards, double minNoisyCount, CoreSupremum coreSupremum, StrictRelease strict,
      SchemeOptions scheme) {
    this(k, iterations, epsilon, sampler, sampleSize, lambda, geometry, preprocessing, normBound, center,
        initialisation, seed == null ? null : Seed.of(seed), guards, minNoisyCount, coreSupremum, strict, scheme);
  }

  /** The expected sample size for n points: m itself, or the fraction m·n when m &lt; 1. */
  public double expectedSampleSize(long n) {
    return sampleSize < 1 ? sampleSize * n : sampleSize;
  }

  /** {@code --iterations}: a whole number ≥ 1, or {@code auto} ({@link #AUTO_ITERATIONS}). */
  public static int parseIterations(String value) {
    Checks.notNull("iterations", value);
    if (value.strip().equals("auto")) {
      return AUTO_ITERATIONS;
    }
    try {
      int t = Integer.parseInt(value.strip());
      if (t >= 1) {
        return t;
      }
    } catch (NumberFormatException e) {
      // named below
    }
    throw new IllegalArgumentException("iterations must be a whole number >= 1 or auto, got '" + value + "'");
  }

  /** Whether T is chosen by {@link IterationPolicy} (--iterations auto). */
  public boolean autoIterations() {
    return iterations == AUTO_ITERATIONS;
  }

  /**
   * How ε is split between the stages that run ({@link BudgetAllocation}), from these settings alone: the centre
   * unless one is given, the histogram when a constant needs it, the coreset for {@code init private-coreset}.
   */
  public BudgetAllocation allocation() {
    double delta = sampler.isUniformScheme() ? scheme.delta() : 0;
    if (strict == null) {
      return BudgetAllocation.paper(epsilon, delta);
    }
    return BudgetAllocation.strict(epsilon, delta, strict.centreShare(), strict.histogramShare(), strict.initShare(),
        new BudgetAllocation.Stages(center == null, StrictPreprocessor.needsHistogram(this),
            initialisation == Initialisation.PRIVATE_CORESET));
  }

  /** Whether this is an end-to-end private release (SPEC §13). */
  public boolean isStrict() {
    return strict != null;
  }

  /** Whether this is the noiseless reference (ε = ∞). */
  public boolean isNonPrivateReference() {
    return Double.isInfinite(epsilon);
  }
}
