package io.pais.accounting;

import io.pais.math.Checks;

/**
 * The claim a release made on a budget ledger that outlives runs: which ledger, which claim, and the (ε, δ) it took.
 * The release's report names it; the ledger composes its claims by basic sequential composition.
 *
 * @param ledger where the ledger is
 * @param claim the claim's sequence number in it
 * @param epsilon the ε claimed (at least the release's)
 * @param delta the δ claimed (at least the release's)
 */
public record BudgetClaim(String ledger, long claim, double epsilon, double delta) {
  /** How the ledger composes its releases. */
  public static final String COMPOSITION = "basic sequential composition under the ledger's neighbouring relation "
      + "(its budget.json names it): the ledger's releases together are (sum of epsilon, sum of delta)-DP, each "
      + "claim as charged (an add/remove release counts 2 epsilon and (1 + e^epsilon) delta in a substitution "
      + "ledger)";

  public BudgetClaim {
    Checks.notNull("ledger", ledger);
    Checks.positive("claim", claim);
    Checks.require(epsilon > 0 && Double.isFinite(epsilon), "a claim's epsilon must be positive and finite, got "
        + epsilon);
    Checks.require(delta >= 0 && delta < 1, "a claim's delta must be in [0, 1), got " + delta);
  }
}
