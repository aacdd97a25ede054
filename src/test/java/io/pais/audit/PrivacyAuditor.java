package io.pais.audit;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * An empirical lower bound on the privacy loss of a mechanism between two neighbouring inputs, from samples of a
 * scalar statistic of its output on each: the first half of the samples chooses an event (the statistic above or
 * below a threshold, in either direction of the ratio), the second half estimates its probabilities under D and
 * D′ with Clopper–Pearson bounds, and ε_lower = log(p_lower / q_upper). With confidence 1 − α the true ε of the
 * mechanism is at least ε_lower, so a mechanism whose claimed ε is below ε_lower is caught, and a correct one is
 * flagged with probability at most α (the false-failure rate). Any statistic is post-processing, so every
 * statistic must pass; choosing one that separates the neighbours (a projection on the difference, a distance)
 * gives the test power.
 */
public final class PrivacyAuditor {
  private static final int THRESHOLDS = 400;

  private PrivacyAuditor() {}

  /** The bound and the event that attained it. */
  public record Result(double epsilonLowerBound, String event) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "epsilon >= %.4f (%s)", epsilonLowerBound, event);
    }
  }

  /**
   * @param onD draws the statistic of one output of the mechanism on D
   * @param onNeighbour draws it on D′
   * @param samples draws per input and per half
   * @param alpha the false-failure rate (split between the two Clopper–Pearson bounds)
   */
  public static Result audit(DoubleSupplier onD, DoubleSupplier onNeighbour, int samples, double alpha) {
    double[] d = draw(onD, samples);
    double[] n = draw(onNeighbour, samples);
    Event best = choose(d, n, alpha);
    double[] d2 = draw(onD, samples);
    double[] n2 = draw(onNeighbour, samples);
    double[] numerator = best.numeratorIsD ? d2 : n2;
    double[] denominator = best.numeratorIsD ? n2 : d2;
    long a = count(numerator, best);
    long b = count(denominator, best);
    double bound = Math.log(lower(a, samples, alpha / 2) / upper(b, samples, alpha / 2));
    return new Result(Math.max(0, bound), best.describe());
  }

  /** An event {statistic ≥ t} (or ≤ t) and which input's probability is the numerator. */
  private record Event(double threshold, boolean above, boolean numeratorIsD) {
    boolean holds(double x) {
      return above ? x >= threshold : x <= threshold;
    }

    String describe() {
      return String.format(Locale.ROOT, "P[stat %s %.6g] on %s over %s", above ? ">=" : "<=", threshold,
          numeratorIsD ? "D" : "D'", numeratorIsD ? "D'" : "D");
    }
  }

  /** The event whose Clopper–Pearson bound is largest on the selection half. */
  private static Event choose(double[] d, double[] n, double alpha) {
    double[] pooled = new double[d.length + n.length];
    System.arraycopy(d, 0, pooled, 0, d.length);
    System.arraycopy(n, 0, pooled, d.length, n.length);
    Arrays.sort(pooled);
    double[] sortedD = d.clone();
    double[] sortedN = n.clone();
    Arrays.sort(sortedD);
    Arrays.sort(sortedN);
    Event best = new Event(pooled[0], true, true);
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < THRESHOLDS; i++) {
      // thresholds spread evenly in rank, denser in both tails where the ratio is largest
      double u = (i + 0.5) / THRESHOLDS;
      double rank = u < 0.5 ? 0.5 * Math.pow(2 * u, 3) : 1 - 0.5 * Math.pow(2 * (1 - u), 3);
      double t = pooled[(int) Math.min(pooled.length - 1, Math.floor(rank * pooled.length))];
      long dAbove = d.length - lowerIndex(sortedD, t);
      long nAbove = n.length - lowerIndex(sortedN, t);
      long dBelow = upperIndex(sortedD, t);
      long nBelow = upperIndex(sortedN, t);
      for (Event e : new Event[] {new Event(t, true, true), new Event(t, true, false), new Event(t, false, true),
          new Event(t, false, false)}) {
        long a = e.above ? (e.numeratorIsD ? dAbove : nAbove) : (e.numeratorIsD ? dBelow : nBelow);
        long b = e.above ? (e.numeratorIsD ? nAbove : dAbove) : (e.numeratorIsD ? nBelow : dBelow);
        double score = Math.log(lower(a, d.length, alpha / 2) / upper(b, d.length, alpha / 2));
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
    }
    return best;
  }

  /** The number of sorted values below t. */
  private static int lowerIndex(double[] sorted, double t) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The number of sorted values at most t. */
  private static int upperIndex(double[] sorted, double t) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static long count(double[] values, Event e) {
    long c = 0;
    for (double v : values) {
      if (e.holds(v)) {
        c++;
      }
    }
    return c;
  }

  /** One-sided Clopper–Pearson lower bound on a binomial proportion at level 1 − a. */
  static double lower(long successes, long trials, double a) {
    return successes == 0 ? 0 : new BetaDistribution(successes, trials - successes + 1).inverseCumulativeProbability(a);
  }

  /** One-sided Clopper–Pearson upper bound on a binomial proportion at level 1 − a. */
  static double upper(long successes, long trials, double a) {
    return successes == trials ? 1
        : new BetaDistribution(successes + 1, trials - successes).inverseCumulativeProbability(1 - a);
  }

  private static double[] draw(DoubleSupplier statistic, int samples) {
    double[] out = new double[samples];
    for (int i = 0; i < samples; i++) {
      out[i] = statistic.getAsDouble();
    }
    return out;
  }
}
