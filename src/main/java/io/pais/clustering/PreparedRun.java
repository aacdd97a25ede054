package io.pais.clustering;

import io.pais.sampling.spark.SparkBlocks;
import io.pais.preprocessing.PreparedData;
import io.pais.lloyd.CentreClips;
import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.sampling.spark.SchemeSampling;
import io.pais.accounting.IterationShares;
import io.pais.accounting.LloydPlan;
import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.SchemePlan;
import io.pais.initialisation.CoresetStart;
import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
import io.pais.privacy.SumShape;

/**
 * Everything fixed before the noisy iterations: the preprocessed data, the privacy plan, where each iteration's
 * sample comes from, the initial centres and the private coreset (in preprocessed coordinates) and the run's
 * {@link Provenance}. Kept
 * separate so that several noise draws (or the noiseless reference) can run on the same preparation. One of two
 * kinds: Poisson importance sampling ({@link Poisson}: one sample, cached, or for full data the preprocessing's cache
 * read as it is) or a uniform scheme ({@link Scheme}: a fresh sample every iteration).
 */
public sealed interface PreparedRun permits PreparedRun.Poisson, PreparedRun.Scheme {

  /** The private coreset of a run that drew one, else a pool with no rows. */
  static SampleBlock coresetOf(CoresetStart start, int d) {
    return start != null ? start.coreset() : SampleBlock.empty(d);
  }

  /** Whether a run starts from a grid's cells: the private coreset in few dimensions, with cells kept. */
  static boolean gridStart(CoresetStart start) {
    return start != null && start.cellMiddles() && start.coreset().rows() > 0;
  }

  /** The preprocessed data. */
  PreparedData data();

  /** k × d row-major. */
  double[] initialCentres();

  /** The private coreset, a DP output DP-Lloyd re-seeds dead centres from; no rows when the run has none. */
  SampleBlock coreset();

  /** T, as the user set it or as {@code --iterations auto} chose it. */
  int iterations();

  /** What DP-Lloyd sums, as the plan's noise is calibrated for: the points, or offsets clipped to ρ. */
  LloydSums sums();

  /** The reach of the first iteration's sums ({@link LloydSums#reaching}): 1, or more for clipped offsets. */
  int firstReach();

  /** How the iterations after the first narrow each centre's clip ({@link CentreClips#none()}: not at all). */
  default CentreClips centreClips() {
    return CentreClips.none();
  }

  /**
   * The centres DP-Lloyd's first iteration runs over: k, or k′ > k seeds fitted to the coreset and merged into k
   * after it ({@link io.pais.lloyd.OverseededStart}).
   */
  int firstCentres();

  /** How the iterations share DP-Lloyd's ε: iteration t's noise at the plan's scales times φ_t. */
  IterationShares shares();

  /** Where the inputs came from, for the report. */
  Provenance provenance();

  /** Iteration t's sample. */
  SampleBlocks sampleOf(int t);

  /**
   * The radius of the ball that holds every point DP-Lloyd reads, onto which its guards project a centre: r, or R₁
   * where DP-Lloyd reads every point unprojected ({@link PreparedData#withinClip}).
   */
  double pointRadius();

  /** Whether DP-Lloyd read every point unprojected, in a ball wider than r's ({@link #pointRadius}). */
  default boolean readsUnprojected() {
    return pointRadius() > data().radius();
  }

  /** DP-Lloyd's plan. */
  LloydPlan lloydPlan();

  /**
   * DP-Lloyd's count and sum noise at the plan's scales, as the run's plan builds it: every iteration's under equal
   * {@link #shares}, and what the report's scales and the dead-centre guard's threshold are read from (the
   * threshold times each iteration's φ_t, as its noise).
   */
  default LatticeNoise.CountAndSum noise(SumShape shape) {
    return lloydPlan().noise(shape, data().dimension());
  }

  /** Iteration t's count and sum noise (1-based): the plan's scales times the shares' φ_t. */
  LatticeNoise.CountAndSum noise(SumShape shape, int iteration);

  /** Releases what the run cached. */
  void release();

  /** Centres in preprocessed coordinates (k × d row-major) moved back to the input's: the offset added back. */
  default double[][] inInputCoordinates(double[] centres, int k) {
    int d = data().dimension();
    double[] offset = data().offset();
    double[][] out = new double[k][d];
    for (int j = 0; j < k; j++) {
      for (int t = 0; t < d; t++) {
        out[j][t] = centres[j * d + t] + offset[t];
      }
    }
    return out;
  }

  /**
   * Poisson importance sampling (unif, core, opt) or full data.
   *
   * @param plan B, scales, sampling function and guarantee
   * @param sample the weighted sample in dense blocks
   * @param pointRadius the radius of the ball that holds the sample's points
   * @param shares how the iterations share DP-Lloyd's ε (unequal only on the full data)
   * @param centreClips how the iterations after the first narrow each centre's clip
   * @param jointLastStep whether the last iteration releases each cluster's count and sum with one K-norm noise
   *     ({@link LatticeNoise#joint}) at that iteration's ε instead of Laplace counts and sum noise
   */
  record Poisson(PreparedData data, PrivacyPlan plan, SampleBlocks sample, double pointRadius,
      double[] initialCentres, SampleBlock coreset, int iterations, LloydSums sums, int firstReach,
      int firstCentres, IterationShares shares, CentreClips centreClips, boolean jointLastStep,
      Provenance provenance) implements PreparedRun {
    public Poisson {
      Checks.require(shares.iterations() == iterations, "the iteration shares must cover T = " + iterations
          + " iterations, got " + shares.iterations());
      Checks.notNull("centreClips", centreClips);
      Checks.require(!jointLastStep || sums instanceof LloydSums.ClippedOffsets offsets && offsets.inL2Ball(),
          "one noise for a count and its sum needs offsets clipped in l2, got " + sums);
    }

    @Override
    public SampleBlocks sampleOf(int t) {
      return sample;
    }

    /** The same run starting from {@code centres} (k × d, preprocessed coordinates): a start found after sampling. */
    Poisson startingFrom(double[] centres) {
      Checks.require(centres.length == initialCentres.length, "a start must have k x d = " + initialCentres.length
          + " values, got " + centres.length);
      return new Poisson(data, plan, sample, pointRadius, centres.clone(), coreset, iterations, sums, firstReach,
          firstCentres, shares, centreClips, jointLastStep, provenance);
    }

    @Override
    public LatticeNoise.CountAndSum noise(SumShape shape, int iteration) {
      double factor = shares.scale(iteration);
      if (iteration == iterations && jointLastStep) {
        return LatticeNoise.joint(plan.scales().betaCount() * factor, plan.scales().betaSum() * factor,
            ((LloydSums.ClippedOffsets) sums).bound(), data.dimension());
      }
      return plan.noise(shape, data.dimension(), factor);
    }

    @Override
    public LloydPlan lloydPlan() {
      return plan;
    }

    @Override
    public void release() {
      sample.release();
      data.release();
    }
  }

  /**
   * A uniform scheme of SPEC §14.
   *
   * @param plan the scheme's scales and (ε, δ)
   * @param sampling its per-iteration samples
   */
  record Scheme(PreparedData data, SchemePlan plan, SchemeSampling sampling, double[] initialCentres,
      SampleBlock coreset, int iterations, LloydSums sums, int firstReach, int firstCentres, Provenance provenance)
      implements PreparedRun {
    @Override
    public SampleBlocks sampleOf(int t) {
      return SparkBlocks.of(sampling.iteration(t));
    }

    /** A uniform scheme's accountant composes T equal iterations. */
    @Override
    public IterationShares shares() {
      return IterationShares.equal(iterations);
    }

    @Override
    public LatticeNoise.CountAndSum noise(SumShape shape, int iteration) {
      return noise(shape);
    }

    @Override
    public double pointRadius() {
      return data.radius();
    }

    @Override
    public LloydPlan lloydPlan() {
      return plan;
    }

    @Override
    public void release() {
      sampling.release();
      data.release();
    }
  }
}
