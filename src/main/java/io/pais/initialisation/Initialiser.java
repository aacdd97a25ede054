package io.pais.initialisation;

import io.pais.planning.ReleaseStages;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.preprocessing.CachedSubsample;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.StrictPreprocessor;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyLedger;
import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.estimation.PrivateTailAxes;
import io.pais.privacy.Geometry;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.RecordCoin;
import io.pais.sampling.SamplingFunction;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.api.java.JavaRDD;

/**
 * How a run's first centres are chosen ({@link io.pais.settings.Initialisation}, SPEC §9): the private coreset (its
 * share of ε from the allocation, recorded in the ledger), the starts that read no data, or the paper's sample points
 * (not private).
 * Draws from the run's randomness in the order the run asks.
 */
public final class Initialiser {
  private final KMeansSettings settings;
  private final UniformRandomProvider rng;
  private final KeyedCoins coins;

  public Initialiser(KMeansSettings settings, UniformRandomProvider rng, KeyedCoins coins) {
    this.settings = settings;
    this.rng = rng;
    this.coins = coins;
  }

  /**
   * What a strict release's norm histogram scan should take for the private coreset while it reads the data of
   * dimension {@code d}: its subsample's coins and size, and whether to count its tail axes; null when the coreset
   * does not run.
   */
  public StrictPreprocessor.CoresetRequest coresetRequest(int d) {
    return settings.initialisation() == Initialisation.PRIVATE_CORESET ? new StrictPreprocessor.CoresetRequest(
        coins.initialisationSubsample(), settings.strictRelease().coresetSampleSize(),
        ReleaseStages.tailAxes(settings, java.util.Optional.of(d))) : null;
  }

  /**
   * The private coreset and its k centres, from a Poisson subsample when n̂ exceeds the coreset sample size ({@code drawn}
   * when the preprocessing drew it, else drawn here; closed either way); fewer kept regions than k are filled from
   * the ball of radius r. With {@code tailAxes} (the scan's exact counts, null: none) and their share of ε, the
   * pool DP-Lloyd re-seeds from also holds the tail's heavy bands.
   */
  public CoresetStart privateCoreset(PreparedData data, CachedSubsample drawn, PrivateTailAxes.AxisCounts tailAxes,
      BudgetAllocation.CoresetShares epsilon, PrivacyLedger ledger) {
    return PrivateCoreset.initialCentres(data, drawn, tailAxes, settings.k(),
        settings.strictRelease().coresetSampleSize(), epsilon, settings.geometry(), ledger, rng,
        coins.initialisationSubsample(), missing -> randomBall(missing, data.dimension(), data.radius()));
  }

  /**
   * The first centres once the sample is drawn: the private coreset's (drawn before, with its share of ε; null when
   * its share was 0, and the start is scaled-ball's), the
   * paper's sample points (Poisson runs: {@code sampling} is their sampling function), or a start that reads no data.
   */
  public double[] initialCentres(PreparedData data, CoresetStart coreset, SamplingFunction sampling) {
    return switch (settings.initialisation()) {
      case PRIVATE_CORESET -> coreset != null ? coreset.centres() : typicalStart(data);
      case SAMPLE_POINTS -> samplePoints(data.points(), sampling);
      case RANDOM_BALL, SPHERE_PACKING, SCALED_BALL, AUTO -> dataIndependent(data); // AUTO: resolved in the settings
    };
  }

  /**
   * The initialisers that read no data: from k, d, r (public or a DP estimate) and, for scaled-ball, the estimate
   * x̃̂ (exact x̃ in paper mode).
   */
  private double[] dataIndependent(PreparedData data) {
    int k = settings.k();
    int d = data.dimension();
    return switch (settings.initialisation()) {
      case RANDOM_BALL -> randomBall(k, d, data.radius());
      case SPHERE_PACKING -> InitialCentres.spherePacking(k, d, data.radius(), settings.geometry(),
          rng);
      case SCALED_BALL -> typicalStart(data);
      case AUTO, SAMPLE_POINTS, PRIVATE_CORESET -> throw new IllegalStateException("not a data-independent "
          + "initialiser: " + settings.initialisation());
    };
  }

  /**
   * The start at the data's typical radius, sqrt(x̃) (ℓ2) or x̃ (ℓ1), at most r: scaled-ball, and a private-coreset
   * release whose allocation gave the coreset no share (little budget per centre). k centres uniform in the ball of
   * that radius; in ℓ1 with a public box, uniform in the box's shape at a share of it
   * ({@link InitialCentres#typicalBox}): ℓ1 is what {@code --geometry auto} takes where the box is skewed, and there a
   * ball's centres differ mostly in the narrow coordinates, which the first step's cells then barely tell apart.
   * Reads no data: x̃ is the norm histogram's DP estimate in a strict release (r where none was made).
   */
  private double[] typicalStart(PreparedData data) {
    Geometry geometry = settings.geometry();
    double typical = Double.isNaN(data.meanNormStatistic()) ? data.radius()
        : InitialCentres.typicalRadius(data.meanNormStatistic(), data.radius(), geometry);
    CoordinateBounds box = settings.isStrict() ? settings.strictRelease().bounds() : null;
    if (geometry == Geometry.L1 && box != null) {
      return InitialCentres.typicalBox(settings.k(), box.halfWidthsIn(data.dimension()), typical, geometry, rng);
    }
    return randomBall(settings.k(), data.dimension(), typical);
  }

  /** {@code count} centres uniform in the ball of radius r (reads no data). */
  private double[] randomBall(int count, int d, double radius) {
    return InitialCentres.randomBall(count, d, radius, settings.geometry(), rng);
  }

  /**
   * k distinct random points of the sample, as the paper does (not private): the sampled points whose keys
   * hash lowest under a seed drawn from the run's randomness, so the choice does not depend on Spark's partitioning
   * either.
   */
  private double[] samplePoints(JavaRDD<KeyedPoint> points, SamplingFunction sampling) {
    long pickSeed = rng.nextLong();
    int k = settings.k();
    Geometry geometry = settings.geometry();
    KeyedCoins sampleCoins = coins;
    PoissonSampler.RowWeight q = PoissonSampler.weights(sampling, geometry);
    List<KeyedPoint> picked = points.filter(p -> PoissonSampler.keeps(p, q, sampleCoins))
        .takeOrdered(k, new ByCoin(pickSeed));
    if (picked.size() < k) {
      throw new InputException("sample-points initialisation needs k = " + k
          + " sampled points; raise --sample-size or use --init random-ball");
    }
    int d = picked.get(0).x().length;
    double[] out = new double[k * d];
    for (int j = 0; j < k; j++) {
      System.arraycopy(picked.get(j).x(), 0, out, j * d, d);
    }
    return out;
  }

  /** Orders points by a seeded hash of their sampling keys: a random order that partitioning cannot change. */
  private record ByCoin(long seed) implements Comparator<KeyedPoint>, java.io.Serializable {
    @Override
    public int compare(KeyedPoint a, KeyedPoint b) {
      int byHash = Double.compare(RecordCoin.uniform(seed, a.key()), RecordCoin.uniform(seed, b.key()));
      return byHash != 0 ? byHash : Long.compare(a.key(), b.key());
    }
  }
}
