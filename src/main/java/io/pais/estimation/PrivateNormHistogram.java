package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.math.Checks;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import io.pais.privacy.Geometry;
import io.pais.sampling.BinnedNorms;
import io.pais.sampling.NormSummary;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The DP norm histogram of SPEC §13, stage 2: counts of ‖x‖ in equal bins on [0, upper] plus one overflow bin,
 * each plus Laplace(1/ε) (one point changes one bin by one: ℓ1 sensitivity 1). Everything else is
 * post-processing of the noisy counts: n̂, a quantile r̂ (a bin's upper edge), x̃̂ and the norm summary the opt
 * B search runs on, with each bin's norms at its upper edge (so q is never over-estimated).
 *
 * <p>Only the noisy counts are kept; the exact ones are never stored here.
 */
public final class PrivateNormHistogram {
  /** w of {@link #tailAwareRadius}: the weight of the noise against the projection's distortion. */
  public static final double TAIL_NOISE_WEIGHT = 10;

  /**
   * {@link #radius}'s floor: the histogram's range R₁ over this, where the noise cannot place r̂ below it. Chosen on the
   * generalisation benchmark at ε = 0.5, 1 and 3, every run against its seed's run at the divisor before (docs/results/
   * history.md, "The floor under r̂ at a quarter"): 4 lowered the runs' geometric mean by 4.1 %, 1.4 % and 0.5 % and
   * raised no cell's by more than 2.4 %; 3 lowered it more (4.7 %, 3.0 %, 0.6 %) but raised sonar's by 15 % and
   * scales-10's by 8 % at ε = 0.5, 2 more still (7.2 %, 3.9 %, 1.9 %) but wide-5x256's and sonar's by 34–41 %. 8, chosen
   * at first ("A floor under r̂"), kept r̂ too small in the small cells whose clusters lie far apart (wine, compound,
   * glass): with ρ a fraction of r̂, two clipped steps could not carry the centres from the DP centre to the clusters.
   */
  public static final int RADIUS_FLOOR_DIVISOR = 4;

  private final double upper;
  private final double[] noisy;
  private final double binVariance;

  private PrivateNormHistogram(double upper, double[] noisy, double binVariance) {
    this.upper = upper;
    this.noisy = noisy;
    this.binVariance = binVariance;
  }

  /**
   * @param counts exact counts: {@code counts.length − 1} equal bins on [0, upper], then the overflow bin
   *     (norms above upper); never published
   * @param upper the histogram's range, a public value (R₁)
   */
  public static PrivateNormHistogram release(long[] counts, double upper, double epsilon, PrivacyLedger ledger,
      UniformRandomProvider rng) {
    Checks.require(counts.length >= 2, "counts need at least one bin and the overflow bin, got " + counts.length);
    Checks.positive("upper", upper);
    Checks.positive("epsilon of the histogram stage", epsilon);
    // a substituted record can leave one bin and join another
    int sensitivity = ledger.relation().sensitivityFactor();
    double scale = sensitivity / epsilon;
    ledger.spend(new LedgerEntry(LedgerStage.NORM_HISTOGRAM, String.format(Locale.ROOT, "discrete Laplace counts (exact, on a lattice) of the norms in %d "
        + "equal bins on [0, %.6g] and one overflow bin", counts.length - 1, upper), epsilon, 0,
        sensitivity == 1 ? "l1 1 (one point changes one bin by one)"
            : "l1 2 (a substituted point leaves one bin and joins another)", String.format(Locale.ROOT, "%.6g per bin", scale),
        "the noisy counts (n, the norm quantile, xTilde and the opt B search follow by post-processing)"));
    LatticeLaplace laplace = LatticeNoise.count(scale);
    double[] noisy = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      noisy[i] = laplace.release(counts[i], rng);
    }
    return new PrivateNormHistogram(upper, noisy, laplace.variance());
  }

  /** The bin of a norm among {@code bins} equal bins on [0, upper] and the overflow bin (index bins). */
  public static int bin(double norm, double upper, int bins) {
    if (norm > upper) {
      return bins;
    }
    return (int) Math.min(bins - 1, Math.floor(norm / upper * bins));
  }

  /** The noisy counts (package-private: for the distribution tests). */
  double[] noisyCounts() {
    return noisy.clone();
  }

  private int bins() {
    return noisy.length - 1;
  }

  /** The upper edge of bin i. */
  private double edge(int i) {
    return i >= bins() ? upper : upper * (i + 1) / bins();
  }

  /** The histogram's own n̂: the sum of the noisy counts (unbiased), at least 1. */
  public double count() {
    double n = 0;
    for (double c : noisy) {
      n += c;
    }
    return Math.max(1, n);
  }

  /** The histogram's own n̂ with its variance: the bins' noises are independent, so their variances add. */
  public NoisyCount total() {
    return new NoisyCount(count(), binVariance * noisy.length);
  }

  /**
   * The quantile alone: the smallest bin upper edge whose noisy cumulative count reaches {@code quantile}·n̂ (upper
   * when only the overflow bin reaches it). A release takes {@link #radius}, which bounds it below where the noise
   * cannot place it (package-private, so that no release reads it without that floor).
   */
  double quantile(double quantile) {
    Checks.inClosedRange("quantile", quantile, 0, 1);
    double target = quantile * count();
    double cumulative = 0;
    for (int i = 0; i < bins(); i++) {
      cumulative += noisy[i];
      if (cumulative >= target) {
        return edge(i);
      }
    }
    return upper;
  }

  /**
   * r̂ of a strict release: {@link #quantile}, or the histogram's range over {@value #RADIUS_FLOOR_DIVISOR} (a bin's
   * upper edge) where that is larger and the histogram cannot place a radius below it: where the standard deviation of
   * the noisy cumulative count up to that edge is at least the (1 − q)·n̂ points the quantile leaves beyond r̂. There a
   * quantile below the floor is as likely the noise of a few bins as the data: at n̂ of a few hundred and ε_h = 0.05
   * (Laplace noise of scale 20 a bin) it fell to a few bins' radius in some seeds of every small cell, clipping every
   * point to a sliver of its cluster. Post-processing of the noisy counts: R₁ is public once the DP centre is released,
   * n̂ is DP and the noise's variance public.
   *
   * @param quantile q
   * @param count n̂ (a DP estimate, better the inverse-variance combination of {@link #total()} and the DP centre's
   *     count)
   */
  public double radius(double quantile, double count) {
    Checks.positive("count", count);
    double r = quantile(quantile);
    int floorBins = (bins() + RADIUS_FLOOR_DIVISOR - 1) / RADIUS_FLOOR_DIVISOR;
    double floor = edge(floorBins - 1);
    boolean unresolved = Math.sqrt(binVariance * floorBins) >= (1 - quantile) * count;
    return r < floor && unresolved ? floor : r;
  }

  /**
   * The norms after projecting onto the ball of radius r (or, with {@code dropBeyond}, after dropping the points
   * beyond it), as a summary: each bin wholly below r with its clamped noisy count at its upper edge, and the
   * rest at r (projected: the rest of n̂; dropped: the bin that holds r inside it), every weight then scaled by
   * {@code count} / the larger of the histogram's own n̂ and the clamped weights' sum — the histogram's shape at
   * {@code count} points, with dropping the kept share of them (never more than {@code count}: where the clamped
   * noise of the empty bins below r outweighs the rest, it no longer inflates n̂). The opt B search, n̂ and x̃̂ of
   * the points DP-Lloyd sees are computed from it.
   *
   * @param count a DP estimate of the number of points the histogram counts, at least 1: {@link #count()} or, better,
   *     the inverse-variance combination of {@link #total()} and the DP centre's count
   */
  public NormSummary projectedOnto(double r, boolean dropBeyond, double count) {
    Checks.positive("r", r);
    Checks.require(count >= 1, "count must be >= 1, got " + count);
    int full = (int) Math.min(bins(), Math.floor(r / upper * bins()));
    double[] counts = new double[full + 1];
    double[] norms = new double[full + 1];
    double below = 0;
    for (int i = 0; i < full; i++) {
      counts[i] = Math.max(0, noisy[i]);
      norms[i] = Math.min(edge(i), r);
      below += counts[i];
    }
    // dropped: what remains is the part of the bin that holds r, none when r is a bin edge (as r̂ always is)
    boolean onEdge = Math.abs(r - upper * full / bins()) <= 1e-12 * upper;
    double heldBelow = full < bins() && !onEdge ? noisy[full] : 0;
    counts[full] = Math.max(0, dropBeyond ? heldBelow : count() - below);
    norms[full] = r;
    // clamping the empty bins' noise at 0 adds mass (at small ε more than the tail beyond r holds): the shape never
    // holds more points than the histogram's n̂, so a projection keeps exactly count and a drop at most count
    double scale = count / Math.max(count(), below + counts[full]);
    double total = 0;
    for (int i = 0; i <= full; i++) {
      counts[i] *= scale;
      total += counts[i];
    }
    long n = Math.max(1, Math.round(total));
    return new BinnedNorms(counts, norms, n);
  }

  /**
   * A radius at or above {@code from} that balances what projecting onto it moves against the noise it brings:
   * the bin edge r ≥ from minimising D̂(r) + w·count·(e·r)², where D̂(r) = Σ ñ_i·(m_i − r)² over the bins wholly
   * beyond r whose noisy count ñ_i clears the threshold b·ln(20·bins) (b the per-bin noise scale: an empty bin
   * clears it with probability 1/(40·bins), so all the empty bins together with at most 1/40 — far-out noise would
   * otherwise pull r up wherever the noise term is small; m_i a bin's midpoint) estimates the squared distance the
   * projection moves the points by, and
   * count·(e·r)² the squared error DP-Lloyd's noise adds to the points' cost when a typical centre's noise is e·r
   * (e is scale-free: the noise scales with r). The weight w = {@value #TAIL_NOISE_WEIGHT} stands for what the
   * model leaves out (a larger r also dilutes the initialiser's and the sampler's noise budget per unit of norm): with
   * w = 1 the utility benchmark lost up to 20 % on htru2 at ε = 1, with w = 10 nothing (docs/results/utility.md, "Heavy
   * tails"). Post-processing of the noisy counts and public values.
   *
   * @param from the smallest radius considered (the quantile r̂)
   * @param count n̂
   * @param relativeError e: a typical noisy centre's root mean square error as a fraction of r
   */
  public double tailAwareRadius(double from, double count, double relativeError) {
    Checks.positive("from", from);
    Checks.positive("count", count);
    Checks.positive("relativeError", relativeError);
    double threshold = Math.sqrt(binVariance / 2) * Math.log(20.0 * bins());
    double best = from;
    double bestCost = Double.POSITIVE_INFINITY;
    for (int edge = (int) Math.ceil(from / upper * bins() - 1e-9); edge <= bins(); edge++) {
      double r = Math.max(from, upper * edge / bins());
      double moved = 0;
      for (int i = edge; i < bins(); i++) {
        double mid = upper * (i + 0.5) / bins();
        moved += noisy[i] >= threshold ? noisy[i] * (mid - r) * (mid - r) : 0;
      }
      double cost = moved + TAIL_NOISE_WEIGHT * count * relativeError * relativeError * r * r;
      if (cost < bestCost) {
        bestCost = cost;
        best = r;
      }
    }
    return best;
  }

  /** x̃̂ of a summary: its mean squared norm (ℓ2) or mean norm (ℓ1), at least a tiny positive value. */
  public static double meanNormStatistic(NormSummary norms, Geometry geometry) {
    double total = norms.sum(z -> 1);
    double mean = geometry == Geometry.L2 ? norms.sum(z -> z * z) / total : norms.sum(z -> z) / total;
    return Math.max(mean, Double.MIN_NORMAL);
  }
}
