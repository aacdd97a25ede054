package io.pais.settings;

import io.pais.accounting.SchemePlan;
import io.pais.math.Checks;
import io.pais.privacy.BaseNoise;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
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

  /**
   * Checks these options against the sampler they go with: stage I and the noise belong to the uniform schemes, n₁ to
   * the two-stage ones, a cached stage I to must-ow, δ must be reachable; each message in the user's {@code names}.
   *
   * @param droppingStrict a strict release that drops the points beyond r (which changes the number of records)
   */
  void requireFor(Sampler sampler, Initialisation init, boolean droppingStrict, Vocabulary names) {
    if (!sampler.isUniformScheme()) {
      Checks.require(isNone(), names.name(Setting.NOISE) + ", " + names.name(Setting.DELTA) + ", "
          + names.name(Setting.STAGE1_SIZE) + " and " + names.name(Setting.STAGE1_CACHED) + " belong to the uniform "
          + "schemes (poisson-uniform, wor, wr, must-ow, must-wo, must-ww), got sampler " + sampler.id());
      return;
    }
    UniformScheme scheme = sampler.uniformScheme();
    Checks.require(scheme.isTwoStage() == (stage1Size != null), scheme.isTwoStage()
        ? names.name(Setting.STAGE1_SIZE) + " (n1) is required for " + scheme.id()
        : names.name(Setting.STAGE1_SIZE) + " belongs to the two-stage schemes (must-ow, must-wo, must-ww), got "
        + "sampler " + scheme.id());
    Checks.require(!stage1Cached || scheme == UniformScheme.MUST_OW, names.name(Setting.STAGE1_CACHED) + " is for "
        + "must-ow (stage I without replacement), got sampler " + scheme.id());
    SchemePlan.requireReachableDelta(scheme, noise, delta);
    Checks.require(init != Initialisation.SAMPLE_POINTS, names.is(Setting.INIT, "sample-points") + " is not "
        + "available with the uniform schemes (use random-ball)");
    Checks.require(!droppingStrict || scheme == UniformScheme.POISSON_UNIFORM, names.is(Setting.OUTLIERS, "drop")
        + " changes the number of records, which " + scheme.id() + " takes as public: use "
        + names.is(Setting.OUTLIERS, "project"));
  }

  /** n₁ for N records: the count, or the fraction of N rounded to the nearest record (at least 1). */
  public long stage1For(long population) {
    return stage1Size.records(population);
  }
}
