package io.pais.sampling;

import io.pais.math.Checks;
import java.util.Locale;

/** The sampling strategies of SPEC §5, plus FULL (no sampling). */
public enum Sampler {
  /** q = m/n. */
  UNIF,
  /** Coreset-inspired q(z) = λ m/n + (1 − λ) m z²/(n x̃). */
  CORE,
  /** Privacy-constrained: the largest weight whose amplified profile equals ε*. */
  OPT,
  /** No sampling: DP-Lloyd on every point with weight 1. */
  FULL;

  /** The lower-case name used on the command line and in reports. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses "unif", "core", "opt" or "full" (any case). */
  public static Sampler parse(String name) {
    return Checks.oneOf("sampler", name, values(), Sampler::id);
  }
}
