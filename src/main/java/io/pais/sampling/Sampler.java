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

  /**
   * Whether the sampler needs n̂ or x̃̂ (or the noisy norms) of a strict release's norm histogram, given a sample
   * size that is a count (whose rate m/n needs n) or a fraction. The switches here say, for each sampler, what it
   * reads: a new sampler does not compile until it says.
   */
  public boolean needsNormHistogram(boolean sizeIsCount) {
    return switch (this) {
      case CORE, OPT -> true; // core's q uses n̂ and x̃̂; opt's B is searched on the noisy histogram
      case UNIF, POISSON_UNIFORM -> sizeIsCount; // the rate m/n̂
      case FULL, WOR, WR, MUST_OW, MUST_WO, MUST_WW -> false; // the fixed-size schemes' N is public
    };
  }

  /**
   * Whether a point's sampling weight follows its norm (core's q(z), opt's w(x)): the guarantee is then the supremum
   * of a personalized profile, so what a point adds to a sum must be bounded by its own norm too
   * ({@code io.pais.lloyd.LloydSums.ClippedOffsets}); every other sampler weighs every point the same, and its noise
   * is calibrated to the largest term.
   */
  public boolean weighsByNorm() {
    return switch (this) {
      case CORE, OPT -> true;
      case UNIF, FULL, POISSON_UNIFORM, WOR, WR, MUST_OW, MUST_WO, MUST_WW -> false;
    };
  }

  /** What paper mode's sampler reads from the data without privacy, as the report lists it; null when nothing. */
  public String paperDataUse(boolean sizeIsCount) {
    return switch (this) {
      case UNIF -> "unif: q = m/n uses n from the data";
      case CORE -> "core: q uses n and xTilde from the data";
      case OPT -> "opt: B was searched on every exact norm, so B (and with it the noise scales and the sample) is "
          + "data-dependent";
      case POISSON_UNIFORM -> sizeIsCount ? "poisson-uniform: the rate m/n uses n from the data" : null;
      case FULL, WOR, WR, MUST_OW, MUST_WO, MUST_WW -> null;
    };
  }

  /** Parses a sampler's {@link #id()} (any case). */
  public static Sampler parse(String name) {
    return Checks.oneOf("sampler", name, values(), Sampler::id);
  }
}
