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
 * exact count gets discrete Laplace noise of scale Δ/ε_c (a point is in at most one band, Δ = 1, 2 under
 * substitution), and a band whose noisy count reaches τ = (Δ/ε_c)·ln(bands / {@link #FALSE_BAND_RATE}) is heavy. An
 * empty band reaches τ with chance at most ½e^(−τ·ε_c/Δ), so all of them together with at most
 * {@value #FALSE_BAND_RATE}. A heavy band becomes a pool point on its signed axis, weighted by its noisy count, at its
 * noisy mean norm: the sum of its points' bin offsets within the octave (each between 0 and the octave's width W in
 * bins) gets discrete Laplace noise of scale W·Δ/ε_p, and over the noisy count gives the mean bin. The bands are a
 * public function of r, R₁ and d; which are heavy is post-processing of the noisy counts, and the positions are a
 * second release at ε_p (adaptive composition: a point moves one band's sum by at most W).
 *
 * <p>Why positions are paid for: DP-Lloyd re-seeds a dead centre at the pool point of largest w·D², D its distance from
 * the nearest centre, which for a band should be the distance of its points. At the octave's lower edge D is
 * understated (kddcup99's groups sit 4 to 22 % above it) and the far groups lost their re-seeds to the bulk: kddcup99
 * at ε = 1 stayed at 1.22 the floor; at the octave's geometric middle D is overstated (a group at norm 6,246 when r is
 * near 6,000 drew centres to where no point is: 1.19 at ε = 10). At its noisy mean, over 10 seeds, kddcup99 went from
 * 1.33 / 1.22 to 1.16 / 1.12 at ε = 0.5 / 1, and from 1.07 to 1.14 at ε = 10, where bands of a few dozen points pass τ
 * (docs/results/history.md, "Tail axes", "Positions"). The pool points only re-seed: as a start they pulled k-means
 * onto tails that are not axis-aligned (shuttle, magic, skin: up to 10 % worse at ε ≥ 3).
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
   * times {@code weightScale} (the coreset's subsample rate, so that they weigh as the coreset's regions do), each at
   * its band's noisy mean norm on its signed axis; the ledger records both ε. Nothing is spent, and no point is
   * returned, when r is at the last bin's edge (no band beyond it).
   *
   * @param exact the scan's counts (the histogram's bins on [0, R₁])
   * @param r the radius the points beyond which are the tail (a DP estimate or public)
   * @param countEpsilon the ε of the bands' counts
   * @param positionEpsilon the ε of the heavy bands' position sums
   * @param weightScale a public factor on the weights, in (0, 1]
   */
  public static SampleBlock release(AxisCounts exact, double r, double countEpsilon, double positionEpsilon,
      double weightScale, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("exact axis counts", exact);
    Checks.positive("r", r);
    Checks.positive("epsilon of the tail axes' counts", countEpsilon);
    Checks.positive("epsilon of the tail axes' positions", positionEpsilon);
    Checks.require(weightScale > 0 && weightScale <= 1, "weightScale must be in (0, 1], got " + weightScale);
    int d = exact.dimension();
    int bins = exact.bins();
    double binWidth = exact.upper() / bins;
    // the first bin edge at or above r: r̂ is an edge; a public r inside a bin leaves that bin's points out
    int first = Math.max(1, (int) Math.ceil(r / exact.upper() * bins - 1e-9));
    if (first >= bins) {
      return SampleBlock.empty(d);
    }
    int octaves = 0;
    for (long from = first; from < bins; from *= 2) {
      octaves++;
    }
    int bands = 2 * d * octaves;
    double sensitivity = ledger.relation().sensitivityFactor();
    double scale = sensitivity / countEpsilon;
    double threshold = scale * Math.log(bands / FALSE_BAND_RATE);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_TAIL_AXES, String.format(Locale.ROOT, "discrete Laplace counts (on "
        + "a lattice) of the points beyond r in %d bands (dominant coordinate, its sign, octave of norms); bands with "
        + "noisy count >= %.6g become re-seeding points", bands, threshold), countEpsilon, 0,
        String.format(Locale.ROOT, "l1 %.0f (a point is in at most one band%s)", sensitivity, sensitivity == 2
            ? ", for the record out and the record in" : ""),
        String.format(Locale.ROOT, "%.6g per band", scale), "which bands are heavy and their noisy counts"));
    ledger.spend(new LedgerEntry(LedgerStage.INIT_TAIL_POSITIONS, "discrete Laplace sums (on a lattice) of the heavy "
        + "bands' points' bins above their octave's lower edge: a band's position is its noisy mean, in its octave",
        positionEpsilon, 0, String.format(Locale.ROOT, "l1 %.0f octave widths (a point is in at most one band, %s)",
        sensitivity, "its term between 0 and its octave's width in bins"), String.format(Locale.ROOT, "%.6g octave "
        + "widths per band", sensitivity / positionEpsilon), "where each heavy band sits along its signed axis"));
    LatticeLaplace countNoise = LatticeNoise.count(scale);
    double[] values = new double[0];
    double[] weights = new double[0];
    int kept = 0;
    for (int signedAxis = 0; signedAxis < 2 * d; signedAxis++) {
      long from = first;
      for (int octave = 0; octave < octaves; octave++, from *= 2) {
        Band band = Band.of(exact, signedAxis, (int) from, (int) Math.min(2 * from, bins));
        double noisy = countNoise.release(band.count(), rng);
        if (noisy >= threshold) {
          // a term is at most the octave's width in bins: scale the noise by it, so that the loss is positionEpsilon
          double noisyOffsets = LatticeNoise.count(band.width() * sensitivity / positionEpsilon)
              .release(band.offsets(), rng);
          values = Arrays.copyOf(values, (kept + 1) * d);
          weights = Arrays.copyOf(weights, kept + 1);
          double position = band.position(noisyOffsets / noisy, binWidth);
          values[kept * d + signedAxis / 2] = signedAxis % 2 == 1 ? -position : position;
          weights[kept] = noisy * weightScale;
          kept++;
        }
      }
    }
    return SampleBlock.ofRows(values, weights, d);
  }

  /**
   * One band's exact statistics: its points, and the sum of their bins' offsets from the octave's first bin.
   *
   * @param from the octave's first bin
   * @param width the octave's width in bins (the last octave's ends at R₁, its overflow bin an offset of width)
   * @param count the band's points
   * @param offsets Σ (bin − from) over its points, each term in [0, width]
   */
  private record Band(int from, int width, long count, long offsets) {
    static Band of(AxisCounts exact, int signedAxis, int from, int to) {
      int bins = exact.bins();
      long count = 0;
      long offsets = 0;
      // the last octave also holds the overflow bin (norms a rounding above R₁)
      for (int bin = from; bin < (to == bins ? bins + 1 : to); bin++) {
        long inBin = exact.counts()[signedAxis * (bins + 1) + bin];
        count += inBin;
        offsets += inBin * (bin - from);
      }
      return new Band(from, to - from, count, offsets);
    }

    /**
     * The norm at a mean offset (noisy: clamped to the octave), at the middle of its bin, and at most the octave's
     * upper edge (R₁ for the last).
     */
    double position(double meanOffset, double binWidth) {
      double offset = Math.max(0, Math.min(width, meanOffset));
      return Math.min(from + offset + 0.5, from + width) * binWidth;
    }
  }
}
