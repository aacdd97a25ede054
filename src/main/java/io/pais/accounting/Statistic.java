package io.pais.accounting;

import io.pais.math.Checks;

/**
 * A number the guarantee is conditioned on (SPEC §10), with where it came from: a public input, a DP estimate
 * (SPEC §13), or a value taken from the data without privacy.
 *
 * @param name e.g. "n", "r", "xTilde"
 * @param value its value
 * @param source public or data-derived
 * @param description what it is, in words
 */
public record Statistic(String name, double value, Source source, String description) {

  /** Where a statistic came from. */
  public enum Source {
    /** Supplied by the user as public knowledge. */
    PUBLIC,
    /** Computed from the data without privacy: not covered by the ε guarantee. */
    DATA_DERIVED,
    /** A differentially private estimate: its share of ε is in the ledger, so it is public from then on. */
    DP_ESTIMATE
  }

  public Statistic {
    Checks.notNull("name", name);
    Checks.notNull("source", source);
    Checks.notNull("description", description);
  }
}
