package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.math.LambertW;
import io.pais.math.LogSpace;
import io.pais.privacy.Amplification;
import java.io.Serializable;

/**
 * The largest weight w ≥ 1 whose amplified linear profile ψ(w) = log(1 + (e^{αw} − 1)/w) equals a target ε*
 * (SPEC §5), for any unit-weight cost α ≤ ε*: the root of (e^{αw} − 1)/w = e^{ε*} − 1.
 *
 * <p>Closed form: with c = e^{ε*} − 1 and k = α/c, w = −W₋₁(−k·e^{−k})/α − 1/c, evaluated in log coordinates
 * (t − log t = k − log k, w = t/α − e^{−L}, L = log c) so that neither e^{ε*} nor k·e^{−k} has to be
 * representable. Near the branch point (small ε*, α close to ε*) the closed form loses digits to cancellation,
 * so one Newton step on ψ(w) = ε* polishes it; the result is then stepped down until ψ(w) ≤ ε* as evaluated,
 * so the weight never overshoots the target (the reference code's 11-halving solver can).
 */
public final class OptimalWeight implements Serializable {
  private static final long serialVersionUID = 1L;

  private final double targetEpsilon;
  private final double logC;
  private final double invC;
  private final Amplification.Cap cap;

  public OptimalWeight(double targetEpsilon) {
    this.targetEpsilon = Checks.positive("targetEpsilon (epsilon*)", targetEpsilon);
    this.logC = LogSpace.logExpm1(targetEpsilon);
    this.invC = Math.exp(-logC);
    this.cap = new Amplification.Cap(targetEpsilon);
  }

  /** ε*. */
  public double targetEpsilon() {
    return targetEpsilon;
  }

  /** The weight for a point whose unit-weight cost is α (0 &lt; α ≤ ε*). */
  public double weight(double alpha) {
    if (alpha == targetEpsilon) {
      return 1;
    }
    if (!(alpha > 0 && alpha < targetEpsilon)) {
      throw new IllegalArgumentException("alpha must be in (0, targetEpsilon = " + targetEpsilon + "], got " + alpha);
    }
    // W₋₁ at −k·e^{−k} in log coordinates: t = −W₋₁(−k·e^{−k}) solves t − log t = k − log k, so neither
    // e^{ε*} nor k·e^{−k} has to be representable.
    double logK = Math.log(alpha) - logC;
    double k = invC > Double.MIN_NORMAL ? alpha * invC : logK < -745 ? 0 : Math.exp(logK);
    double t = LambertW.rootOfTMinusLogT(k - logK);
    double w = Math.max(1, t / alpha - invC);
    // w = (t − k)/α cancels digits, and t is ill-conditioned in K, only near the branch point k → 1, which
    // small ε* alone reach (k ≤ ε*/(e^{ε*} − 1)); below k = 1/2 both cost under an ulp or two
    if (k > 0.5) {
      w = polish(w, alpha);
    }
    return cap(w, alpha);
  }

  /** One Newton step on ψ(w) − ε*. */
  private double polish(double w, double alpha) {
    double h = Amplification.psiOfWeight(w, alpha) - targetEpsilon;
    double aw = alpha * w;
    double em = -Math.expm1(-aw);
    double slope = (aw - em) / (w * (w * Math.exp(-aw) + em));
    double next = w - h / slope;
    return slope > 0 && next >= 1 && Double.isFinite(next) ? next : w;
  }

  /** Steps w down until ψ(w) ≤ ε* as evaluated: the weight never overshoots the target. */
  private double cap(double w, double alpha) {
    for (int i = 0; w > 1 && !cap.holds(1 / w, alpha * w); i++) {
      w = i < 16 ? Math.nextDown(w) : Math.max(1, w * (1 - 1e-15 * (1L << Math.min(i - 16, 40))));
    }
    return w;
  }

}
