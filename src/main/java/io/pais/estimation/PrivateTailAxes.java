package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.lloyd.SampleBlock;
import io.pais.math.Checks;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The private coreset's tail axes: where the points beyond r lie, for DP-Lloyd's pool of re-seeding points. A heavy
 * tail of tabular data lies along a few columns (kddcup99's byte counts and durations: groups of 934 and 3,126 points
 * at 12 and 6 times the median norm, one column each); the coreset's cell tree drops a region under its threshold τ
 * (about 2,500 points on kddcup99 at ε = 0.5, set by its d-dimensional sums), so neither the start nor the pool held
 * a point near such a group, and DP-Lloyd served it from a centre in the bulk.
 *
 * <p>Each point beyond r falls in one band: its dominant coordinate j (the largest |x_j|, the lowest j on ties), the
 * sign of x_j, and its octave of norms — [r, 2r), [2r, 4r), … up to R₁ (the last octave holds the rest). Every band's
 * exact count gets discrete Laplace noise of scale Δ/ε (a point is in at most one band, Δ = 1, 2 under substitution),
 * and a band whose noisy count reaches τ = (Δ/ε)·ln(bands / {@link #FALSE_BAND_RATE}) becomes a pool point on the
 * signed axis at the octave's lower edge, weighted by its noisy count. An empty band reaches τ with chance at most
 * ½e^(−τ·ε/Δ), so all of them together with at most {@value #FALSE_BAND_RATE}. The bands are a public function of r,
 * R₁ and d; which are heavy and their noisy counts are post-processing of the noisy histogram.
 *
 * <p>Why the lower edge: DP-Lloyd re-seeds a dead centre at the pool point of largest w·D², D its distance from the
 * nearest centre, which for a band should be the distance of its points. They lie somewhere in the octave; the lower
 * edge is where they come nearest to the bulk's centres, so D is not overstated — at the octave's geometric middle a
 * band whose points sit at its low end beside a centre (kddcup99's group at norm 6,246 when r is near 6,000) drew
 * dead centres to where no point is, and kddcup99 at ε = 10 rose from 1.04 to 1.19 the floor (10 seeds). A centre
 * placed at the edge moves out to its points' mean at its next iteration. The pool points only re-seed: as a start
 * they pulled k-means onto tails that are not axis-aligned (shuttle, magic, skin: up to 10 % worse at ε ≥ 3;
 * docs/RESULTS.md, "Tail axes").
 */
public final class PrivateTailAxes {
  /** The chance, summed over every band, that an empty band becomes a pool point. */
  static final double FALSE_BAND_RATE = 0.01;

  private PrivateTailAxes() {}

  /**
   * The exact counts the norm histogram's scan takes alongside its own (never published): per signed axis (2j for
   * x_j &gt; 0 or 0, 2j + 1 for x_j &lt; 0, j the dominant coordinate), the histogram's bins of the centred norm on
   * [0, R₁] and its overflow bin. A task's scan adds to its own record ({@link #add}); partitions merge into new
   * ones ({@link #plus}).
   *
   * @param dimension d
   * @param bins the histogram's bins (the overflow bin is one more)
   * @param upper R₁, the histogram's range
   * @param counts 2d × (bins + 1), signed axis by signed axis
   */
  public record AxisCounts(int dimension, int bins, double upper, long[] counts) implements Serializable {
    public AxisCounts {
      Checks.positive("dimension", dimension);
      Checks.positive("bins", bins);
      Checks.positive("upper (R1)", upper);
      Checks.require(counts.length == 2L * dimension * (bins + 1), "counts must hold 2d x (bins + 1) = "
          + 2L * dimension * (bins + 1) + " values, got " + counts.length);
    }

    /** No counts yet, for a scan to add to. */
    public static AxisCounts empty(int dimension, int bins, double upper) {
      return new AxisCounts(dimension, bins, upper, new long[2 * dimension * (bins + 1)]);
    }

    /** Counts one point of signed dominant axis {@code signedAxis} (2j, or 2j + 1 for x_j &lt; 0) in {@code bin}. */
    public void add(int signedAxis, int bin) {
      counts[signedAxis * (bins + 1) + bin]++;
    }

    /** These counts plus {@code other}'s (two partitions' counts merged), in a new record. */
    public AxisCounts plus(AxisCounts other) {
      long[] sum = counts.clone();
      for (int i = 0; i < sum.length; i++) {
        sum[i] += other.counts[i];
      }
      return new AxisCounts(dimension, bins, upper, sum);
    }
  }

  /**
   * The pool points of the bands beyond r, in the prepared coordinates (centred at ĉ), weighted by their noisy counts
   * times {@code weightScale} (the coreset's subsample rate, so that they weigh as the coreset's regions do); the ledger
   * records ε. Nothing is spent, and no point is returned, when r is at the last bin's edge (no band beyond it).
   *
   * @param exact the scan's counts (the histogram's bins on [0, R₁])
   * @param r the radius the points beyond which are the tail (a DP estimate or public)
   * @param epsilon the ε the ledger records
   * @param weightScale a public factor on the weights, in (0, 1]
   */
  public static SampleBlock release(AxisCounts exact, double r, double epsilon, double weightScale,
      PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("exact axis counts", exact);
    Checks.positive("r", r);
    Checks.positive("epsilon of the tail axes", epsilon);
    Checks.require(weightScale > 0 && weightScale <= 1, "weightScale must be in (0, 1], got " + weightScale);
    int d = exact.dimension();
    int bins = exact.bins();
    double upper = exact.upper();
    // the first bin edge at or above r: r̂ is an edge; a public r inside a bin leaves that bin's points out
    int first = Math.max(1, (int) Math.ceil(r / upper * bins - 1e-9));
    if (first >= bins) {
      return SampleBlock.empty(d);
    }
    int octaves = 0;
    for (long from = first; from < bins; from *= 2) {
      octaves++;
    }
    int bands = 2 * d * octaves;
    double sensitivity = ledger.relation().sensitivityFactor();
    double scale = sensitivity / epsilon;
    double threshold = scale * Math.log(bands / FALSE_BAND_RATE);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_TAIL_AXES, String.format(Locale.ROOT, "discrete Laplace counts (on "
        + "a lattice) of the points beyond r in %d bands (dominant coordinate, its sign, octave of norms); bands with "
        + "noisy count >= %.6g become re-seeding points", bands, threshold), epsilon, 0,
        String.format(Locale.ROOT, "l1 %.0f (a point is in at most one band%s)", sensitivity, sensitivity == 2
            ? ", for the record out and the record in" : ""),
        String.format(Locale.ROOT, "%.6g per band", scale), "which bands are heavy and their noisy counts"));
    LatticeLaplace noise = LatticeNoise.count(scale);
    double[] values = new double[0];
    double[] weights = new double[0];
    int kept = 0;
    for (int signedAxis = 0; signedAxis < 2 * d; signedAxis++) {
      long from = first;
      for (int octave = 0; octave < octaves; octave++, from *= 2) {
        int to = (int) Math.min(2 * from, bins);
        long count = 0;
        // the last octave also holds the overflow bin (norms a rounding above R₁)
        for (int bin = (int) from; bin < (to == bins ? bins + 1 : to); bin++) {
          count += exact.counts()[signedAxis * (bins + 1) + bin];
        }
        double noisy = noise.release(count, rng);
        if (noisy >= threshold) {
          values = Arrays.copyOf(values, (kept + 1) * d);
          weights = Arrays.copyOf(weights, kept + 1);
          double lowerEdge = from * upper / bins;
          values[kept * d + signedAxis / 2] = signedAxis % 2 == 1 ? -lowerEdge : lowerEdge;
          weights[kept] = noisy * weightScale;
          kept++;
        }
      }
    }
    return SampleBlock.ofRows(values, weights, d);
  }
}
