package io.pais.accounting;

import io.pais.math.Checks;

/**
 * One mechanism that read the data, as the privacy ledger records it.
 *
 * @param stage the pipeline stage
 * @param mechanism what was released and how, e.g. "noisy sum (Gamma(d) radius) and Laplace count"
 * @param epsilon its ε (≥ 0; +∞ only for the non-private reference)
 * @param delta its δ (0 for pure ε-DP mechanisms)
 * @param sensitivity its sensitivity, in words with the number (e.g. "l2 1.5 (clip radius); count 1")
 * @param noiseScale the scale of its noise, in words with the numbers
 * @param released what it released (a DP output, safe to publish)
 */
public record LedgerEntry(LedgerStage stage, String mechanism, double epsilon, double delta, String sensitivity,
    String noiseScale, String released) {

  public LedgerEntry {
    Checks.notNull("stage", stage);
    Checks.notNull("mechanism", mechanism);
    Checks.require(epsilon >= 0 && !Double.isNaN(epsilon), "epsilon of stage '" + stage
        + "' must be >= 0 (may be +Infinity), got " + epsilon);
    Checks.inClosedRange("delta of stage '" + stage + "'", delta, 0, 1);
    Checks.notNull("sensitivity", sensitivity);
    Checks.notNull("noiseScale", noiseScale);
    Checks.notNull("released", released);
  }
}
