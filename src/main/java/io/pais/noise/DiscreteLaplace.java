package io.pais.noise;

import io.pais.math.Checks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The discrete Laplace law on the integers, P(k) ∝ exp(−|k|/t) for an integer scale t, sampled exactly: only
 * integer arithmetic and uniform integers, no floating point, so no rounding can bias or leak (Canonne, Kamath
 * and Steinke 2020, Algorithms 1 and 2, with s = 1). Adding it to an integer statistic whose neighbours differ by
 * at most Δ is (Δ/t)-DP exactly.
 */
public record DiscreteLaplace(long scale) {
  /** The largest scale: U + t·V stays far from overflow (V ≥ 2^11 has probability e^−2048). */
  public static final long MAX_SCALE = 1L << 52;

  public DiscreteLaplace {
    Checks.require(scale >= 1 && scale <= MAX_SCALE, "scale (t) of the discrete Laplace must be an integer in [1, "
        + "2^52], got " + scale);
  }

  /** One draw. */
  public long sample(UniformRandomProvider rng) {
    while (true) {
      long u = rng.nextLong(scale);
      if (!bernoulliExpMinus(u, scale, rng)) {
        continue;
      }
      long v = 0;
      while (bernoulliExpMinus(1, 1, rng)) {
        v++;
      }
      long magnitude = Math.addExact(u, Math.multiplyExact(scale, v));
      boolean negative = rng.nextBoolean();
      if (negative && magnitude == 0) {
        continue; // zero would otherwise come twice
      }
      return negative ? -magnitude : magnitude;
    }
  }

  /**
   * Bernoulli(exp(−num/den)) for 0 ≤ num ≤ den: the K-th step of the series flips Bernoulli(γ/K), and the outcome
   * is whether the first failure comes at an odd K. Bernoulli(num/(den·K)) is Bernoulli(1/K) and Bernoulli(num/den)
   * together, which needs no product that could overflow.
   */
  private static boolean bernoulliExpMinus(long num, long den, UniformRandomProvider rng) {
    long k = 1;
    while (rng.nextLong(k) == 0 && rng.nextLong(den) < num) {
      k++;
    }
    return (k & 1) == 1;
  }
}
