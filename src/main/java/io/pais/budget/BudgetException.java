package io.pais.budget;

/** A budget ledger that cannot be used, or a claim it refuses: one line for the user, naming the ledger. */
public final class BudgetException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public BudgetException(String message) {
    super(message);
  }
}
