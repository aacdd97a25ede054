package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.SubsampleAmplification;
import io.pais.math.Checks;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The private coreset's grid in few dimensions: a noisy histogram over one level of a {@link CellSchedule}, the 4^ℓ
 * cells of its first 2ℓ splits. The cells partition the space (points beyond the box belong to the boundary cells),
 * so adding or removing one point moves one count by 1: ℓ1 sensitivity 1 (2 under substitution, a point out of one
 * cell and one into another), and every cell's count gets discrete Laplace noise of scale Δ/ε — every cell, drawn in
 * key order, whether or not it holds points. Which cells are kept (noisy count at least τ) and the cells' public
 * middles as coreset points are post-processing. Against the cell tree ({@link PrivateCellTree}) of L levels and its
 * region sums, each count is L times less noisy and no ε goes to sums, which is what a cluster of a hundred points
 * needs at n̂·ε/(k·d) of 50; the price is a fixed resolution, which only few dimensions can afford.
 *
 * <p>The level ℓ is chosen from public values (n̂ and the noise scale): the finest at which the average cell holds at
 * least {@link #DENSITY} of τ. τ = scale·max(3, ln 4^ℓ): a cell with no point is kept with probability
 * e^(−τ/scale)/2, so the empty cells kept number at most a half in expectation, and a kept cell's count is three
 * noise scales clear of zero.
 */
public final class PrivateGrid {
  /**
   * ρ: the grid is the finest whose average cell holds at least ρ·τ points. On the generalisation benchmark's 20 cells
   * with d ≤ 2 (11 seeds, ε = 1; docs/results/history.md, "A grid for the coreset in few dimensions") 0.1, 0.2 and 0.4
   * gave geometric means of cost / floor of 1.437, 1.385 and 1.387 (the cell tree's: 1.603).
   */
  public static final double DENSITY = 0.2;
  /** The least τ in noise scales (as the cell tree's {@code PrivateCoreset.THRESHOLD_FACTOR}). */
  static final double MIN_THRESHOLD_SCALES = 3;
  /** The deepest grid: 4^9 = 262,144 cells, each count drawn on the driver (a performance bound). */
  public static final int MAX_LEVELS = 9;

  private PrivateGrid() {}

  /**
   * The kept cells: their paths (the 2ℓ split bits, the first split highest, as {@link CellSchedule#cell} reads them)
   * and noisy counts.
   *
   * @param paths the kept cells' paths, ascending
   * @param counts their noisy counts, each at least τ
   * @param levels ℓ
   */
  public record Cells(long[] paths, double[] counts, int levels) {
    public Cells {
      Checks.notNull("paths", paths);
      Checks.notNull("counts", counts);
      Checks.require(paths.length == counts.length, "paths and counts must have one entry per cell, got "
          + paths.length + " and " + counts.length);
      paths = paths.clone();
      counts = counts.clone();
    }

    /** The number of kept cells. */
    public int size() {
      return counts.length;
    }

    /** The splits the grid's cells are made of, 2ℓ. */
    public int splits() {
      return levels * PrivateCellTree.BITS_PER_LEVEL;
    }
  }

  /**
   * The Laplace scale of every count recorded at {@code epsilon}: Δ/ε′, with ε′ the noise ε of amplification — a
   * one-level cell tree's ({@link PrivateCellTree#countScale}).
   */
  public static double countScale(double epsilon, SubsampleAmplification amplification, PrivacyLedger ledger) {
    return PrivateCellTree.countScale(1, epsilon, amplification, ledger);
  }

  /** τ of a grid of {@code levels} levels at {@code scale}: scale·max(3, ln 4^ℓ). */
  public static double threshold(int levels, double scale) {
    Checks.positive("scale of the grid's counts", scale);
    return scale * Math.max(MIN_THRESHOLD_SCALES, levels * PrivateCellTree.BITS_PER_LEVEL * Math.log(2));
  }

  /**
   * ℓ: the finest level up to {@code maxLevels} at which {@code count} points (n̂, public) over 4^ℓ cells hold at least
   * {@link #DENSITY}·τ a cell, at least 1.
   */
  public static int levels(double count, int maxLevels, double scale) {
    Checks.positive("count (n)", count);
    int levels = requireLevels(maxLevels);
    while (levels > 1 && count / Math.scalb(1.0, levels * PrivateCellTree.BITS_PER_LEVEL)
        < DENSITY * threshold(levels, scale)) {
      levels--;
    }
    return levels;
  }

  /**
   * Releases the noisy counts of the 4^ℓ cells of level {@code levels} and keeps those at least τ
   * ({@link #threshold}).
   *
   * @param exact the exact count of a cell by its key at level ℓ ({@link PrivateCellTree#key}; never published)
   * @param epsilon the ε the ledger records
   * @param amplification the subsample the counts are taken over, which sets the noise for a larger ε
   */
  public static Cells release(LongUnaryOperator exact, int levels, double epsilon,
      SubsampleAmplification amplification, PrivacyLedger ledger, UniformRandomProvider rng) {
    Checks.notNull("exact", exact);
    requireLevels(levels);
    Checks.positive("epsilon of the grid", epsilon);
    double scale = countScale(epsilon, amplification, ledger);
    double threshold = threshold(levels, scale);
    int splits = levels * PrivateCellTree.BITS_PER_LEVEL;
    int sensitivity = ledger.relation().sensitivityFactor();
    ledger.spend(new LedgerEntry(LedgerStage.INIT_GRID, String.format(Locale.ROOT, "discrete Laplace counts (on "
        + "a lattice) of the %d cells of a grid (%d splits) of a public box; cells with noisy count >= %.6g are "
        + "kept", 1L << splits, splits, threshold) + amplification.note(), epsilon, 0,
        String.format(Locale.ROOT, "l1 %d (the cells partition the points%s)", sensitivity,
            sensitivity == 2 ? "; the record out and the record in" : ""),
        String.format(Locale.ROOT, "%.6g per cell", scale), "which cells are kept and their noisy counts"));
    LatticeLaplace noise = LatticeNoise.count(scale);
    long[] paths = new long[16];
    double[] counts = new double[16];
    int kept = 0;
    for (long path = 0; path < 1L << splits; path++) {
      double noisy = noise.release(exact.applyAsLong((1L << splits) | path), rng);
      if (noisy >= threshold) {
        if (kept == paths.length) {
          paths = Arrays.copyOf(paths, 2 * kept);
          counts = Arrays.copyOf(counts, 2 * kept);
        }
        paths[kept] = path;
        counts[kept++] = noisy;
      }
    }
    return new Cells(Arrays.copyOf(paths, kept), Arrays.copyOf(counts, kept), levels);
  }

  private static int requireLevels(int levels) {
    Checks.require(levels >= 1 && levels <= MAX_LEVELS, "levels of the grid must be in [1, " + MAX_LEVELS
        + "], got " + levels);
    return levels;
  }
}
