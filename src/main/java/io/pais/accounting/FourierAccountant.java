package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.sampling.CopyCounts;
import io.pais.sampling.UniformScheme;
import java.util.ArrayList;
import java.util.List;

/**
 * A privacy-loss-distribution (Fourier) accountant for T self-compositions of a pair (SPEC §14): each direction's
 * loss is discretised once rounded up and once rounded down ({@link PrivacyLossPmf}), composed by FFT, and δ(ε)
 * is read from both, so the true δ of the modelled pair lies in the bracket {@link #delta} returns;
 * ε(δ) is found by bisection on each. Each loss is rounded by at most a step and a half (grid and cell), so
 * the ε bracket is at most 3·T·step wide (about 1.5·T·step in practice).
 *
 * <p>The figure is only as good as the model: a self-composed pair bounds the mechanism when it dominates it.
 * That is proven for Poisson under add/remove; for the substitution schemes the symmetric copy mixture is the
 * MUST paper's model, not a proof ({@link #dominatingPairProven()}), and a report must give basic composition as
 * the guarantee beside it.
 */
public final class FourierAccountant {
  /** Bisection steps for ε(δ): the interval [0, max loss] shrinks below 1e-15 of its length. */
  private static final int BISECTIONS = 60;

  private final List<PrivacyLossPmf.DeltaCurve> upper;
  private final List<PrivacyLossPmf.DeltaCurve> lower;
  private final double omittedComposed;
  private final boolean dominatingPairProven;

  private FourierAccountant(List<PrivacyLossPmf.DeltaCurve> upper, List<PrivacyLossPmf.DeltaCurve> lower,
      double omittedComposed, boolean dominatingPairProven) {
    this.upper = upper;
    this.lower = lower;
    this.omittedComposed = omittedComposed;
    this.dominatingPairProven = dominatingPairProven;
  }

  /** A closed interval [lower, upper]. */
  public record Bounds(double lower, double upper) {}

  /** The default grid step for T compositions: 1e-3, finer for long ones (the ε bracket is about 1.5·T·step wide). */
  public static double defaultStep(int iterations) {
    return Math.min(1e-3, 0.02 / iterations);
  }

  /**
   * T compositions of one application of {@code scheme} to a base noise with θ = Δ/scale: the Poisson pair in both
   * directions for poisson-uniform, the symmetric copy mixture otherwise.
   */
  public static FourierAccountant forScheme(CopyCounts counts, GroupProfile noise, double theta, int iterations) {
    Checks.notNull("counts", counts);
    Checks.positive("iterations (T)", iterations);
    if (counts.scheme() == UniformScheme.POISSON_UNIFORM) {
      return compose(LossPair.addRemove(counts.eta(), noise, theta), iterations, defaultStep(iterations), true);
    }
    return compose(List.of(LossPair.copyMixture(counts, noise, theta)), iterations, defaultStep(iterations), false);
  }

  /**
   * T compositions of the pairs in {@code directions} (δ is the largest over the directions).
   *
   * @param step the loss grid step
   * @param dominatingPairProven whether the pairs are known to dominate the mechanism they stand for
   */
  public static FourierAccountant compose(List<LossPair> directions, int iterations, double step,
      boolean dominatingPairProven) {
    Checks.require(directions != null && !directions.isEmpty(), "directions must name at least one pair");
    Checks.positive("iterations (T)", iterations);
    Checks.inClosedRange("step (loss grid step)", step, 1e-7, 0.1);
    List<PrivacyLossPmf.DeltaCurve> up = new ArrayList<>();
    List<PrivacyLossPmf.DeltaCurve> down = new ArrayList<>();
    double omitted = 0;
    for (LossPair pair : directions) {
      PrivacyLossPmf.Bracket single = PrivacyLossPmf.discretise(pair, step);
      up.add(single.upper().compose(iterations).deltaCurve());
      down.add(single.lower().compose(iterations).deltaCurve());
      omitted = Math.max(omitted, -Math.expm1(iterations * Math.log1p(-pair.omittedMass())));
    }
    return new FourierAccountant(up, down, omitted, dominatingPairProven);
  }

  /** Whether the composed pair is proven to dominate the mechanism (else it is the paper's model). */
  public boolean dominatingPairProven() {
    return dominatingPairProven;
  }

  /** Bounds on δ(ε) of the T-fold composition. */
  public Bounds delta(double epsilon) {
    Checks.nonNegative("epsilon", epsilon);
    return new Bounds(deltaLower(epsilon), deltaUpper(epsilon));
  }

  /**
   * Bounds on the smallest ε with δ(ε) ≤ {@code delta}; the upper end is +∞ when even the largest loss leaves more
   * than δ (mass at +∞).
   */
  public Bounds epsilon(double delta) {
    Checks.inClosedRange("delta", delta, 0, 1);
    Checks.require(delta > 0, "delta must be > 0 for an epsilon(delta) query, got " + delta);
    return new Bounds(smallestEpsilon(delta, false), smallestEpsilon(delta, true));
  }

  private double deltaUpper(double epsilon) {
    return largest(upper, epsilon);
  }

  private double deltaLower(double epsilon) {
    // the omitted components can only have lowered Q: δ ≥ δ′ − e^ε·(1 − (1 − w)^T)
    return Math.max(0, largest(lower, epsilon) - Math.exp(epsilon) * omittedComposed);
  }

  /** δ is the largest over the directions. */
  private static double largest(List<PrivacyLossPmf.DeltaCurve> curves, double epsilon) {
    double d = 0;
    for (PrivacyLossPmf.DeltaCurve curve : curves) {
      d = Math.max(d, curve.at(epsilon));
    }
    return d;
  }

  /** The smallest ε on the grid of bisection with δ(ε) ≤ target: rounded up for the upper pmf, down for the lower. */
  private double smallestEpsilon(double target, boolean up) {
    double hi = 0;
    for (PrivacyLossPmf.DeltaCurve pmf : up ? upper : lower) {
      hi = Math.max(hi, pmf.maxLoss());
    }
    double lo = 0;
    if (value(lo, up) <= target) {
      return 0;
    }
    if (value(hi, up) > target) {
      return up ? Double.POSITIVE_INFINITY : hi;
    }
    for (int i = 0; i < BISECTIONS; i++) {
      double mid = 0.5 * (lo + hi);
      if (value(mid, up) <= target) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return up ? hi : lo;
  }

  private double value(double epsilon, boolean up) {
    return up ? deltaUpper(epsilon) : deltaLower(epsilon);
  }
}
