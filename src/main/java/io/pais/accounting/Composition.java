package io.pais.accounting;

import io.pais.math.Rounding;
import java.math.BigDecimal;
import java.util.List;

/**
 * How the entries of a ledger compose into one guarantee. Basic sequential (adaptive) composition is what pure
 * ε-DP releases use; an accountant for (ε, δ) mechanisms (for example a privacy-loss-distribution one) can be
 * added as another implementation without changing the stages that spend.
 */
public interface Composition {

  /** The composed guarantee of a list of entries. */
  Total compose(List<LedgerEntry> entries);

  /** A short name for reports. */
  String name();

  /** A composed (ε, δ). */
  record Total(double epsilon, double delta) {}

  /**
   * Basic sequential composition: ε and δ add up. The sums are exact (decimal arithmetic) and rounded up to the
   * next double, so the composed total is an upper bound to the last ulp (a double sum could round below it).
   */
  Composition BASIC = new Composition() {
    @Override
    public Total compose(List<LedgerEntry> entries) {
      return new Total(exactSum(entries, LedgerEntry::epsilon), Math.min(1, exactSum(entries, LedgerEntry::delta)));
    }

    private double exactSum(List<LedgerEntry> entries, java.util.function.ToDoubleFunction<LedgerEntry> value) {
      BigDecimal sum = BigDecimal.ZERO;
      for (LedgerEntry e : entries) {
        double v = value.applyAsDouble(e);
        if (Double.isInfinite(v)) {
          return v; // the non-private reference
        }
        sum = sum.add(new BigDecimal(v));
      }
      return Rounding.up(sum);
    }

    @Override
    public String name() {
      return "basic sequential composition (epsilons and deltas add up)";
    }
  };
}
