package io.pais.accounting;

import io.pais.math.Checks;
import java.util.Arrays;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * How DP-Lloyd's ε is shared among its T iterations: iteration t draws its noise at the plan's scales times φ_t.
 *
 * <p>Why the shares are unequal. Only the last iteration's noise lands in the released centres whole; an earlier
 * iteration's noise moves the centres the next one assigns points to, and a later step undoes most of it. Where one
 * iteration at scales (β_count, β_sum) costs ε₀ = Δ_c/β_c + Δ_s/β_s (the full data's Laplace plan, no sampling), the
 * T iterations cost Σ ε₀/φ_t, so any φ with Σ 1/φ_t ≤ T spends at most the plan's T·ε₀. Minimising Σ a_t·φ_t² (a_t:
 * how much iteration t's noise variance costs the release) under Σ 1/φ_t = T gives shares of ε in proportion to
 * a_t^(1/3) — the same cube-root rule as Su et al.'s split between a count and a sum. The last iteration weighs
 * {@value #LAST_WEIGHT} (a_T = 8 a: its variance costs eight times an earlier one's), the first, whose offsets reach R
 * times as far and whose noise is R times larger ({@code io.pais.lloyd.LloydSums}), R^(2/3), every other 1.
 *
 * <p>{@value #LAST_WEIGHT} splits DP-Lloyd's share of ε (the ledger's entry for DP-Lloyd, the iterations' total, is
 * the same). It was chosen on the generalisation benchmark at ε = 1 (35 cells, 11 seeds; docs/results/history.md, "The
 * iterations' shares of ε") among 1 (equal shares, before), 1.5, 2, 2.5 and 3 with a prototype: 2 had the lowest
 * geometric mean of cost ÷ floor over all cells (1.683 against 1.719), and over the 20 cells with n·ε/(k·d) ≥ 50
 * (1.069 against 1.097) within 0.2 % of 3's, which cost the cells of little budget per centre (1.730 over all cells).
 * As built here (each iteration's lattice noise drawn at its own scales): 1.678 and 1.063.
 */
public final class IterationShares {
  /** The last iteration's weight against 1 for a middle one. */
  public static final double LAST_WEIGHT = 2;
  /**
   * Every φ_t is raised by this relative margin, so that Σ 1/φ_t ≤ T holds after rounding (the rounding errors of the
   * weights' sums and quotients are some T·2⁻⁵² relative, far below it); the constructor checks it.
   */
  static final double ROUNDING_MARGIN = 0x1p-30;

  private final double[] scales;

  private IterationShares(double[] scales) {
    Checks.require(scales.length > 0, "iteration shares need at least one iteration (T), got 0");
    double inverses = 0;
    for (int t = 0; t < scales.length; t++) {
      inverses += 1 / Checks.positive("iteration " + (t + 1) + "'s noise scale factor", scales[t]);
    }
    Checks.require(inverses <= scales.length, "the iterations' noise scale factors must satisfy sum(1/phi_t) <= T = "
        + scales.length + " (at most the plan's epsilon), got " + inverses);
    this.scales = scales;
  }

  /** Every iteration at the plan's scales: T equal shares. */
  public static IterationShares equal(int iterations) {
    Checks.positive("iterations (T)", iterations);
    double[] scales = new double[iterations];
    Arrays.fill(scales, 1.0);
    return new IterationShares(scales);
  }

  /**
   * The last iteration weighted {@value #LAST_WEIGHT}, the first R^(2/3) for its reach R, every other 1 (the class
   * comment); one iteration keeps the plan's scales.
   *
   * @param iterations T
   * @param firstReach R, the first iteration's reach (1, or a power of two for clipped offsets)
   */
  public static IterationShares lastHeavy(int iterations, int firstReach) {
    Checks.positive("iterations (T)", iterations);
    Checks.positive("firstReach", firstReach);
    if (iterations == 1) {
      return equal(1);
    }
    double[] weights = new double[iterations];
    Arrays.fill(weights, 1.0);
    weights[0] = Math.cbrt((double) firstReach * firstReach);
    weights[iterations - 1] = LAST_WEIGHT;
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double[] scales = new double[iterations];
    for (int t = 0; t < iterations; t++) {
      scales[t] = total / (iterations * weights[t]) * (1 + ROUNDING_MARGIN);
    }
    return new IterationShares(scales);
  }

  /** T. */
  public int iterations() {
    return scales.length;
  }

  /** φ_t: iteration t's (1-based) noise scales over the plan's. */
  public double scale(int iteration) {
    Checks.require(iteration >= 1 && iteration <= scales.length, "iteration must be in [1, " + scales.length
        + "], got " + iteration);
    return scales[iteration - 1];
  }

  /** φ_1, …, φ_T (a copy). */
  public double[] scales() {
    return scales.clone();
  }

  /** Whether every iteration draws at the plan's scales. */
  public boolean isEqual() {
    for (double s : scales) {
      if (s != 1.0) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code line} (a description of the plan's scales, for the ledger or the report) followed by each iteration's factor
   * on those scales and its share of DP-Lloyd's ε; {@code line} itself when every iteration draws at the plan's scales.
   */
  public String describeAfter(String line) {
    if (isEqual()) {
      return line;
    }
    StringJoiner parts = new StringJoiner(", ", line + "; iteration t at these scales times phi_t (its share of "
        + "epsilon): ", "");
    for (double s : scales) {
      parts.add(String.format(Locale.ROOT, "%.4g (%.3f)", s, 1 / (s * scales.length)));
    }
    return parts.toString();
  }
}
