package io.pais.preprocessing;

import io.pais.estimation.PrivateNormHistogram;
import io.pais.io.KeyedPoint;
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
 * @param kept the rows the filter keeps, clipped (not centred), packed
 */
record HistogramScan(long[] counts, List<PointBlock> kept) implements Serializable {

  /**
   * The scan of every partition of {@code cache}: the norms of x − ĉ ({@code centring}'s, block by block) in bins on
   * [0, upper], and the clipped rows {@code keep} keeps.
   */
  static JavaRDD<HistogramScan> of(JavaRDD<ClippedBlock> cache, double[] origin, CentringView centring, double upper,
      int bins, KeyFilter keep) {
    return cache.mapPartitions(blocks -> scan(blocks, origin, centring, upper, bins, keep), true);
  }

  private static Iterator<HistogramScan> scan(Iterator<ClippedBlock> blocks, double[] origin, CentringView centring,
      double upper, int bins, KeyFilter keep) {
    int d = origin.length;
    long[] counts = new long[bins + 1];
    List<KeyedPoint> kept = new ArrayList<>();
    while (blocks.hasNext()) {
      ClippedBlock block = blocks.next();
      double[] norms = centring.centredNorms(block);
      for (int i = 0; i < block.rows(); i++) {
        counts[PrivateNormHistogram.bin(norms[i], upper, bins)]++;
        if (keep.keeps(block.key(i))) {
          double[] x = new double[d];
          for (int t = 0; t < d; t++) {
            x[t] = block.coordinate(i, t, origin);
          }
          kept.add(new KeyedPoint(block.key(i), x));
        }
      }
    }
    List<PointBlock> packed = new ArrayList<>();
    PointBlock.pack(kept.iterator(), d).forEachRemaining(packed::add);
    return List.of(new HistogramScan(counts, packed)).iterator();
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
