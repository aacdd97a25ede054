package io.pais.accounting;

import io.pais.math.Checks;
import java.util.List;

/**
 * What a private scaler's fit spent and how: pure ε-DP under add/remove one record, the composition of its ledger's
 * entries (the count, the sums and, with standard deviations, the squares). Immutable.
 *
 * @param epsilon the ε of the guarantee, its ledger's composed total
 * @param dimension d, a public input
 * @param bounds the public box, in words
 * @param ledger every mechanism that read the data, with its share
 * @param composition how the entries compose
 * @param seedBits 0 for noise from a secure generator, else the seed's length in bits
 * @param budgetClaim the claim the fit made on a budget ledger, or null
 */
public record ScalingReport(double epsilon, int dimension, String bounds, List<LedgerEntry> ledger,
    String composition, int seedBits, BudgetClaim budgetClaim) {

  public ScalingReport {
    Checks.require(epsilon > 0 && Double.isFinite(epsilon), "epsilon must be positive and finite, got " + epsilon);
    Checks.positive("dimension", dimension);
    Checks.notNull("bounds", bounds);
    ledger = List.copyOf(ledger);
    Checks.notNull("composition", composition);
    Checks.require(seedBits >= 0, "seedBits must be >= 0 (0: not seeded), got " + seedBits);
  }

  /** The report of a fit that spent {@code ledger} (its entries and their composed total). */
  public static ScalingReport of(PrivacyLedger ledger, int dimension, String bounds, int seedBits) {
    return new ScalingReport(ledger.totalEpsilon(), dimension, bounds, ledger.entries(),
        ledger.composition().name(), seedBits, null);
  }

  /** Pure ε-DP: δ is 0. */
  public double delta() {
    return 0;
  }

  /** The relation the guarantee is stated under. */
  public Relation relation() {
    return Relation.ADD_REMOVE;
  }

  /** The same report naming the budget claim it was charged to. */
  public ScalingReport withBudgetClaim(BudgetClaim claim) {
    Checks.notNull("budget claim", claim);
    return new ScalingReport(epsilon, dimension, bounds, ledger, composition, seedBits, claim);
  }
}
