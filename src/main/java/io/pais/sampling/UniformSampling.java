package io.pais.sampling;

import io.pais.math.Checks;

/** unif: every point is kept with the same probability q = m/n (SPEC §5). */
public final class UniformSampling implements SamplingFunction {
  private static final long serialVersionUID = 1L;

  private final double q;

  /**
   * @param sampleSize expected sample size m, 0 &lt; m ≤ n
   * @param populationSize n
   */
  public UniformSampling(double sampleSize, double populationSize) {
    Checks.positive("populationSize (n)", populationSize);
    Checks.positive("sampleSize (m)", sampleSize);
    Checks.require(sampleSize <= populationSize,
        "sampleSize (m) must be at most populationSize (n; not named: it may be data-derived), got " + sampleSize);
    this.q = sampleSize / populationSize;
  }

  @Override
  public double probability(double norm) {
    return q;
  }

  /** The common probability m/n. */
  public double rate() {
    return q;
  }
}
