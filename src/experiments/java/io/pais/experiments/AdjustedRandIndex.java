package io.pais.experiments;

import io.pais.math.Checks;
import java.util.HashMap;
import java.util.Map;

/**
 * The adjusted Rand index of two labellings of the same points (Hubert and Arabie 1985): 1 for the same partition,
 * about 0 for independent ones, negative below chance. Computed from the contingency table's pair counts.
 */
final class AdjustedRandIndex {
  private AdjustedRandIndex() {}

  static double of(int[] truth, int[] predicted) {
    Checks.require(truth.length == predicted.length, "both labellings must cover the same points, got "
        + truth.length + " and " + predicted.length);
    Map<Long, Long> cells = new HashMap<>();
    Map<Integer, Long> rows = new HashMap<>();
    Map<Integer, Long> columns = new HashMap<>();
    for (int i = 0; i < truth.length; i++) {
      cells.merge(((long) truth[i] << 32) ^ (predicted[i] & 0xffffffffL), 1L, Long::sum);
      rows.merge(truth[i], 1L, Long::sum);
      columns.merge(predicted[i], 1L, Long::sum);
    }
    double index = cells.values().stream().mapToDouble(AdjustedRandIndex::pairs).sum();
    double a = rows.values().stream().mapToDouble(AdjustedRandIndex::pairs).sum();
    double b = columns.values().stream().mapToDouble(AdjustedRandIndex::pairs).sum();
    double expected = a * b / pairs(truth.length);
    double max = (a + b) / 2;
    if (max == expected) { // both partitions trivial (one cluster each, or every point alone): identical
      return 1;
    }
    return (index - expected) / (max - expected);
  }

  private static double pairs(long n) {
    return n * (n - 1) / 2.0;
  }
}
