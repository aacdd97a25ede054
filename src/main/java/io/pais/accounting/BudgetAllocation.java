package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.Rounding;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The one place where a release's ε is split into the shares of its stages (SPEC §13), from public settings and,
 * for an auto init share ({@link InitShare.Auto}), the DP estimate n̂: the sum check runs before any data is read,
 * on the largest share auto may choose, and the share itself is chosen once n̂ is known, before the private
 * coreset and DP-Lloyd spend (the DP centre and histogram, which n̂ comes from, do not depend on it). A stage that
 * is not needed (a public centre, no histogram, a data-independent start) gets nothing; DP-Lloyd gets the rest, the
 * target less the exact sum of the others rounded down, so that the
 * ledger's total is at most the target to the last ulp. Each stage receives its ε from here and records it in the
 * {@link PrivacyLedger}; none multiplies ε itself. In paper mode DP-Lloyd is the only stage and gets all of ε.
 *
 * @param epsilon the target ε of the release
 * @param centre the DP centre's ε (0: not run)
 * @param histogram the DP norm histogram's ε (0: not run)
 * @param initialisation the private coreset's mechanisms (all 0: not run)
 * @param subspace the start in a random subspace's ε, where an auto init share runs no coreset (0: not run;
 *     {@link InitShare.Auto#subspaceShare})
 * @param summary the private training summary's two mechanisms (both 0: not run)
 * @param selection the k selection's ε, split evenly between its candidate releases (0: not run)
 * @param lloyd DP-Lloyd's ε: the rest
 * @param lloydDelta DP-Lloyd's δ (the uniform schemes; the other stages are pure)
 * @param pointsPerCell n̂·ε/(k·d) of a strict release that estimated n̂, ε what its own stages share (empty: not
 *     known); public values and a DP estimate, which the shares and DP-Lloyd's plan read
 */
public record BudgetAllocation(double epsilon, double centre, double histogram, CoresetShares initialisation,
    double subspace, SummaryShares summary, double selection, double lloyd, double lloydDelta,
    OptionalDouble pointsPerCell) {

  /**
   * The shares of ε a strict release's settings give its stages, checked on construction; a stage that does not run
   * spends nothing of its share.
   *
   * @param centre the DP centre's share, in (0, 1)
   * @param histogram the DP norm histogram's share, in (0, 1)
   * @param init the private coreset's share: in (0, 1), or auto
   * @param summary the private training summary's share, in [0, 1) (0: no summary)
   * @param selection the k selection's share (its candidate releases together), in (0, 1)
   */
  public record Shares(double centre, double histogram, InitShare init, double summary, double selection)
      implements Serializable {
    public Shares {
      Checks.require(centre > 0 && centre < 1, "budget-centre must be in (0, 1), got " + centre);
      Checks.require(histogram > 0 && histogram < 1, "budget-histogram must be in (0, 1), got " + histogram);
      Checks.notNull("budget-init", init);
      Checks.require(summary >= 0 && summary < 1, "budget-summary must be in [0, 1) (0: no summary), got "
          + summary);
      Checks.require(selection > 0 && selection < 1, "budget-k-selection must be in (0, 1), got " + selection);
      Checks.require(centre + histogram + summary < 1, "budget-centre + budget-histogram + budget-summary must be < 1 "
          + "(DP-Lloyd needs the rest), got " + (centre + histogram + summary));
    }

    /**
     * The one check across the shares of the stages that run (the private coreset and the k selection when their
     * settings ask for them): they leave DP-Lloyd a positive rest, with the largest init share auto may choose.
     */
    public Shares require(boolean initialisation, boolean tailAxes, boolean kSelection) {
      double all = centre + histogram + summary + (initialisation ? init.largest() : 0)
          + (initialisation && tailAxes ? CoresetShares.TAIL_AXES_SHARE : 0) + (kSelection ? selection : 0);
      String initName = (init instanceof InitShare.Auto ? " + budget-init (auto: up to " + init.largest() + ")"
          : " + budget-init") + (tailAxes ? " + " + CoresetShares.TAIL_AXES_SHARE + " (the coreset's tail axes)" : "");
      String names = "budget-centre + budget-histogram" + (initialisation ? initName : "") + " + budget-summary"
          + (kSelection ? " + budget-k-selection" : "");
      String with = initialisation && kSelection ? " with init private-coreset and k candidates"
          : initialisation ? " with init private-coreset" : kSelection ? " with k candidates" : "";
      Checks.require(all < 1, names + " must be < 1" + with + " (DP-Lloyd needs the rest), got " + all);
      return this;
    }
  }

  /**
   * The private coreset's split of its share and the depth of its cell tree. The spreads take 10 %. The cell tree is
   * {@link #TREE_SPLITS_PER_COORDINATE} splits a coordinate deep, at most {@link #MAX_TREE_LEVELS} levels
   * ({@link #treeLevels}). A tree of that full depth (d ≥ 7) and the region sums take 45 % each, chosen with a
   * prototype of the strict pipeline on the utility sets (see {@code PrivateCoreset}). A shallower tree (L = 3d levels,
   * 4 ≤ d ≤ 6) and the sums split the 90 % as L : d, the ratio of their sensitivities, so that the tree's count noise
   * Δ·L/ε_tree and the sums' Δ·d/ε_sums, whose larger sets the coreset's threshold τ, are equal. In at most
   * {@link #GRID_MAX_DIMENSION} dimensions, and in at most {@link #SPARSE_GRID_MAX_DIMENSION} where the budget per
   * centre is little ({@link #countsAGrid}), the 90 % go to a grid of noisy counts, no sums ({@link #grid}); an
   * allocation made before d is known (which only checks the sum of the shares) splits as the full-depth tree does. The
   * tail axes ({@code io.pais.estimation.PrivateTailAxes}) take {@value #TAIL_COUNTS_SHARE} of the release's ε for the
   * bands' counts and {@value #TAIL_POSITIONS_SHARE} for the heavy bands' positions, from DP-Lloyd's rest rather than
   * from the init share.
   *
   * <p>Measured at ε = 1, 3 seeds (docs/results/generalisation.md, "Generalisation", the cell tree's depth and split):
   * on the generalisation benchmark's 20 cells with d ≤ 3 the 40-split tree at 45 % / 45 % kept a cell only from about
   * 3·20/(0.45·ε_i) points on, 440 at ε_i = 0.3, more than any cluster of the 2-d cells with 15–50 clusters held, whose
   * starts then came mostly from the ball (geometric mean of cost / floor 2.07). The 12-split tree took it to 1.78 at
   * 45 % / 45 %, and with the tree's part of the 90 % at 0.6, 0.75 (L : d) and 0.85 to 1.76, 1.53 and 1.86. On the
   * utility benchmark's sets (d = 8–54, large n̂) the balanced split of a full-depth tree (71 % at d = 8) cost up to
   * 16 % (cod-rna 1.004 → 1.164 at ε = 1): there τ does not bind and the sums' precision does.
   *
   * @param spreads the per-coordinate spreads' ε
   * @param tree the cell tree's ε, or the grid's
   * @param treeLevels the cell tree's levels, L, or the grid's most (0: not run)
   * @param sums the region sums' ε (0 with a positive tree: the grid)
   * @param tailCounts the tail axes' band counts' ε (0: not run)
   * @param tailPositions the tail axes' position sums' ε (0: not run)
   */
  public record CoresetShares(double spreads, double tree, int treeLevels, double sums, double tailCounts,
      double tailPositions) {
    static final double SPREAD_SHARE = 0.10;
    /** The 20-level tree's share: as much as the sums'. */
    static final double TREE_SHARE = 0.45;
    /** Splits of a level of the cell tree: each heavy cell has 2^2 = 4 children. */
    public static final int TREE_SPLITS_PER_LEVEL = 2;
    /** The deepest cell tree: 20 levels, 40 splits (a cell's key holds its path in a long). */
    public static final int MAX_TREE_LEVELS = 20;
    /**
     * Splits per coordinate the cell tree makes at most, 2^6 = 64 cells across ±3 spreads: a cell a tenth of a spread
     * wide resolves clusters far smaller than the data's spread, and each further level raises the count noise and
     * τ. Only d ≤ 6 trees are shallower than {@link #MAX_TREE_LEVELS}. On the generalisation benchmark's 20 cells
     * with d ≤ 3 (3 seeds, ε = 1, with the L : d split) 4, 5, 6 and 8 gave geometric means of cost / floor of 1.62,
     * 1.61, 1.53 and 1.79, against 2.07 for the 40-split tree (docs/results/generalisation.md, "Generalisation").
     */
    public static final int TREE_SPLITS_PER_COORDINATE = 6;
    /**
     * The most dimensions the coreset counts a grid in (90 % of its share; {@code io.pais.estimation.PrivateGrid})
     * instead of the cell tree and its region sums: at most 6 splits a coordinate, 4,096 cells in 2-d and 262,144 in
     * 3-d. On the generalisation benchmark's 20 cells with d ≤ 2 (11 seeds, ε = 1) it took the geometric mean of cost /
     * floor from 1.603 to 1.385, none higher (many-31 4.33 → 1.98, a1 1.77 → 1.22); on the utility benchmark's skin
     * (d = 3; 5 seeds, 16 cells) every median was within or below its committed quartiles (ε = 0.5: 0.979 → 0.948)
     * (docs/results/history.md, "A grid for the coreset in few dimensions"). Up to {@link #SPARSE_GRID_MAX_DIMENSION}
     * dimensions where the budget per centre is little.
     */
    public static final int GRID_MAX_DIMENSION = 3;
    /**
     * The most dimensions the coreset counts a grid in where the budget per centre n̂·ε/(k·d) is below
     * {@link InitShare.Auto#SPARSE_BELOW} (where the init share is the larger one): there a cluster holds few points
     * for the cell tree's threshold, and the grid's counts, L times less noisy, find it; with more budget the tree's
     * noisy region means place the start more precisely than the grid's coarse cells (in 4–8 dimensions at most 18
     * splits). Chosen on mixtures in 3 to 12 dimensions (the generalisation benchmark's {@code mid-d} group, 7 seeds at
     * ε = 0.5, 1, 3), the first 5 and 7 coordinates of four utility sets (5 seeds at ε = 0.5–10) and the utility
     * benchmark's 8-d sets. Below 150 the mixtures' runs fell to 0.72 of the tree's at ε = 0.5 and 0.92 at ε = 1
     * (none higher at ε ≤ 1; one by 1.8 % at ε = 3); the grid at every budget in d ≤ 8 cost the real slices up to
     * 27 % (magic's first 5 coordinates at n̂·ε/(k·d) = 185) and htru2 up to 8 % (the box, ε = 10) where the budget
     * was 150 or more, and in d ≤ 12 a generalisation cell 14 % (docs/results/history.md, "The grid up to eight
     * dimensions where the budget per centre is little").
     */
    public static final int SPARSE_GRID_MAX_DIMENSION = 8;
    /**
     * The tail axes' counts' share of the release's ε: at ε = 0.5, a scale of 50 a band and a threshold near 500
     * points (kddcup99's 934-point group lies in one band; docs/results/history.md, "Tail axes").
     */
    public static final double TAIL_COUNTS_SHARE = 0.04;
    /**
     * The heavy bands' position sums' share of the release's ε: a band's position is off by about Δ/(ε_p·ñ) of its
     * octave, a tenth for 1,000 points at ε = 1 (docs/results/history.md, "Tail axes").
     */
    public static final double TAIL_POSITIONS_SHARE = 0.01;
    /** What the tail axes take from the release's ε, counts and positions together. */
    public static final double TAIL_AXES_SHARE = TAIL_COUNTS_SHARE + TAIL_POSITIONS_SHARE;
    /**
     * The largest d the tail axes run at: the norm histogram's scan counts 2d × 129 bands a task (2 MB at d = 1,024).
     */
    public static final int TAIL_AXES_MAX_DIMENSION = 1024;
    static final CoresetShares NONE = new CoresetShares(0, 0, 0, 0, 0, 0);

    public CoresetShares {
      Checks.require(treeLevels >= 0 && treeLevels <= MAX_TREE_LEVELS, "treeLevels must be in [0, "
          + MAX_TREE_LEVELS + "], got " + treeLevels);
      Checks.require((tree > 0) == (treeLevels > 0), "the cell tree needs both its epsilon and its levels, got "
          + "epsilon " + tree + " and " + treeLevels + " levels");
    }

    /**
     * The coreset's shares of {@code epsilon} in {@code dimension} (empty: not known yet) at n̂·ε/(k·d) =
     * {@code pointsPerCell} (empty: not known; a DP estimate and public values, so the choice of the grid is
     * post-processing), with the tail axes' shares of the release's {@code releaseEpsilon}.
     */
    static CoresetShares of(double epsilon, double releaseEpsilon, boolean tailAxes, OptionalInt dimension,
        OptionalDouble pointsPerCell) {
      int levels = dimension.isPresent() ? treeLevels(dimension.getAsInt()) : MAX_TREE_LEVELS;
      double tree = epsilon * TREE_SHARE;
      double sums = epsilon * (1 - SPREAD_SHARE - TREE_SHARE);
      if (dimension.isPresent() && countsAGrid(dimension.getAsInt(), pointsPerCell)) {
        tree = epsilon * (1 - SPREAD_SHARE);
        sums = 0;
      } else if (levels < MAX_TREE_LEVELS) {
        double treeAndSums = epsilon * (1 - SPREAD_SHARE);
        tree = treeAndSums * levels / (levels + dimension.getAsInt());
        sums = treeAndSums * dimension.getAsInt() / (levels + dimension.getAsInt());
      }
      return new CoresetShares(epsilon * SPREAD_SHARE, tree, levels, sums,
          tailAxes ? releaseEpsilon * TAIL_COUNTS_SHARE : 0, tailAxes ? releaseEpsilon * TAIL_POSITIONS_SHARE : 0);
    }

    /**
     * Whether the coreset counts a grid in {@code dimension} at n̂·ε/(k·d) = {@code pointsPerCell} (empty: not known):
     * in at most {@link #GRID_MAX_DIMENSION} dimensions, and in at most {@link #SPARSE_GRID_MAX_DIMENSION} where the
     * budget per centre is below {@link InitShare.Auto#SPARSE_BELOW}.
     */
    static boolean countsAGrid(int dimension, OptionalDouble pointsPerCell) {
      return dimension <= GRID_MAX_DIMENSION || (dimension <= SPARSE_GRID_MAX_DIMENSION && pointsPerCell.isPresent()
          && pointsPerCell.getAsDouble() < InitShare.Auto.SPARSE_BELOW);
    }

    /**
     * The cell tree's levels in {@code dimension}: {@link #TREE_SPLITS_PER_COORDINATE} splits a coordinate, at most
     * {@link #MAX_TREE_LEVELS}.
     */
    public static int treeLevels(int dimension) {
      Checks.positive("dimension", dimension);
      long splits = (long) TREE_SPLITS_PER_COORDINATE * dimension;
      return (int) Math.min(MAX_TREE_LEVELS, (splits + TREE_SPLITS_PER_LEVEL - 1) / TREE_SPLITS_PER_LEVEL);
    }

    /**
     * Whether the coreset is the grid ({@code io.pais.estimation.PrivateGrid}, at most {@link #treeLevels} levels),
     * which takes the tree's share and has no sums ({@link #countsAGrid}).
     */
    public boolean grid() {
      return tree > 0 && sums == 0;
    }

    /** Whether the tail axes run. */
    public boolean tailAxes() {
      return tailCounts > 0;
    }

    /** Whether the coreset runs. */
    public boolean runs() {
      return tree > 0;
    }
  }

  /**
   * The private training summary's split of its share: half for the cluster sizes, half for the training cost (see
   * {@code io.pais.estimation.PrivateTrainingSummary}).
   *
   * @param sizes the noisy cluster sizes' ε
   * @param cost the noisy training cost's ε
   */
  public record SummaryShares(double sizes, double cost) {
    static final double SIZES_SHARE = 0.5;
    static final SummaryShares NONE = new SummaryShares(0, 0);

    static SummaryShares of(double epsilon) {
      return epsilon == 0 ? NONE : new SummaryShares(epsilon * SIZES_SHARE, epsilon * (1 - SIZES_SHARE));
    }

    /** Whether the summary runs. */
    public boolean runs() {
      return sizes > 0;
    }
  }

  /**
   * Which stages of a strict release run (each is decided from public settings).
   *
   * @param tailAxes whether the private coreset also counts its tail axes (with {@code initialisation} only)
   * @param everyPoint whether DP-Lloyd reads every point once n̂ is known (full data, weight 1): where no coreset runs,
   *     a start in a random subspace may then read them too ({@link InitShare#subspaceShare})
   */
  public record Stages(boolean centre, boolean histogram, boolean initialisation, boolean tailAxes,
      boolean selection, boolean everyPoint) {

    /** Stages whose DP-Lloyd is not known to read every point. */
    public Stages(boolean centre, boolean histogram, boolean initialisation, boolean tailAxes, boolean selection) {
      this(centre, histogram, initialisation, tailAxes, selection, false);
    }
  }

  /**
   * What an auto init share reads once n̂ is known, all public.
   *
   * @param pointCount n̂, the DP estimate of the points
   * @param k the number of centres
   * @param dimension d
   */
  public record Scale(double pointCount, int k, int dimension) {
    public Scale {
      Checks.require(pointCount >= 0 && Double.isFinite(pointCount), "pointCount must be finite and >= 0, got "
          + pointCount);
      Checks.positive("k", k);
      Checks.positive("dimension", dimension);
    }

    /** n̂·ε/(k·d) for a release whose own stages share {@code epsilon}. */
    double pointsPerCell(double epsilon) {
      return pointCount * epsilon / ((double) k * dimension);
    }
  }

  /**
   * A strict release before n̂ is known (or when it is not estimated): each running stage gets its share of ε,
   * DP-Lloyd the rest, and an auto init share its share without n̂.
   */
  public static BudgetAllocation strict(double epsilon, double delta, Shares shares, Stages stages) {
    return strict(epsilon, delta, shares, stages, Optional.empty());
  }

  /**
   * A strict release at {@code scale}: as {@link #strict(double, double, Shares, Stages)}, with an auto init share
   * chosen at n̂·ε/(k·d), where ε is what the release's own stages share (its target less a k selection's).
   */
  public static BudgetAllocation strict(double epsilon, double delta, Shares shares, Stages stages, Scale scale) {
    return strict(epsilon, delta, shares, stages, Optional.of(scale));
  }

  private static BudgetAllocation strict(double epsilon, double delta, Shares shares, Stages stages,
      Optional<Scale> scale) {
    shares.require(stages.initialisation(), stages.tailAxes(), stages.selection());
    double centre = stages.centre() ? epsilon * shares.centre() : 0;
    double histogram = stages.histogram() ? epsilon * shares.histogram() : 0;
    double selection = stages.selection() ? epsilon * shares.selection() : 0;
    OptionalDouble pointsPerCell = scale.map(s -> OptionalDouble.of(s.pointsPerCell(epsilon - selection)))
        .orElse(OptionalDouble.empty());
    double init = shares.init().at(pointsPerCell);
    CoresetShares coreset = stages.initialisation() && init > 0 ? CoresetShares.of(epsilon * init, epsilon,
        stages.tailAxes(), scale.map(s -> OptionalInt.of(s.dimension())).orElse(OptionalInt.empty()), pointsPerCell)
        : CoresetShares.NONE;
    // the init share decides where a coreset runs and where, instead, a start in a subspace does (never both)
    double subspace = stages.initialisation() && stages.everyPoint() && scale.isPresent()
        ? epsilon * shares.init().subspaceShare(scale.get().pointCount() * (epsilon - selection),
            scale.get().k(), scale.get().dimension())
        : 0;
    SummaryShares summary = SummaryShares.of(epsilon * shares.summary());
    if (Double.isInfinite(epsilon)) {
      return new BudgetAllocation(epsilon, centre, histogram, coreset, subspace, summary, selection, epsilon, delta,
          pointsPerCell);
    }
    BigDecimal rest = new BigDecimal(epsilon);
    for (double spent : new double[] {centre, histogram, coreset.spreads(), coreset.tree(), coreset.sums(),
        coreset.tailCounts(), coreset.tailPositions(), subspace, summary.sizes(), summary.cost(), selection}) {
      rest = rest.subtract(new BigDecimal(spent));
    }
    return new BudgetAllocation(epsilon, centre, histogram, coreset, subspace, summary, selection,
        Math.max(0, Rounding.down(rest)), delta, pointsPerCell);
  }

  /** The paper's pipeline: DP-Lloyd is the only stage that spends. */
  public static BudgetAllocation paper(double epsilon, double delta) {
    return new BudgetAllocation(epsilon, 0, 0, CoresetShares.NONE, 0, SummaryShares.NONE, 0, epsilon, delta,
        OptionalDouble.empty());
  }

  /**
   * The ε of each of {@code candidates} k-selection releases: the selection's share split evenly, rounded down so that
   * together they never exceed it.
   */
  public double perCandidate(int candidates) {
    Checks.positive("candidates", candidates);
    Checks.require(selection > 0, "no k selection in this allocation");
    return Rounding.down(new BigDecimal(selection).divide(BigDecimal.valueOf(candidates),
        new MathContext(40, RoundingMode.FLOOR)));
  }
}
