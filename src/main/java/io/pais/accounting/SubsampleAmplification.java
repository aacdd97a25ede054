package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.LogSpace;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Privacy amplification by Poisson subsampling for a group of pure ε-DP mechanisms that all read one subsample: each
 * record is in the subsample with probability γ, by a coin no other stage of the release uses. The group, run at a
 * base ε₀ on the subsample, is ε-DP on the data with
 * <ul>
 *   <li>add/remove: ε = log(1 + γ(e^ε₀ − 1)) (Balle, Barthe &amp; Gaboardi 2018, Poisson subsampling);
 *   <li>substitution: ε = 2·log(1 + γ(e^{ε₀/2} − 1)): the mechanisms are calibrated for twice their add/remove
 *       sensitivity, so they are ε₀/2-DP under add/remove, and a substitution is a removal and an addition.
 * </ul>
 * The amplification is of the group as a whole: the shared subsample makes the stages' outputs dependent, and the
 * amplified ε of a composition exceeds the sum of its parts' amplified ε (the map ε₀ ↦ ε is convex and 0 at 0), so
 * the stages cannot each be amplified alone. The ledger therefore keeps each stage's share ε_j of the group's ε, and
 * each stage sets its noise for ε_j·{@link #noiseFactor()}: the noise ε of the group sums to at most the base ε₀
 * whose amplified ε is at most Σ ε_j — to the last ulp, with a relative margin of 2⁻⁴⁰ that covers the rounding
 * of log1p and expm1 many times over.
 */
public final class SubsampleAmplification {
  /** No subsampling: every stage's noise is set for its own ε. */
  public static final SubsampleAmplification NONE = new SubsampleAmplification(1, 1, Relation.ADD_REMOVE);
  /** The relative margin the base ε gives up for the rounding of its evaluation. */
  static final double MARGIN = 0x1.0p-40;

  private final double rate;
  private final double noiseFactor;
  private final Relation relation;

  private SubsampleAmplification(double rate, double noiseFactor, Relation relation) {
    this.rate = rate;
    this.noiseFactor = noiseFactor;
    this.relation = relation;
  }

  /**
   * The amplification for a group of stages whose recorded ε sum to {@code groupEpsilon}, on a Poisson subsample of
   * rate {@code rate} in (0, 1] (1: no subsampling, {@link #NONE}).
   */
  public static SubsampleAmplification poisson(double rate, double groupEpsilon, Relation relation) {
    Checks.require(rate > 0 && rate <= 1, "subsample rate must be in (0, 1], got " + rate);
    Checks.require(groupEpsilon > 0 && groupEpsilon < Double.POSITIVE_INFINITY, "epsilon of the subsampled stages "
        + "must be finite and > 0, got " + groupEpsilon);
    Checks.notNull("relation", relation);
    if (rate == 1) {
      return NONE;
    }
    return new SubsampleAmplification(rate, Math.max(1, baseEpsilon(groupEpsilon, rate, relation) / groupEpsilon),
        relation);
  }

  /** The ε on the data of a group run at base ε {@code base} on a Poisson subsample of rate {@code rate}. */
  public static double amplified(double base, double rate, Relation relation) {
    return switch (relation) {
      case ADD_REMOVE -> addRemove(base, rate);
      case SUBSTITUTION -> 2 * addRemove(base / 2, rate);
    };
  }

  /**
   * The base ε whose amplified ε is at most {@code epsilon}: the exact inverse, less the relative {@link #MARGIN}.
   */
  static double baseEpsilon(double epsilon, double rate, Relation relation) {
    double exact = switch (relation) {
      case ADD_REMOVE -> inverse(epsilon, rate);
      case SUBSTITUTION -> 2 * inverse(epsilon / 2, rate);
    };
    return exact * (1 - MARGIN);
  }

  /** log(1 + γ(e^ε₀ − 1)), in log space where e^ε₀ overflows. */
  private static double addRemove(double base, double rate) {
    double inner = rate * Math.expm1(base);
    return Double.isFinite(inner) ? Math.log1p(inner) : LogSpace.log1pExp(LogSpace.logExpm1(base) + Math.log(rate));
  }

  /** log(1 + (e^ε − 1)/γ), in log space where e^ε overflows. */
  private static double inverse(double epsilon, double rate) {
    double inner = Math.expm1(epsilon) / rate;
    return Double.isFinite(inner) ? Math.log1p(inner)
        : LogSpace.log1pExp(LogSpace.logExpm1(epsilon) - Math.log(rate));
  }

  /** γ (1 without subsampling). */
  public double rate() {
    return rate;
  }

  /** ε₀/ε ≥ 1: a stage recorded at ε_j sets its noise for ε_j times this. */
  public double noiseFactor() {
    return noiseFactor;
  }

  /** The ε a stage recorded at {@code epsilon} sets its noise for. */
  public double noiseEpsilon(double epsilon) {
    return epsilon * noiseFactor;
  }

  /** Whether the stages read a subsample. */
  public boolean subsampled() {
    return rate < 1;
  }

  /** What the ledger adds to a subsampled stage's mechanism (empty without subsampling). */
  public String note() {
    return subsampled() ? "; on a Poisson subsample (rate " + brief(rate) + ", coins of its own) that the "
        + "initialiser's stages share, noise set for " + brief(noiseFactor) + " x the recorded epsilon: amplified "
        + "together, under " + relation.description() + ", to at most the sum of their recorded epsilons" : "";
  }

  /** Six significant digits without trailing zeros. */
  private static String brief(double v) {
    return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }
}
