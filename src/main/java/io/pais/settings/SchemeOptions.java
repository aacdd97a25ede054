package io.pais.settings;

import io.pais.math.Checks;
import io.pais.privacy.BaseNoise;
import java.io.Serializable;

/**
 * The settings of a run under a uniform scheme (SPEC §14) beyond the sampler and the sample size.
 *
 * @param stage1Size n₁ for the two-stage schemes: a count, or a fraction of N (null: not given)
 * @param stage1Cached draw stage I once and keep it (must-ow), instead of redrawing every stage each iteration
 * @param noise the base noise of DP-Lloyd
 * @param delta the target δ of the release (0: pure ε-DP, possible only for poisson-uniform and wor with Laplace)
 */
public record SchemeOptions(SampleSize stage1Size, boolean stage1Cached, BaseNoise noise, double delta)
    implements Serializable {

  public SchemeOptions {
    Checks.notNull("noise", noise);
    Checks.require(delta >= 0 && delta < 1, "delta must be in [0, 1), got " + delta);
  }

  /** Laplace noise, no stage I, pure where possible: what a sampler that is no uniform scheme carries. */
  public static SchemeOptions none() {
    return new SchemeOptions(null, false, Defaults.NOISE, Defaults.DELTA);
  }

  /** Whether these are the settings a sampler that is no uniform scheme carries. */
  public boolean isNone() {
    return equals(none());
  }

  /** n₁ for N records: the count, or the fraction of N rounded to the nearest record (at least 1). */
  public long stage1For(long population) {
    return stage1Size.records(population);
  }
}
