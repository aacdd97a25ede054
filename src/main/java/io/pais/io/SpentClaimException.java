package io.pais.io;

/**
 * A run failed after its budget claim had started reading data: the claim stays spent. Its message is the
 * failure's one line followed by what it spent, so the user learns both; the cause is the failure itself.
 */
public final class SpentClaimException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SpentClaimException(String message, Throwable cause) {
    super(message, cause);
  }
}
