package io.pais.preprocessing;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaDoubleRDD;

/**
 * The exact value at a given rank of a distributed set of non-negative doubles, with driver memory that does
 * not grow with their number: histograms over the values' bit patterns (monotone in the value for z ≥ 0)
 * narrow the range that holds the rank by a factor of {@value #BINS} a pass, until the cell that holds it has
 * at most {@value #COLLECT_LIMIT} values (which are collected and sorted) or is a single value. Bit patterns
 * make every cell boundary exact and bound the passes: 64 bits / 12 bits a pass, at most six histograms.
 */
public final class OrderStatistic {
  static final int BINS = 1 << 12;
  /** The most values a run ever brings to the driver: 128 KB, whatever n is. */
  public static final int COLLECT_LIMIT = 1 << 14;
  private static final long MAX_BITS = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);

  private OrderStatistic() {}

  /**
   * The value of 0-based rank {@code rank} in ascending order of {@code values}, which must be non-negative
   * (NaN-free) and hold more than {@code rank} values.
   */
  public static double select(JavaDoubleRDD values, long rank) {
    long lo = 0;
    long hi = MAX_BITS;
    long below = 0;
    while (true) {
      long width = Math.max(1, (hi - lo) / BINS + 1);
      long cellLo0 = lo;
      long cellHi0 = hi;
      long[] counts = values.treeAggregate(new long[BINS], (h, z) -> {
        long b = bits(z);
        if (b >= cellLo0 && b <= cellHi0) {
          h[(int) ((b - cellLo0) / width)]++;
        }
        return h;
      }, OrderStatistic::add);
      int i = 0;
      while (i < BINS && below + counts[i] <= rank) {
        below += counts[i];
        i++;
      }
      if (i == BINS) {
        throw new IllegalArgumentException("rank " + rank + " is not below the number of values");
      }
      long cellLo = lo + i * width;
      long cellHi = Math.min(hi, cellLo + width - 1);
      if (cellLo == cellHi) {
        return Double.longBitsToDouble(cellLo);
      }
      if (counts[i] <= COLLECT_LIMIT) {
        List<Double> cell = values.filter(z -> bits(z) >= cellLo && bits(z) <= cellHi).collect();
        double[] sorted = cell.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return sorted[(int) (rank - below)];
      }
      lo = cellLo;
      hi = cellHi;
    }
  }

  /** The bit pattern of z ≥ 0, with −0.0 read as +0.0 so that the order of patterns is the order of values. */
  private static long bits(double z) {
    return Double.doubleToRawLongBits(z + 0.0);
  }

  private static long[] add(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      a[i] += b[i];
    }
    return a;
  }
}
