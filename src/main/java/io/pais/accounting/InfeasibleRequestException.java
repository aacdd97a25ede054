package io.pais.accounting;

/**
 * A privacy request that no noise level can meet (opt asked for a larger sample than its weights allow at that
 * ε). Its message names the numbers, which can be functions of the data's norms: a caller that must not show
 * data-derived values (the job, the Estimator) catches it and says what to change instead.
 */
public final class InfeasibleRequestException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InfeasibleRequestException(String message) {
    super(message);
  }
}
