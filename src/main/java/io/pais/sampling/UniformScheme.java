package io.pais.sampling;

import io.pais.math.Checks;
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

  /**
   * The size rules of the scheme: N, m ≥ 1; m ≤ N without replacement; for two-stage schemes n₁ ≥ 1, n₁ ≤ N for
   * must-ow and m ≤ n₁ for must-wo.
   */
  public void requireValidSizes(long population, long stage1, long sampleSize) {
    Checks.positive("population (N)", population);
    Checks.positive("sample size (m)", sampleSize);
    if (this == POISSON_UNIFORM || this == WOR) {
      Checks.require(sampleSize <= population, "sample size (m) must be at most the population (N) = " + population
          + " for " + id + ", got " + sampleSize);
    }
    if (isTwoStage()) {
      Checks.positive("stage-1 size (n1)", stage1);
    }
    if (this == MUST_OW) {
      Checks.require(stage1 <= population, "stage-1 size (n1) must be at most the population (N) = " + population
          + " for must-ow, got " + stage1);
    }
    if (this == MUST_WO) {
      Checks.require(sampleSize <= stage1, "sample size (m) must be at most the stage-1 size (n1) = " + stage1
          + " for must-wo, got " + sampleSize);
    }
  }

  @Override
  public String toString() {
    return id.toUpperCase(Locale.ROOT);
  }
}
