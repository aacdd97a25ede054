package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import io.pais.math.Rounding;
import io.pais.sampling.CoinSource;
import java.io.Serializable;
import java.util.Arrays;

/**
 * A block of consecutive records: rows {@code first}, first + 1, … of the dense record numbering, each with weight
 * 1. A uniform scheme's sample of an iteration is read off it: a multiset draw's records in the block's range with
 * their copy counts as weights, or the rows whose Poisson coin falls under the rate.
 *
 * @param first the record number of the first row
 * @param rows the rows (weights unused)
 */
record RecordBlock(long first, SampleBlock rows) implements Serializable {

  /** One past the last record number. */
  long end() {
    return first + rows.rows();
  }

  /**
   * The drawn rows of this block: records (increasing) and their copies, as a block weighted by copies; null when
   * the draw has none here. Finding the range costs one binary search, the rest is linear in the hits.
   */
  SampleBlock select(long[] records, int[] copies) {
    int from = lowerBound(records, first);
    int to = lowerBound(records, end());
    return from == to ? null : gather(records, copies, from, to);
  }

  /** Rows records[from..to) (all in this block), weighted by copies (1 each when copies is null). */
  private SampleBlock gather(long[] records, int[] copies, int from, int to) {
    int d = rows.dimension();
    SampleBlock.Builder out = new SampleBlock.Builder(d, to - from);
    double[] x = new double[d];
    for (int i = from; i < to; i++) {
      rows.copyRow((int) (records[i] - first), x, 0);
      out.add(x, copies == null ? 1 : copies[i]);
    }
    return out.build();
  }

  /**
   * The rows whose coin (keyed by record number) keeps them at {@code rate} (a chance of at most the rate,
   * {@link Rounding#keeps}), with weight 1; null when none.
   */
  SampleBlock coins(CoinSource coins, double rate) {
    int d = rows.dimension();
    SampleBlock.Builder out = new SampleBlock.Builder(d, rows.rows());
    double[] x = new double[d];
    for (int i = 0; i < rows.rows(); i++) {
      if (Rounding.keeps(coins.uniform(first + i), rate)) {
        rows.copyRow(i, x, 0);
        out.add(x, 1.0);
      }
    }
    return out.isEmpty() ? null : out.build();
  }

  /**
   * This block's rows whose record numbers are among {@code kept} (increasing), renumbered by their position in
   * {@code kept}: consecutive again, since the block's numbers are. Null when none is kept.
   */
  RecordBlock restrict(long[] kept) {
    int from = lowerBound(kept, first);
    int to = lowerBound(kept, end());
    if (from == to) {
      return null;
    }
    return new RecordBlock(from, gather(kept, null, from, to));
  }

  /** The first index of {@code sorted} (distinct, increasing) whose value is at least {@code value}. */
  static int lowerBound(long[] sorted, long value) {
    int i = Arrays.binarySearch(sorted, value);
    return i >= 0 ? i : -i - 1;
  }
}
