package io.pais.sampling;

import io.pais.math.Checks;
import java.util.Locale;

/**
 * The samplers of the job: Poisson importance sampling (SPEC §5), FULL (no sampling), and the uniform schemes of
 * SPEC §14 (MUST), which draw a fresh sample in every DP-Lloyd iteration and whose releases are (ε, δ)-DP.
 */
public enum Sampler {
  /** q = m/n. */
  UNIF,
  /** Coreset-inspired q(z) = λ m/n + (1 − λ) m z²/(n x̃). */
  CORE,
  /** Privacy-constrained: the largest weight whose amplified profile equals ε*. */
  OPT,
  /** No sampling: DP-Lloyd on every point with weight 1. */
  FULL,
  /** Poisson(m/N) coins, fresh in every iteration, weight 1. */
  POISSON_UNIFORM(UniformScheme.POISSON_UNIFORM),
  /** m of N without replacement, every iteration. */
  WOR(UniformScheme.WOR),
  /** m draws with replacement, every iteration; copies are weights. */
  WR(UniformScheme.WR),
  /** MUST.OW: n₁ of N without replacement, then m draws with replacement of those. */
  MUST_OW(UniformScheme.MUST_OW),
  /** MUST.WO: n₁ draws with replacement, then m of those without replacement. */
  MUST_WO(UniformScheme.MUST_WO),
  /** MUST.WW: n₁ draws with replacement, then m draws with replacement of those. */
  MUST_WW(UniformScheme.MUST_WW);

  private final UniformScheme scheme;

  Sampler() {
    this(null);
  }

  Sampler(UniformScheme scheme) {
    this.scheme = scheme;
  }

  /** The name used on the command line and in reports ("unif", "must-ow", …). */
  public String id() {
    return scheme != null ? scheme.id() : name().toLowerCase(Locale.ROOT);
  }

  /** Whether this is one of the uniform schemes of SPEC §14. */
  public boolean isUniformScheme() {
    return scheme != null;
  }

  /** The uniform scheme (only for {@link #isUniformScheme()}). */
  public UniformScheme uniformScheme() {
    Checks.require(scheme != null, "sampler " + id() + " is not a uniform scheme");
    return scheme;
  }

  /** Parses a sampler's {@link #id()} (any case). */
  public static Sampler parse(String name) {
    return Checks.oneOf("sampler", name, values(), Sampler::id);
  }
}
