package io.pais.math;

/**
 * How far a mean lies from a region's middle, estimated from a noisy estimate of it: the empirical-Bayes step of a
 * James–Stein shrink. Each coordinate of the estimate, scaled by its reach a (the region's half-width there), is
 * y = (x − m)/a = τ + e with noise e of variance s = σ²/a²; E y² = τ² + s, so y² − s estimates τ², which a linear
 * shrink m + λ(x − m) needs for its least squared error λ = τ²/(τ² + s). τ² is pooled over the coordinates: a mean
 * inside the region has τ² ≤ 1 in every coordinate, and 1 — the worst case — gives the minimax weight a²/(a² + σ²).
 * Reads only what it is given (a DP estimate and public constants): post-processing.
 */
public final class MeanSpread {
  /**
   * The fewest effective coordinates (Σw)²/Σw² from which τ² is pooled rather than taken as the worst case.
   * Positive-part James–Stein, which the pooled moment reduces to in equal coordinates, beats the unshrunk estimate
   * from 3 on; the generalisation benchmark chose 5 over 3 (at 3 glass 4.05 → 4.36, whose box has 3.7–4.3 effective
   * coordinates, where the pooled moment is too noisy, and scales-8x8 1.018 → 1.032; every other cell the same): see
   * docs/results/decisions.md, "The DP centre drawn to the domain's middle".
   */
  public static final int FROM_COORDINATES = 5;

  private MeanSpread() {}

  /**
   * τ² in [0, 1]: with weights w = 1/(1 + s)² (the inverse of y²'s variance at τ² = 1, up to a factor) and
   * D = (Σw)²/Σw² effective coordinates, D/(D − 2)·Σw y²/Σw − Σw s/Σw, clamped — in D equal coordinates the shrink
   * λ = τ²/(τ² + s) is then positive-part James–Stein, 1 − (D − 2)s/‖y‖². Coordinates without noise (s = 0) or
   * without reach (s infinite) carry nothing about τ² and are left out; with fewer than {@link #FROM_COORDINATES}
   * effective coordinates it is 1, the worst case.
   *
   * @param scaled each coordinate's offset from the middle over its reach
   * @param noise each coordinate's noise variance over its reach squared
   */
  public static double of(double[] scaled, double[] noise) {
    Checks.require(scaled.length == noise.length, "scaled and noise must have the same length, got "
        + scaled.length + " and " + noise.length);
    double weights = 0;
    double squaredWeights = 0;
    double weightedSquares = 0;
    double weightedNoise = 0;
    for (int t = 0; t < scaled.length; t++) {
      if (noise[t] > 0 && noise[t] < Double.POSITIVE_INFINITY) {
        double w = 1 / ((1 + noise[t]) * (1 + noise[t]));
        weights += w;
        squaredWeights += w * w;
        weightedSquares += w * scaled[t] * scaled[t];
        weightedNoise += w * noise[t];
      }
    }
    double effective = weights * weights / squaredWeights;
    // d equal weights give d up to rounding, which must not decide whether 5 coordinates are 5
    if (!(effective >= FROM_COORDINATES * (1 - 0x1.0p-40))) {
      return 1;
    }
    double spread = weightedSquares / weights * (effective / (effective - 2)) - weightedNoise / weights;
    return Math.min(1, Math.max(0, spread));
  }
}
