package io.pais.clustering;

import io.pais.math.Checks;
import io.pais.privacy.BaseNoise;
import java.io.Serializable;

/**
 * The settings of a run under a uniform scheme (SPEC §14) beyond the sampler and the sample size.
 *
 * @param stage1Size n₁ for the two-stage schemes: a count, or a fraction of N when below 1 (NaN: not given)
 * @param stage1Cached draw stage I once and keep it (must-ow), instead of redrawing every stage each iteration
 * @param noise the base noise of DP-Lloyd
 * @param delta the target δ of the release (0: pure ε-DP, possible only for poisson-uniform and wor with Laplace)
 */
public record SchemeOptions(double stage1Size, boolean stage1Cached, BaseNoise noise, double delta)
    implements Serializable {

  public SchemeOptions {
    Checks.require(Double.isNaN(stage1Size) || stage1Size > 0 && Double.isFinite(stage1Size),
        "stage1-size must be finite and > 0, or absent, got " + stage1Size);
    Checks.require(Double.isNaN(stage1Size) || stage1Size < 1 || stage1Size == Math.rint(stage1Size),
        "stage1-size must be a whole number of records or a fraction below 1, got " + stage1Size);
    Checks.notNull("noise", noise);
    Checks.require(delta >= 0 && delta < 1, "delta must be in [0, 1), got " + delta);
  }

  /** Laplace noise, no stage I, pure where possible: what a sampler that is no uniform scheme carries. */
  public static SchemeOptions none() {
    return new SchemeOptions(Double.NaN, false, BaseNoise.LAPLACE, 0);
  }

  /** n₁ for N records: the count, or the fraction of N rounded to the nearest record (at least 1). */
  public long stage1For(long population) {
    return stage1Size < 1 ? Math.max(1, Math.round(stage1Size * population)) : (long) stage1Size;
  }
}
