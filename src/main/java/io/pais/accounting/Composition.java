package io.pais.accounting;

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

  /** Basic sequential composition: ε and δ add up. */
  Composition BASIC = new Composition() {
    @Override
    public Total compose(List<LedgerEntry> entries) {
      double epsilon = 0;
      double delta = 0;
      for (LedgerEntry e : entries) {
        epsilon += e.epsilon();
        delta += e.delta();
      }
      return new Total(epsilon, Math.min(1, delta));
    }

    @Override
    public String name() {
      return "basic sequential composition (epsilons and deltas add up)";
    }
  };
}
