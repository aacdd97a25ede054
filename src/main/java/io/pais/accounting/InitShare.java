package io.pais.accounting;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.OptionalDouble;

/**
 * The private coreset's share of ε: given, or chosen by {@link BudgetAllocation} once the DP estimate n̂ is known.
 * The utility benchmark (docs/results/history.md, "Budget shares at small ε") found that a larger share pays where each
 * cluster has few points per coordinate and unit of ε, and costs where it has many, so auto follows the public value
 * n̂·ε/(k·d).
 */
public sealed interface InitShare extends Serializable {
  /** A share given by the user, in (0, 1). */
  record Fixed(double share) implements InitShare {
    public Fixed {
      Checks.require(share > 0 && share < 1, "budget-init must be in (0, 1) or auto, got " + share);
    }

    @Override
    public double at(OptionalDouble pointsPerCell) {
      return share;
    }

    @Override
    public double largest() {
      return share;
    }

    @Override
    public double subspaceShare(double pointsTimesEpsilon, int k, int dimension) {
      return 0;
    }

    @Override
    public String describe() {
      return Double.toString(share);
    }
  }

  /**
   * No coreset where n̂·ε/(k·d) is below {@link #NO_CORESET_BELOW} (0: the release starts from k points uniform in the
   * ball of the data's typical radius, as {@code --init scaled-ball}, and DP-Lloyd gets the share),
   * {@link #SPARSE_SHARE} below {@link #SPARSE_BELOW}, else {@link #DENSE_SHARE} (also when n̂ is not estimated).
   * Paired over 15 seeds at ε = 0.5, 0.3 against 0.2 cut the cost by 4–15 % on the sets at 84–109 and was neutral at
   * 111–236; kddcup99 at 634 lost 8 %.
   */
  record Auto() implements InitShare {
    /**
     * Below it the coreset's cell tree resolves few of the k clusters (its heavy cells need more points than a cluster
     * holds) and its share buys little: on the generalisation benchmark at ε = 1 (docs/results/generalisation.md,
     * "Generalisation", item 3 of the issue-49 changes) scaled-ball's start did better in 10 of the 12 cells at 2–20
     * (r15 25.8 → 12.7, glass 4.5 → 3.4, ecoli 3.9 → 2.2) and the coreset in most cells from 32 on.
     */
    public static final double NO_CORESET_BELOW = 25;
    public static final double SPARSE_BELOW = 150;
    /**
     * Where no coreset runs, the share of the release's ε a start in a random subspace takes
     * (io.pais.initialisation.SubspaceStart): the prototype's 0.15 of DP-Lloyd's ε, with 0.25 of it about as good
     * (docs/results/history.md, "A start in a random subspace for high d").
     */
    public static final double SUBSPACE_SHARE = 0.13;
    /**
     * m, the subspace's dimension: 4 against 8 better in three of the four high-d cells of the generalisation
     * benchmark (docs/results/history.md, "A start in a random subspace for high d").
     */
    public static final int SUBSPACE_DIMENSION = 4;
    /**
     * The start in a subspace runs from n̂·ε/(k·m) = 100 on (its steps' budget per centre and coordinate) and from
     * n̂·ε/(k·d) = 5 on (the full-d steps' budget to use the partition it finds), where no coreset runs: without the
     * rule it cost the small UCI sets 15–140 % (docs/results/history.md, "A start in a random subspace for high d").
     */
    public static final double SUBSPACE_MIN_PROJECTED = 100;
    /** See {@link #SUBSPACE_MIN_PROJECTED}. */
    public static final double SUBSPACE_MIN_BUDGET = 5;
    public static final double SPARSE_SHARE = 0.3;
    public static final double DENSE_SHARE = 0.2;

    @Override
    public double at(OptionalDouble pointsPerCell) {
      if (pointsPerCell.isEmpty()) {
        return DENSE_SHARE;
      }
      double perCell = pointsPerCell.getAsDouble();
      return perCell < NO_CORESET_BELOW ? 0 : perCell < SPARSE_BELOW ? SPARSE_SHARE : DENSE_SHARE;
    }

    @Override
    public double subspaceShare(double pointsTimesEpsilon, int k, int dimension) {
      boolean applies = dimension > SUBSPACE_DIMENSION
          && pointsTimesEpsilon / ((double) k * SUBSPACE_DIMENSION) >= SUBSPACE_MIN_PROJECTED
          && pointsTimesEpsilon / ((double) k * dimension) >= SUBSPACE_MIN_BUDGET
          && pointsTimesEpsilon / ((double) k * dimension) < NO_CORESET_BELOW;
      return applies ? SUBSPACE_SHARE : 0;
    }

    @Override
    public double largest() {
      return SPARSE_SHARE;
    }

    @Override
    public String describe() {
      return "auto";
    }
  }

  /**
   * The share at {@code pointsPerCell} = n̂·ε/(k·d) (empty: n̂ not estimated); 0: the coreset does not run.
   */
  double at(OptionalDouble pointsPerCell);

  /**
   * Where no coreset runs, the share of a start in a random subspace at n̂·ε = {@code pointsTimesEpsilon} (0: the start
   * in the domain's shape, which costs nothing).
   */
  double subspaceShare(double pointsTimesEpsilon, int k, int dimension);

  /** The largest share this choice can give: what the sum check before any data is read must allow for. */
  double largest();

  /** {@code --budget-init}'s value: the share, or {@code auto}. */
  String describe();

  static InitShare fixed(double share) {
    return new Fixed(share);
  }

  static InitShare auto() {
    return new Auto();
  }

  /** {@code --budget-init}: a share in (0, 1), or {@code auto}. */
  static InitShare parse(String value) {
    Checks.notNull("budget-init", value);
    if (value.strip().equals("auto")) {
      return auto();
    }
    double share = Double.NaN;
    try {
      share = Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      // named below
    }
    Checks.require(share > 0 && share < 1, "budget-init must be a share in (0, 1) or auto, got '" + value + "'");
    return fixed(share);
  }
}
