package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.Maximizer;
import io.pais.privacy.Amplification;
import io.pais.privacy.Geometry;
import io.pais.privacy.LloydProfile;
import io.pais.privacy.NoiseScales;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.PrivacyConstrainedSampling;
import io.pais.sampling.UniformSampling;

/**
 * The ε guarantee of weighted DP-Lloyd behind each sampler (SPEC §6): the supremum of the amplified profile ψ
 * over the whole domain ‖x‖ ≤ r, not only over the data.
 */
public final class SamplerGuarantees {
  /** Grid points of the exact-supremum search before golden-section refinement. */
  static final int SUPREMUM_GRID = 2049;
  /**
   * Relative round-up of a supremum found numerically, so that the reported ε is an upper bound: it covers the
   * floating-point error of evaluating ψ (a few ulps through log1p/expm1) and of golden-section search near a
   * smooth maximum (second order in a step of ~1e-8 relative), with a factor of about 100 to spare.
   */
  public static final double CERTIFICATION_MARGIN = 1e-13;
  /** The reference code's grid: 100 equally spaced points on [0, r], both ends included. */
  public static final int REFERENCE_GRID = 100;

  private SamplerGuarantees() {}

  /** How the supremum over [0, r] of the core sampler's ψ is taken. */
  public enum CoreSupremum {
    /** Dense grid plus bracketed refinement of every grid peak: never below any grid value. */
    EXACT,
    /** The reference code's maximum over 100 grid points; under-states ε (reproduction only). */
    REFERENCE_GRID_100;

    /** As {@code --core-supremum} takes it. */
    public String id() {
      return switch (this) {
        case EXACT -> "exact";
        case REFERENCE_GRID_100 -> "grid100";
      };
    }

    /** {@code --core-supremum}: exact or grid100. */
    public static CoreSupremum parse(String text) {
      for (CoreSupremum supremum : values()) {
        if (supremum.id().equals(text.strip().toLowerCase(java.util.Locale.ROOT))) {
          return supremum;
        }
      }
      throw new IllegalArgumentException("core-supremum must be exact or grid100, got '" + text + "'");
    }
  }

  /** ε_full = T(1/β_count + r/β_sum): no sampling, every weight 1. */
  public static double full(NoiseScales scales) {
    return scales.fullDataEpsilon();
  }

  /** unif: ψ increases with the norm, so ε = log1p(p·expm1(ε_full/p)), p = m/n. */
  public static double uniform(NoiseScales scales, UniformSampling sampler) {
    double p = sampler.rate();
    return Amplification.psi(p, scales.fullDataEpsilon() / p);
  }

  /**
   * core: sup over z in [0, r] of ψ(z) = log(1 + q(z)(e^{α(z)/q(z)} − 1)); the exact mode rounds the supremum it
   * finds up by {@link #CERTIFICATION_MARGIN} so the reported ε is never below the true one.
   */
  public static double core(NoiseScales scales, CoreSampling sampler, CoreSupremum mode) {
    double sup = coreArgmax(scales, sampler, mode).value();
    return mode == CoreSupremum.EXACT ? sup * (1 + CERTIFICATION_MARGIN) : sup;
  }

  /** The norm at which the core supremum is attained, and the supremum. */
  public static Maximizer.Point coreArgmax(NoiseScales scales, CoreSampling sampler, CoreSupremum mode) {
    Checks.notNull("mode", mode);
    LloydProfile profile = scales.profile();
    double r = scales.radius();
    if (sampler.baseProbability() == 0) {
      // λ = 0: q → 0 at the origin while α stays ≥ T/β_count, so ψ is unbounded there.
      return new Maximizer.Point(0, Double.POSITIVE_INFINITY);
    }
    java.util.function.DoubleUnaryOperator psi = z -> {
      double q = sampler.probability(z);
      return Amplification.psi(q, profile.alpha(z) / q);
    };
    if (mode == CoreSupremum.REFERENCE_GRID_100) {
      Maximizer.Point best = new Maximizer.Point(0, psi.applyAsDouble(0));
      for (int i = 1; i < REFERENCE_GRID; i++) {
        double z = i == REFERENCE_GRID - 1 ? r : r * i / (REFERENCE_GRID - 1);
        double v = psi.applyAsDouble(z);
        if (v > best.value()) {
          best = new Maximizer.Point(z, v);
        }
      }
      return best;
    }
    if (sampler.geometry() == Geometry.L1) {
      double atR = psi.applyAsDouble(r);
      double atZero = psi.applyAsDouble(0);
      return atR >= atZero ? new Maximizer.Point(r, atR) : new Maximizer.Point(0, atZero);
    }
    return Maximizer.supremumOnInterval(psi, 0, r, SUPREMUM_GRID);
  }

  /**
   * The ℓ1 closed form of SPEC §6: ε = log(1 + max{ϑ(A1, A2), ϑ(A1', A2')}) with ϑ(u, v) = v(e^{u/v} − 1),
   * evaluated as max of ψ at the two endpoints (log1p ϑ(u, v) = ψ(v, u/v)), which avoids overflow.
   */
  public static double coreL1EndpointClosedForm(NoiseScales scales, double sampleSize, double populationSize,
      double lambda, double meanL1Norm) {
    int t = scales.iterations();
    double r = scales.radius();
    double a1 = t * (1 / scales.betaCount() + r / scales.betaSum());
    double a1Zero = t / scales.betaCount();
    double a2 = sampleSize / populationSize * (lambda + (1 - lambda) * r / meanL1Norm);
    double a2Zero = lambda * sampleSize / populationSize;
    double atR = Amplification.psi(a2, a1 / a2);
    double atZero = a2Zero == 0 ? Double.POSITIVE_INFINITY : Amplification.psi(a2Zero, a1Zero / a2Zero);
    return Math.max(atR, atZero);
  }

  /** max over the given norms of ψ(w(x)) for opt; by construction ≤ ε*. */
  public static double optMaxPsi(PrivacyConstrainedSampling sampler, double[] norms) {
    double max = 0;
    LloydProfile profile = sampler.profile();
    for (double z : norms) {
      max = Math.max(max, Amplification.psiOfWeight(sampler.weight(z), profile.alpha(z)));
    }
    return max;
  }
}
