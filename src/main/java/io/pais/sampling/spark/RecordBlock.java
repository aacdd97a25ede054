package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import io.pais.math.Checks;
import io.pais.math.Rounding;
import io.pais.sampling.ChunkedDraw;
import io.pais.sampling.ChunkedDraw.Chunks;
import io.pais.sampling.CoinSource;
import java.io.Serializable;

/**
 * A block of consecutive records: rows {@code first}, first + 1, … of the dense record numbering, each with weight
 * 1. A uniform scheme's sample of an iteration is read off it: a chunked draw's records in the block's range with
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
   * The drawn rows of this block, weighted by their copies (the cursor's arrays, one per chunk the block meets); null
   * when the draw has none here.
   */
  SampleBlock select(ChunkCursor copies) {
    SampleBlock.Builder out = new SampleBlock.Builder(rows.dimension(), rows.rows());
    double[] x = new double[rows.dimension()];
    visit(copies, (values, i) -> values[i], (row, count) -> {
      rows.copyRow(row, x, 0);
      out.add(x, count);
    });
    return out.isEmpty() ? null : out.build();
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
   * This block's rows that stage I keeps (without replacement: a record's slot count is 0 or 1), renumbered by their
   * rank among all kept records — consecutive again, since the block's numbers are. Null when none is kept.
   *
   * @param keptBefore per chunk, {@link #keptBefore} of its slots
   * @param stageOne the stage I whose slots these are
   */
  RecordBlock restrict(ChunkCursor keptBefore, ChunkedDraw.StageOne stageOne) {
    Chunks chunks = keptBefore.chunks();
    SampleBlock.Builder out = new SampleBlock.Builder(rows.dimension(), rows.rows());
    double[] x = new double[rows.dimension()];
    long[] firstKept = {-1};
    visit(keptBefore, (before, i) -> before[i + 1] - before[i], (row, kept) -> {
      if (firstKept[0] < 0) {
        long record = first + row;
        int j = chunks.chunkOf(record);
        firstKept[0] = stageOne.slotsBefore(j) + keptBefore.of(j)[(int) (record - chunks.first(j))];
      }
      rows.copyRow(row, x, 0);
      out.add(x, 1.0);
    });
    return out.isEmpty() ? null : new RecordBlock(firstKept[0], out.build());
  }

  /**
   * A chunk's stage I slots per record as the number of kept records before each, and the chunk's total at the end.
   */
  static long[] keptBefore(long[] slots) {
    long[] before = new long[slots.length + 1];
    for (int i = 0; i < slots.length; i++) {
      Checks.require(slots[i] <= 1, "a restricted stage I keeps each record at most once");
      before[i + 1] = before[i] + slots[i];
    }
    return before;
  }

  /** A record's count read off its chunk's array. */
  private interface CountOf {
    long count(long[] chunkValues, int indexInChunk);
  }

  /** A row's index in this block and its positive count. */
  private interface RowVisitor {
    void accept(int row, long count);
  }

  /** Visits this block's rows whose count (read off the cursor's arrays) is positive, in order. */
  private void visit(ChunkCursor values, CountOf countOf, RowVisitor visitor) {
    Chunks chunks = values.chunks();
    long record = first;
    while (record < end()) {
      int j = chunks.chunkOf(record);
      long[] chunkValues = values.of(j);
      long chunkFirst = chunks.first(j);
      long stop = Math.min(end(), chunkFirst + chunks.length(j));
      for (; record < stop; record++) {
        long count = countOf.count(chunkValues, (int) (record - chunkFirst));
        if (count > 0) {
          visitor.accept((int) (record - first), count);
        }
      }
    }
  }
}
