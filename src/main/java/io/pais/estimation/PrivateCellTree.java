package io.pais.estimation;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.SubsampleAmplification;
import io.pais.math.Checks;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The noisy cell tree of the private coreset. The cells of {@link CellSchedule} are grouped {@link #BITS_PER_LEVEL}
 * splits to a level, L levels deep (at most {@link #LEVELS}; the coreset's shares choose L from d,
 * {@link BudgetAllocation.CoresetShares#treeLevels}). Conceptually every cell of levels 1 … L gets its count plus
 * Laplace noise; a point is in one cell per level, so the whole tree has ℓ1 sensitivity L (2L under substitution)
 * and each count gets scale L/ε. Cells below level L are never counted: their splits are in the schedule, not in the
 * release. Only the children of heavy cells (noisy count ≥ τ) are looked
 * at — a lazy evaluation of the same mechanism, so what is released (which cells are heavy, their noisy counts) is
 * post-processing of it, and the cost is ε whatever the walk reads. The root's count is the public n̂.
 *
 * <p>Every point then belongs to one region: its deepest heavy cell, less that cell's heavy children. A region's
 * count is its cell's noisy count less its heavy children's (post-processing); regions below τ are dropped.
 */
public final class PrivateCellTree {
  /** Splits per level: each heavy cell has 2^2 = 4 children. */
  public static final int BITS_PER_LEVEL = BudgetAllocation.CoresetShares.TREE_SPLITS_PER_LEVEL;
  /** Levels below the root the cells' keys hold: a tree is at most 40 splits deep. */
  public static final int LEVELS = BudgetAllocation.CoresetShares.MAX_TREE_LEVELS;
  /** Splits in the schedule. */
  public static final int DEPTH = BITS_PER_LEVEL * LEVELS;
  /** Exact counts fetched per pass at most (cells below the live ones): bounds the driver's memory. */
  static final int MAX_CELLS_PER_PASS = 1 << 20;
  /** The key of the root cell (a leading 1 bit before a cell's path bits). */
  public static final long ROOT = 1L;

  private PrivateCellTree() {}

  /** The key of the level-{@code level} ancestor of a full-depth cell. */
  public static long key(long cell, int level) {
    return (1L << (level * BITS_PER_LEVEL)) | (cell >>> ((LEVELS - level) * BITS_PER_LEVEL));
  }

  /** The exact counts the walk reads (computed over the data by the caller). */
  @FunctionalInterface
  public interface Counter {
    /**
     * The exact counts of the cells at levels {@code from + 1 … to} that lie below one of {@code live} (keys at level
     * {@code from}, ascending), as a lookup from a cell's key to its count (0 for a cell without points).
     */
    LongUnaryOperator count(long[] live, int from, int to);
  }

  /**
   * The released regions: the heavy cells (a point's region is its deepest heavy cell) and, for each heavy cell, the
   * index of its region among the kept ones (−1: its region fell below τ).
   */
  public record Regions(Map<Long, Integer> heavy, double[] counts) implements Serializable {
    public Regions {
      heavy = Map.copyOf(heavy);
      counts = counts.clone();
    }

    /** The number of kept regions. */
    public int size() {
      return counts.length;
    }

    /** The box of each kept region's cell (its deepest heavy cell) in {@code schedule}, by region index. */
    public CellBox[] boxes(CellSchedule schedule) {
      CellBox[] boxes = new CellBox[counts.length];
      for (Map.Entry<Long, Integer> e : heavy.entrySet()) {
        if (e.getValue() >= 0) {
          long key = e.getKey();
          int splits = 63 - Long.numberOfLeadingZeros(key); // the bits below the leading 1
          boxes[e.getValue()] = schedule.box(key & ~(1L << splits), splits);
        }
      }
      return boxes;
    }

    /** The kept region of a full-depth cell, or −1. */
    public int indexOf(long cell) {
      for (int level = LEVELS; level >= 0; level--) {
        Integer index = heavy.get(key(cell, level));
        if (index != null) {
          return index;
        }
      }
      throw new IllegalStateException("the root is always heavy");
    }
  }

  /**
   * The Laplace scale of every cell's count for a tree of {@code levels} levels recorded at {@code epsilon}: L/ε′,
   * doubled under substitution, with ε′ the noise ε of {@code amplification}.
   */
  public static double countScale(int levels, double epsilon, SubsampleAmplification amplification,
      PrivacyLedger ledger) {
    return ledger.relation().sensitivityFactor() * (double) levels / amplification.noiseEpsilon(epsilon);
  }

  /**
   * Walks the tree from the root, at most {@code levels} levels deep, and releases the regions.
   *
   * @param levels L, the levels counted (and the tree's sensitivity), at most {@link #LEVELS}
   * @param rootCount n̂ (public; on a subsample, its expected size)
   * @param threshold τ: a cell is heavy, and a region kept, when its noisy count is at least τ
   * @param epsilon the ε the ledger records
   * @param amplification the subsample the counts are taken over, which sets the noise for a larger ε
   */
  public static Regions release(Counter counter, int levels, double rootCount, double threshold, double epsilon,
      SubsampleAmplification amplification, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("counter", counter);
    Checks.require(levels >= 1 && levels <= LEVELS, "levels of the cell tree must be in [1, " + LEVELS + "], got "
        + levels);
    Checks.positive("rootCount (n)", rootCount);
    Checks.positive("threshold", threshold);
    Checks.positive("epsilon of the cell tree", epsilon);
    double scale = countScale(levels, epsilon, amplification, ledger);
    ledger.spend(new LedgerEntry(LedgerStage.INIT_CELL_TREE, String.format(Locale.ROOT, "discrete Laplace counts (on "
        + "a lattice) of the cells of a %d-level tree of %d-way splits of a public box; only heavy cells (noisy count "
        + ">= %.6g) are split further", levels, 1 << BITS_PER_LEVEL, threshold) + amplification.note(), epsilon, 0,
        String.format(Locale.ROOT, "l1 %d (one cell per level%s)", ledger.relation().sensitivityFactor() * levels,
            ledger.relation().sensitivityFactor() == 2 ? ", for the record out and the record in" : ""),
        String.format(Locale.ROOT, "%.6g per cell", scale), "which cells are heavy and their noisy counts"));
    LatticeLaplace noise = LatticeNoise.count(scale);
    Map<Long, Double> heavy = new HashMap<>();
    heavy.put(ROOT, rootCount);
    long[] live = {ROOT}; // ascending keys: children are appended in order, so the noise is drawn in a fixed order
    int level = 0;
    while (level < levels && live.length > 0) {
      int to = Math.min(levels, level + levelsPerPass(live.length));
      LongUnaryOperator exact = counter.count(live, level, to);
      for (int l = level + 1; l <= to && live.length > 0; l++) {
        List<Long> next = new ArrayList<>();
        for (long parent : live) {
          for (long branch = 0; branch < 1L << BITS_PER_LEVEL; branch++) {
            long child = (parent << BITS_PER_LEVEL) | branch;
            double noisy = noise.release(exact.applyAsLong(child), rng);
            if (noisy >= threshold) {
              heavy.put(child, noisy);
              next.add(child);
            }
          }
        }
        live = next.stream().mapToLong(Long::longValue).toArray();
      }
      level = to;
    }
    return regions(heavy, threshold);
  }

  /** Levels one pass fetches: as many as keep the cells below the live ones under {@link #MAX_CELLS_PER_PASS}. */
  static int levelsPerPass(int live) {
    int levels = 1;
    long cells = (long) live << BITS_PER_LEVEL;
    while (levels < LEVELS) {
      long deeper = cells + ((long) live << (BITS_PER_LEVEL * (levels + 1)));
      if (deeper > MAX_CELLS_PER_PASS) {
        break;
      }
      cells = deeper;
      levels++;
    }
    return levels;
  }

  /** Each heavy cell's region count (its noisy count less its heavy children's); kept when at least τ. */
  static Regions regions(Map<Long, Double> heavy, double threshold) {
    Map<Long, Double> remainder = new HashMap<>(heavy);
    for (Map.Entry<Long, Double> e : heavy.entrySet()) {
      if (e.getKey() != ROOT) {
        remainder.merge(e.getKey() >>> BITS_PER_LEVEL, -e.getValue(), Double::sum);
      }
    }
    long[] keys = heavy.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
    Map<Long, Integer> index = new HashMap<>();
    List<Double> counts = new ArrayList<>();
    for (long key : keys) {
      double count = remainder.get(key);
      if (count >= threshold) {
        index.put(key, counts.size());
        counts.add(count);
      } else {
        index.put(key, -1);
      }
    }
    return new Regions(index, counts.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
