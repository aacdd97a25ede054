package io.pais.preprocessing;

import io.pais.estimation.PrivateNormHistogram;
import io.pais.estimation.PrivateTailAxes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * One partition's pass over a strict release's cached clipped blocks for the DP norm histogram: the exact counts of
 * its centred norms in the histogram's bins (never published; the histogram adds the noise), and for the private
 * coreset, drawn in the same scan instead of passes of their own, the clipped rows a key filter keeps, in blocks (its
 * subsample, issue 29) and the same counts per signed dominant axis (its tail axes, {@link PrivateTailAxes}). Norms
 * are those of the point-by-point path: ‖(c₀ + u·ρ) − ĉ‖ in the run's geometry.
 *
 * @param counts the partition's counts, bins + 1 (the last one the overflow bin)
 * @param axes the partition's counts per signed dominant axis, or null when the scan does not take them
 * @param kept the cached rows the filter keeps, as blocks of the cache (clipped, not centred)
 */
record HistogramScan(long[] counts, PrivateTailAxes.AxisCounts axes, List<ClippedBlock> kept) implements Serializable {

  /**
   * The scan of every partition of {@code cache}: the norms of x − ĉ ({@code centring}'s, block by block) in bins on
   * [0, upper], per signed dominant axis too when {@code axes}, and the clipped rows {@code keep} keeps.
   */
  static JavaRDD<HistogramScan> of(JavaRDD<ClippedBlock> cache, CentringView centring, double upper, int bins,
      boolean axes, KeyFilter keep) {
    return cache.mapPartitions(blocks -> scan(blocks, centring, upper, bins, axes, keep), true);
  }

  private static Iterator<HistogramScan> scan(Iterator<ClippedBlock> blocks, CentringView centring, double upper,
      int bins, boolean withAxes, KeyFilter keep) {
    long[] counts = new long[bins + 1];
    PrivateTailAxes.AxisCounts axes = withAxes ? PrivateTailAxes.AxisCounts.empty(centring.dimension(), bins, upper)
        : null;
    List<ClippedBlock> kept = new ArrayList<>();
    while (blocks.hasNext()) {
      ClippedBlock block = blocks.next();
      int rows = block.rows();
      double[] norms = axes == null ? centring.centredNorms(block) : centring.centredNormsAndAxes(block);
      int[] signedAxes = axes == null ? null : centring.signedAxes();
      for (int i = 0; i < rows; i++) {
        int bin = PrivateNormHistogram.bin(norms[i], upper, bins);
        counts[bin]++;
        if (signedAxes != null) {
          axes.add(signedAxes[i], bin);
        }
      }
      ClippedBlock rowsKept = block.rowsKept(keep);
      if (rowsKept != null) {
        kept.add(rowsKept);
      }
    }
    return List.of(new HistogramScan(counts, axes, kept)).iterator();
  }

  /** The counts of all partitions (and their axis counts when the scan took them), in one job. */
  static HistogramScan total(JavaRDD<HistogramScan> scans) {
    return scans.map(scan -> new HistogramScan(scan.counts, scan.axes, List.of())).treeReduce((a, b) -> {
      long[] sum = a.counts.clone();
      for (int i = 0; i < sum.length; i++) {
        sum[i] += b.counts[i];
      }
      return new HistogramScan(sum, a.axes == null ? null : a.axes.plus(b.axes), List.of());
    });
  }
}
