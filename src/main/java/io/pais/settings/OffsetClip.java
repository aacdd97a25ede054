package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * {@code --offset-clip}: what DP-Lloyd sums per cluster ({@code io.pais.lloyd.LloydSums}). {@code none}: the
 * points themselves, as the paper does. A fraction f in (0, 1]: each point's offset from its centre, clipped to
 * ρ = f·r, so that the sum's noise is calibrated to ρ rather than r. {@code auto} (the default): in a strict
 * release the planner takes the smallest fraction of {@link Auto#FRACTIONS} at or above a typical cluster's radius,
 * estimated from the DP mean squared norm x̃̂ as sqrt(x̃̂)·k^(−1/d), or {@link Auto#LITTLE_BUDGET_FRACTION} in ℓ2
 * where the budget per centre is little; r, n̂ and x̃̂ are DP estimates, so the choice spends no ε. Paper mode under
 * auto sums the points (it reproduces the paper).
 *
 * <p>Why a cluster's radius: a smaller ρ cuts the noise in proportion, but pulls a centre by at most ρ per point,
 * which biases clusters wider than ρ. The utility benchmark (docs/results/history.md, "Clipped offsets") found a fixed
 * ρ = r/6 best at small ε on the heavy-tailed sets and costly on the wide clusters of ijcnn1 (1.004 to 1.019 floors
 * at ε = 10), ρ = r/2 as good as the points' sums there, and a choice by the noise level alone worse than one by the
 * clusters' width at every ε.
 */
public sealed interface OffsetClip extends Serializable {

  /** The paper's sums of points. */
  record None() implements OffsetClip {
    @Override
    public double[] fractionsToTry(boolean strict) {
      return new double[0];
    }

    @Override
    public String describe() {
      return "none";
    }
  }

  /** ρ = fraction·r, given by the user. */
  record Fraction(double fraction) implements OffsetClip {
    public Fraction {
      Checks.require(fraction > 0 && fraction <= 1, rule("offset-clip", Double.toString(fraction)));
    }

    @Override
    public double[] fractionsToTry(boolean strict) {
      return new double[] {fraction};
    }

    @Override
    public String describe() {
      return Double.toString(fraction);
    }
  }

  /** The planner's choice among {@link #FRACTIONS} (strict releases; paper mode sums the points). */
  record Auto() implements OffsetClip {
    /** The fractions of r tried, largest first. */
    static final double[] FRACTIONS = {1, 1 / 2.0, 1 / 3.0, 1 / 4.0, 1 / 6.0, 1 / 8.0};
    /**
     * The fraction taken instead of the width rule's where the budget per centre is little (n̂·ε/(k·d) below
     * {@code InitShare.Auto.NO_CORESET_BELOW}, where no coreset runs) and the geometry is ℓ2: a post-processing choice
     * of DP values that spends no ε. There the start knows little of the data, so a step clipped to a narrow
     * cluster's radius cannot carry a centre across the ball (r15: r/6), and in many ℓ2 coordinates an offset clipped
     * below a wide cluster's radius is shortened about evenly, a damped step rather than a bias, while r's noise is
     * twice r/2's (the high-d mixtures: r). On the generalisation benchmark at ε = 1 (docs/results/history.md, "The
     * ρ rung where the budget per centre is little") it took r15 15.2 → 11.2 and wide-5x256 2.20 → 1.66 (both then
     * ahead of every contender), starved-20x10 9.34 → 7.43 and many-30x64 2.40 → 2.15, no ℓ2 cell worse; ℓ1, chosen
     * where the box has few effective coordinates, lost with it (scales-6 2.47 → 2.96, wdbc, wine) and keeps the
     * width rule.
     */
    public static final double LITTLE_BUDGET_FRACTION = 1 / 2.0;

    @Override
    public double[] fractionsToTry(boolean strict) {
      return strict ? FRACTIONS.clone() : new double[0];
    }

    /** The fractions as the report names them: "r, r/2, …". */
    public static String ladder() {
      StringBuilder text = new StringBuilder();
      for (double f : FRACTIONS) {
        text.append(text.isEmpty() ? "" : ", ").append(f == 1 ? "r" : "r/" + Math.round(1 / f));
      }
      return text.toString();
    }

    @Override
    public String describe() {
      return "auto";
    }
  }

  /** The fractions of r to try, largest first; empty: sum the points. */
  double[] fractionsToTry(boolean strict);

  /** The setting's value as a user writes it. */
  String describe();

  static OffsetClip none() {
    return new None();
  }

  static OffsetClip auto() {
    return new Auto();
  }

  static OffsetClip fraction(double value) {
    return new Fraction(value);
  }

  /** {@code --offset-clip}: {@code none}, {@code auto} or a fraction of r in (0, 1]. */
  static OffsetClip parse(String setting, String text) {
    Checks.notNull(setting, text);
    String value = text.strip();
    if (value.equals("none")) {
      return none();
    }
    if (value.equals("auto")) {
      return auto();
    }
    double fraction = Double.NaN;
    try {
      fraction = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      // named below
    }
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException(rule(setting, "'" + text + "'"));
    }
    return fraction(fraction);
  }

  /** What a setting must be, and the value it got. */
  private static String rule(String setting, String got) {
    return setting + " must be none, auto or a fraction of r in (0, 1], got " + got;
  }
}
