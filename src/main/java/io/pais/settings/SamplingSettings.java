package io.pais.settings;

import io.pais.accounting.Relation;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.math.Checks;
import io.pais.sampling.Sampler;
import java.io.Serializable;

/**
 * How the sample DP-Lloyd runs on is drawn.
 *
 * @param sampler unif, core, opt or full (Poisson importance sampling), or a uniform scheme
 * @param size the expected sample size m, given or auto (ignored by full)
 * @param lambda core's λ, in [0, 1]
 * @param coreSupremum exact supremum or the reference code's grid of 100
 * @param scheme the uniform scheme's settings; {@link SchemeOptions#none()} for the other samplers
 */
public record SamplingSettings(Sampler sampler, SampleSizeRule size, double lambda, CoreSupremum coreSupremum,
    SchemeOptions scheme) implements Serializable {

  public SamplingSettings {
    Checks.notNull("sampler", sampler);
    Checks.notNull("sampleSize", size);
    Checks.inClosedRange("lambda", lambda, 0, 1);
    Checks.notNull("coreSupremum", coreSupremum);
    Checks.notNull("scheme", scheme);
  }

  /** Whether the sample size is a count (its rate m/n needs n), not a fraction. */
  public boolean sizeIsCount() {
    return size.base() instanceof SampleSize.Count;
  }

  /**
   * The expected sample sizes DP-Lloyd's planner tries in a population of n, largest first: under auto, opt's in a
   * strict release; else the one size.
   */
  public double[] sizesToTry(long population, boolean strict) {
    return sampler == Sampler.OPT && strict ? size.expectedSizes(population)
        : new double[] {size.base().expected(population)};
  }

  /**
   * The sampler DP-Lloyd runs with in a population of n̂: full data when opt in a strict release reads every point
   * under --sample-size auto ({@link SampleSizeRule#readsEveryPoint}), else the one set.
   */
  public Sampler samplerFor(double population, boolean strict) {
    return sampler == Sampler.OPT && strict && size.readsEveryPoint(population) ? Sampler.FULL : sampler;
  }

  /**
   * The neighbouring relation the release's guarantee is stated under: substitution for the fixed-size uniform
   * schemes (they publish N), add/remove otherwise.
   */
  public Relation relation() {
    return sampler.isUniformScheme() ? Relation.of(sampler.uniformScheme()) : Relation.ADD_REMOVE;
  }

  /** The target δ: the scheme's, 0 for the pure ε-DP Poisson samplers. */
  public double delta() {
    return sampler.isUniformScheme() ? scheme.delta() : 0;
  }
}
