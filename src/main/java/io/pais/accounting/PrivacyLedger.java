package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.Rounding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one place where a run spends privacy (SPEC §13). Every mechanism that reads data asks for its share with
 * {@link #spend}, recording what it released and at which noise; the total is what the {@link Composition}
 * rule says the entries compose to (basic sequential composition today: the sum, exact and rounded up). A spend
 * that would take the total past the budget — by any amount: there is no slack — is refused, naming what was asked
 * and what is left; "the rest" ({@link #remainingEpsilon}) is rounded down so that spending it never is. Not
 * thread-safe: the driver spends, in order.
 */
public final class PrivacyLedger {
  private final double budgetEpsilon;
  private final double budgetDelta;
  private final Composition composition;
  private final Relation relation;
  private final List<LedgerEntry> entries = new ArrayList<>();

  /**
   * @param epsilon the total ε the release may spend (+∞ for the non-private reference)
   * @param delta the total δ (0 for pure ε-DP)
   * @param composition how entries compose
   * @param relation the neighbouring relation every entry's (ε, δ) is stated under
   */
  public PrivacyLedger(double epsilon, double delta, Composition composition, Relation relation) {
    Checks.require(epsilon > 0 && !Double.isNaN(epsilon), "epsilon must be > 0 (may be +Infinity), got " + epsilon);
    this.budgetDelta = Checks.inClosedRange("delta", delta, 0, 1);
    this.budgetEpsilon = epsilon;
    this.composition = Checks.notNull("composition", composition);
    this.relation = Checks.notNull("relation", relation);
  }

  /** A pure ε-DP ledger with basic composition. */
  public static PrivacyLedger pure(double epsilon) {
    return new PrivacyLedger(epsilon, 0, Composition.BASIC, Relation.ADD_REMOVE);
  }

  /**
   * Records {@code entry}; refused (IllegalArgumentException) when the composed total would exceed the budget.
   * Returns the entry.
   */
  public LedgerEntry spend(LedgerEntry entry) {
    Checks.notNull("entry", entry);
    List<LedgerEntry> after = new ArrayList<>(entries);
    after.add(entry);
    Composition.Total total = composition.compose(after);
    if (total.epsilon() > budgetEpsilon || total.delta() > budgetDelta) {
      String delta = budgetDelta == 0 ? "" : String.format(Locale.ROOT, ", delta = %s", brief(entry.delta()));
      String deltaLeft = budgetDelta == 0 ? "" : String.format(Locale.ROOT, ", delta = %s",
          brief(remainingDelta()));
      throw new IllegalArgumentException(String.format(Locale.ROOT, "stage '%s' asks for epsilon = %s%s, but only "
          + "epsilon = %s%s of the budget is left", entry.stage().label(), brief(entry.epsilon()), delta,
          brief(remainingEpsilon()), deltaLeft));
    }
    entries.add(entry);
    return entry;
  }

  /** A number to six significant digits without trailing zeros. */
  private static String brief(double v) {
    return Double.isFinite(v) ? new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros()
        .toPlainString() : Double.toString(v);
  }

  /**
   * The ε not yet spent, rounded down: the budget less the exact sum of the entries (basic composition), so that
   * an entry of this size brings the composed total to at most the budget.
   */
  public double remainingEpsilon() {
    if (Double.isInfinite(budgetEpsilon)) {
      return budgetEpsilon;
    }
    BigDecimal left = new BigDecimal(budgetEpsilon);
    for (LedgerEntry e : entries) {
      left = left.subtract(new BigDecimal(e.epsilon()));
    }
    return Math.max(0, Rounding.down(left));
  }

  /** The δ not yet spent, rounded down as {@link #remainingEpsilon} is. */
  public double remainingDelta() {
    BigDecimal left = new BigDecimal(budgetDelta);
    for (LedgerEntry e : entries) {
      left = left.subtract(new BigDecimal(e.delta()));
    }
    return Math.max(0, Rounding.down(left));
  }

  /** The composed ε of the entries so far. */
  public double totalEpsilon() {
    return composition.compose(entries).epsilon();
  }

  /** The composed δ of the entries so far. */
  public double totalDelta() {
    return composition.compose(entries).delta();
  }

  public Relation relation() {
    return relation;
  }

  public Composition composition() {
    return composition;
  }

  public List<LedgerEntry> entries() {
    return List.copyOf(entries);
  }
}
