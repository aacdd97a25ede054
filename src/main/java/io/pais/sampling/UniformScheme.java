package io.pais.sampling;

import java.util.Locale;

/**
 * The uniform, data-independent sampling schemes of SPEC §14 (after Zhao and Liu's MUST). All but Poisson draw a
 * fixed number of records; the multistage and with-replacement schemes produce a multiset, whose copies of one
 * record enter DP-Lloyd as its weight. Neighbouring data sets differ by substitution of one record (Poisson: by
 * adding or removing one), with the population size N public.
 */
public enum UniformScheme {
  /** Each record kept independently with probability γ = m/N. */
  POISSON_UNIFORM("poisson-uniform"),
  /** m of N without replacement. */
  WOR("wor"),
  /** m i.i.d. uniform draws from N (with replacement). */
  WR("wr"),
  /** MUST.OW: n₁ of N without replacement, then m draws with replacement from those. */
  MUST_OW("must-ow"),
  /** MUST.WO: n₁ draws with replacement, then m of those without replacement (m ≤ n₁); equal in law to WR. */
  MUST_WO("must-wo"),
  /** MUST.WW: n₁ draws with replacement, then m draws with replacement from those. */
  MUST_WW("must-ww");

  private final String id;

  UniformScheme(String id) {
    this.id = id;
  }

  /** The flag value. */
  public String id() {
    return id;
  }

  /** Whether the scheme has a first stage of size n₁. */
  public boolean isTwoStage() {
    return this == MUST_OW || this == MUST_WO || this == MUST_WW;
  }

  /** Whether a record can be drawn more than once. */
  public boolean isMultiset() {
    return this != POISSON_UNIFORM && this != WOR;
  }

  @Override
  public String toString() {
    return id.toUpperCase(Locale.ROOT);
  }
}
