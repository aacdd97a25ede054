package io.pais.accounting;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.OptionalDouble;

/**
 * The private coreset's share of ε: given, or chosen by {@link BudgetAllocation} once the DP estimate n̂ is known.
 * The utility benchmark (docs/RESULTS.md, "Budget shares at small ε") found that a larger share pays where each
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
    public String describe() {
      return Double.toString(share);
    }
  }

  /**
   * {@link #SPARSE_SHARE} where n̂·ε/(k·d) is below {@link #SPARSE_BELOW}, else {@link #DENSE_SHARE} (also when n̂
   * is not estimated). Paired over 15 seeds at ε = 0.5, 0.3 against 0.2 cut the cost by 4–15 % on the sets at 84–109
   * and was neutral at 111–236; kddcup99 at 634 lost 8 %.
   */
  record Auto() implements InitShare {
    public static final double SPARSE_BELOW = 150;
    public static final double SPARSE_SHARE = 0.3;
    public static final double DENSE_SHARE = 0.2;

    @Override
    public double at(OptionalDouble pointsPerCell) {
      return pointsPerCell.isPresent() && pointsPerCell.getAsDouble() < SPARSE_BELOW ? SPARSE_SHARE : DENSE_SHARE;
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
   * The share at {@code pointsPerCell} = n̂·ε/(k·d) (empty: n̂ not estimated).
   */
  double at(OptionalDouble pointsPerCell);

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
