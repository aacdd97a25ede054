package io.pais.preprocessing;

import io.pais.estimation.PrivateNormHistogram;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * One partition's pass over a strict release's cached clipped blocks for the DP norm histogram: the exact counts of
 * its centred norms in the histogram's bins (never published; the histogram adds the noise), and the clipped rows a
 * key filter keeps, in blocks — the private coreset's subsample, drawn in the same scan instead of a pass of its own
 * (issue 29). Norms are those of the point-by-point path: ‖(c₀ + u·ρ) − ĉ‖ in the run's geometry.
 *
 * @param counts the partition's counts, bins + 1 (the last one the overflow bin)
 * @param kept the cached rows the filter keeps, as blocks of the cache (clipped, not centred)
 */
record HistogramScan(long[] counts, List<ClippedBlock> kept) implements Serializable {

  /**
   * The scan of every partition of {@code cache}: the norms of x − ĉ ({@code centring}'s, block by block) in bins on
   * [0, upper], and the clipped rows {@code keep} keeps.
   */
  static JavaRDD<HistogramScan> of(JavaRDD<ClippedBlock> cache, CentringView centring, double upper, int bins,
      KeyFilter keep) {
    return cache.mapPartitions(blocks -> scan(blocks, centring, upper, bins, keep), true);
  }

  private static Iterator<HistogramScan> scan(Iterator<ClippedBlock> blocks, CentringView centring, double upper,
      int bins, KeyFilter keep) {
    long[] counts = new long[bins + 1];
    List<ClippedBlock> kept = new ArrayList<>();
    while (blocks.hasNext()) {
      ClippedBlock block = blocks.next();
      double[] norms = centring.centredNorms(block);
      for (int i = 0; i < block.rows(); i++) {
        counts[PrivateNormHistogram.bin(norms[i], upper, bins)]++;
      }
      ClippedBlock rows = block.rowsKept(keep);
      if (rows != null) {
        kept.add(rows);
      }
    }
    return List.of(new HistogramScan(counts, kept)).iterator();
  }

  /** The counts of all partitions. */
  static long[] counts(JavaRDD<HistogramScan> scans) {
    return scans.map(HistogramScan::counts).treeReduce((a, b) -> {
      long[] sum = a.clone();
      for (int i = 0; i < sum.length; i++) {
        sum[i] += b[i];
      }
      return sum;
    });
  }
}
