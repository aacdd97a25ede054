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
  /**
   * t = −W₋₁(−k·e^{−k}) at equally spaced s = log α on [logAlphaLow, logAlphaLow + (n − 1)/scale], and its
   * derivative dt/ds times the spacing, for cubic Hermite interpolation; empty: no table.
   */
  private final double[] starts;
  private final double[] slopes;
  /** Whether the table's spacing is at most {@link #EXACT_SPACING}. */
  private final boolean exactStarts;
  private final double logAlphaLow;
  private final double startsScale;

  public OptimalWeight(double targetEpsilon) {
    this(targetEpsilon, Double.NaN, Double.NaN);
  }

  /**
   * A solver that reads the root from a table over α in [alphaLow, alphaHigh] (the α of the norms in [0, r]),
   * interpolated to Halley's accuracy, instead of three or four Halley steps with a logarithm each; the check that
   * ψ ≤ ε* as evaluated is the same. NaN bounds: no table.
   */
  public OptimalWeight(double targetEpsilon, double alphaLow, double alphaHigh) {
    this.targetEpsilon = Checks.positive("targetEpsilon (epsilon*)", targetEpsilon);
    this.logC = LogSpace.logExpm1(targetEpsilon);
    this.invC = Math.exp(-logC);
    this.cap = new Amplification.Cap(targetEpsilon);
    boolean table = alphaLow > 0 && alphaHigh > alphaLow && alphaHigh <= targetEpsilon;
    this.logAlphaLow = table ? Math.log(alphaLow) : Double.NaN;
    double span = table ? Math.log(alphaHigh) - logAlphaLow : 0;
    int nodes = (int) Math.min(MAX_NODES, Math.max(MIN_NODES, Math.ceil(span / EXACT_SPACING) + 1));
    this.startsScale = table && span > 0 ? (nodes - 1) / span : 0;
    this.exactStarts = startsScale * EXACT_SPACING >= 1 - 1e-12;
    this.starts = new double[startsScale > 0 ? nodes : 0];
    this.slopes = new double[starts.length];
    for (int i = 0; i < starts.length; i++) {
      double logAlpha = logAlphaLow + i / startsScale;
      double t = LambertW.rootOfTMinusLogT(kMinusLogK(Math.min(Math.exp(logAlpha), targetEpsilon), logAlpha));
      double k = Math.exp(logAlpha - logC);
      starts[i] = t;
      // t − log t = K(s) with dK/ds = k − 1 and dt/dK = t/(t − 1)
      slopes[i] = t > 1 ? t * (k - 1) / (t - 1) / startsScale : 0;
    }
  }

  private static final double LOG_HALF = Math.log(0.5);
  /**
   * The spacing in log α at which cubic Hermite interpolation of t is as accurate as Halley's method (measured:
   * within 1.0e-15 relative at 3.8e-4 over ε* from 0.5 to 1000, OptWeightBenchmark's profiles); at most this
   * spacing the table replaces Halley's method, wider (over 26 e-folds of α) it only starts it.
   */
  private static final double EXACT_SPACING = 4e-4;
  private static final int MIN_NODES = 1024;
  private static final int MAX_NODES = 1 << 16;

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
    double logAlpha = Math.log(alpha);
    // w = (t − k)/α cancels digits, and t is ill-conditioned in K, only near the branch point k → 1, which
    // small ε* alone reach (k ≤ ε*/(e^{ε*} − 1)); below k = 1/2 both cost under an ulp or two
    boolean nearBranch = logAlpha - logC > LOG_HALF;
    double t;
    if (starts.length == 0) {
      t = LambertW.rootOfTMinusLogT(kMinusLogK(alpha, logAlpha));
    } else if (exactStarts || nearBranch) {
      t = start(logAlpha); // near the branch the Newton step on ψ below makes up the last digits in any case
    } else {
      t = LambertW.rootOfTMinusLogT(kMinusLogK(alpha, logAlpha), start(logAlpha));
    }
    double w = Math.max(1, t / alpha - invC);
    if (nearBranch) {
      w = polish(w, alpha);
    }
    return cap(w, alpha);
  }

  /**
   * K = k − log k for k = α/c: W₋₁ at −k·e^{−k} in log coordinates, t = −W₋₁(−k·e^{−k}) solves t − log t = K, so
   * neither e^{ε*} nor k·e^{−k} has to be representable.
   */
  private double kMinusLogK(double alpha, double logAlpha) {
    double logK = logAlpha - logC;
    double k = invC > Double.MIN_NORMAL ? alpha * invC : logK < -745 ? 0 : Math.exp(logK);
    return k - logK;
  }

  /** The tabulated root at log α, interpolated (clamped to the table's ends). */
  private double start(double logAlpha) {
    double position = (logAlpha - logAlphaLow) * startsScale;
    if (!(position > 0)) {
      return starts[0];
    }
    if (position >= starts.length - 1) {
      return starts[starts.length - 1];
    }
    int i = (int) position;
    double f = position - i;
    double g = 1 - f;
    // cubic Hermite: values and (spacing-scaled) slopes at both ends
    return g * g * ((1 + 2 * f) * starts[i] + f * slopes[i]) + f * f * ((3 - 2 * f) * starts[i + 1] - g * slopes[i + 1]);
  }

  /** One Newton step on ψ(w) − ε*. */
  private double polish(double w, double alpha) {
    double h = Amplification.psiOfWeight(w, alpha) - targetEpsilon;
    double aw = alpha * w;
    double em = -Math.expm1(-aw); // 1 − e^{−aw}, so e^{−aw} = 1 − em without a second exponential
    double slope = (aw - em) / (w * (w * (1 - em) + em));
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
