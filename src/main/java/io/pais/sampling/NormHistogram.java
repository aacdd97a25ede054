package io.pais.sampling;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * A mergeable histogram of norms on [0, r]: equal-width bins holding a count and the sum of the norms that fell
 * in them, built in one distributed pass and merged on the driver. {@link #binned()} is the summary the opt B search
 * reads: Σ f(‖x‖) as Σ_bins count·f(mean norm of the bin), exact for f linear within a bin and second-order accurate
 * for the smooth 1/w of opt. It never leaves the driver and is not part of any release.
 */
public final class NormHistogram implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double radius;
  private final long[] counts;
  private final double[] normSums;

  public NormHistogram(double radius, int bins) {
    this.radius = Checks.positive("radius (r)", radius);
    Checks.positive("bins", bins);
    this.counts = new long[bins];
    this.normSums = new double[bins];
  }

  /** Adds one norm (clipped into [0, r]). Mutates this histogram; returns it for use in a fold. */
  public NormHistogram add(double norm) {
    double z = Math.min(Math.max(norm, 0), radius);
    int bin = (int) Math.min(counts.length - 1, Math.floor(z / radius * counts.length));
    counts[bin]++;
    normSums[bin] += z;
    return this;
  }

  /** Adds every bin of {@code other} (same radius and bin count) into this one; returns this. */
  public NormHistogram merge(NormHistogram other) {
    Checks.require(other.radius == radius && other.counts.length == counts.length,
        "histograms must share radius and bin count to merge");
    for (int i = 0; i < counts.length; i++) {
      counts[i] += other.counts[i];
      normSums[i] += other.normSums[i];
    }
    return this;
  }

  /** The number of norms added. */
  public long count() {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    return n;
  }

  /** Each bin's count at its mean norm: the summary, computed once when the histogram is complete. */
  public BinnedNorms binned() {
    double[] weights = new double[counts.length];
    double[] means = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      weights[i] = counts[i];
      means[i] = counts[i] > 0 ? normSums[i] / counts[i] : 0;
    }
    return new BinnedNorms(weights, means, count());
  }
}
