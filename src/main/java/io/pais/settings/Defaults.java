package io.pais.settings;

import io.pais.accounting.InitShare;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.privacy.BaseNoise;
import io.pais.sampling.Sampler;

/**
 * The one source of the settings' defaults: {@link KMeansSettings#builder} starts from them, the Spark ML params
 * declare them, and a test holds {@code conf/pais-defaults.properties} (the job's defaults) to them. Internal tuning
 * (a value no setting sets) lives beside the rule it tunes, registered in {@code docs/reference/tuning.md}.
 */
public final class Defaults {
  /** The paper's k, the job's default. */
  public static final int K = 25;
  /** MLlib KMeans's default k, which the Estimator keeps so that it drops in where KMeans was. */
  public static final int ML_K = 2;
  public static final Iterations ITERATIONS = Iterations.auto();
  public static final double EPSILON = 3.0;
  public static final PrivacyMode.Kind PRIVACY = PrivacyMode.Kind.STRICT;
  public static final double NORM_QUANTILE = 0.975;
  /** Chosen with the utility benchmark (docs/results/utility.md, "Heavy tails"). */
  public static final boolean TAIL_RADIUS = true;
  public static final Outliers OUTLIERS = Outliers.PROJECT;
  /** Shares of the DP centre and the DP norm histogram, chosen by the strict-versus-paper study (docs/results/). */
  public static final double CENTRE_SHARE = 0.05;
  public static final double HISTOGRAM_SHARE = 0.05;
  /**
   * Share of the private coreset: auto, 0.3 or 0.2 by n̂·ε/(k·d), chosen with the utility benchmark
   * (docs/results/history.md, "Budget shares at small ε").
   */
  public static final InitShare INIT_SHARE = InitShare.auto();
  /**
   * Share of the private training summary (DP cluster sizes and training cost of the released centres), chosen with
   * the utility benchmark (docs/results/summary-and-k.md, "The private training summary").
   */
  public static final double SUMMARY_SHARE = 0.05;
  /**
   * Share of a private choice of k (its candidate releases together; the chosen k's release keeps the rest): see
   * docs/results/summary-and-k.md, "Choosing k privately".
   */
  public static final double K_SELECTION_SHARE = 0.5;
  /**
   * The private coreset reads a Poisson subsample of about this many points when n̂ is larger (issue 29: its passes
   * then cost little beside the read; the subsample amplifies the coreset's ε). See docs/PERFORMANCE.md.
   */
  public static final int CORESET_SAMPLE_SIZE = 1 << 19;
  public static final Sampler SAMPLER = Sampler.OPT;
  /**
   * opt in a strict release: every point up to {@link SampleSizeRule.Auto#EVERY_POINT_LIMIT}, above it the largest
   * of 20 %, 10 % and 5 % of n̂ with a plan, else 5 % (SampleSizeRule).
   */
  public static final SampleSizeRule SAMPLE_SIZE = SampleSizeRule.auto();
  public static final BaseNoise NOISE = BaseNoise.LAPLACE;
  public static final double DELTA = 0;
  public static final boolean STAGE1_CACHED = false;
  public static final double LAMBDA = 0.5;
  /** The geometry the public box favours (ℓ2 without bounds, as in the paper): see {@link GeometryChoice}. */
  public static final GeometryChoice GEOMETRY = GeometryChoice.AUTO;
  /** Paper mode's preprocessing when none is given. */
  public static final Preprocessing PREPROCESSING = Preprocessing.PAPER;
  public static final Initialisation INITIALISATION = Initialisation.AUTO;
  public static final boolean GUARDS = true;
  /**
   * DP-Lloyd sums offsets from the centres, clipped to a fraction of r the planner chooses (strict releases; paper
   * mode sums the points): chosen with the utility benchmark (docs/results/history.md, "Clipped offsets").
   */
  public static final OffsetClip OFFSET_CLIP = OffsetClip.auto();
  public static final double MIN_NOISY_COUNT = 1.0;
  public static final CoreSupremum CORE_SUPREMUM = CoreSupremum.EXACT;

  private Defaults() {}
}
