package io.pais.initialisation;

import io.pais.estimation.PrivateCellTree;
import java.io.Serializable;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * Counts of cells as two parallel arrays, keys ascending. Keys of deeper levels are larger (a key's leading bit
 * marks its level), so the levels' runs, appended level by level, stay in order.
 */
record CellCounts(long[] keys, long[] counts) implements LongUnaryOperator, Serializable {
  /**
   * The counts of the cells at levels from + 1 … to of the full-depth {@code cells}. One sort: a level's key is a
   * prefix of the full-depth cell, so the sorted cells are sorted at every level, and each level's counts are its
   * runs.
   */
  static CellCounts of(long[] cells, int from, int to) {
    long[] sorted = cells.clone();
    Arrays.sort(sorted);
    long[] outKeys = new long[Math.max(16, 2 * (to - from))];
    long[] outCounts = new long[outKeys.length];
    int size = 0;
    for (int level = from + 1; level <= to; level++) {
      for (int i = 0; i < sorted.length; ) {
        long key = PrivateCellTree.key(sorted[i], level);
        int run = i + 1;
        while (run < sorted.length && PrivateCellTree.key(sorted[run], level) == key) {
          run++;
        }
        if (size == outKeys.length) {
          outKeys = Arrays.copyOf(outKeys, 2 * size);
          outCounts = Arrays.copyOf(outCounts, 2 * size);
        }
        outKeys[size] = key;
        outCounts[size++] = run - i;
        i = run;
      }
    }
    return new CellCounts(Arrays.copyOf(outKeys, size), Arrays.copyOf(outCounts, size));
  }

  /** The counts of both, a key in both summed (a merge of the sorted arrays). */
  static CellCounts merge(CellCounts a, CellCounts b) {
    long[] keys = new long[a.keys.length + b.keys.length];
    long[] counts = new long[keys.length];
    int i = 0;
    int j = 0;
    int size = 0;
    while (i < a.keys.length || j < b.keys.length) {
      if (j == b.keys.length || i < a.keys.length && a.keys[i] < b.keys[j]) {
        keys[size] = a.keys[i];
        counts[size++] = a.counts[i++];
      } else if (i == a.keys.length || b.keys[j] < a.keys[i]) {
        keys[size] = b.keys[j];
        counts[size++] = b.counts[j++];
      } else {
        keys[size] = a.keys[i];
        counts[size++] = a.counts[i++] + b.counts[j++];
      }
    }
    return new CellCounts(Arrays.copyOf(keys, size), Arrays.copyOf(counts, size));
  }

  @Override
  public long applyAsLong(long key) {
    int at = Arrays.binarySearch(keys, key);
    return at >= 0 ? counts[at] : 0;
  }
}
