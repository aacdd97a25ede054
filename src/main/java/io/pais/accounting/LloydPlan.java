package io.pais.accounting;

import io.pais.noise.LatticeNoise;
import io.pais.privacy.SumShape;

/**
 * What a run needs of DP-Lloyd's plan, whichever sampler family solved it: Poisson importance sampling
 * ({@link PrivacyPlan}) or a uniform scheme ({@link SchemePlan}).
 */
public interface LloydPlan {

  /** DP-Lloyd's count and sum noise at the plan's scales, on their lattices. */
  LatticeNoise.CountAndSum noise(SumShape shape, int dimension);

  /** How the guarantee was computed, for the report. */
  String guaranteeMethod();
}
