package io.pais.experiments;

import io.pais.math.Checks;
import io.pais.sampling.Sampler;
import java.util.List;

/**
 * The grid of a sweep.
 *
 * @param k clusters
 * @param iterations T
 * @param epsilons the ε grid
 * @param sampleSizes m grid: counts, or fractions of n below 1
 * @param repetitions R (seeds 0..R−1)
 * @param samplers which samplers
 * @param lambda core's λ
 * @param protocols paper and/or product
 * @param referenceNoise also run the reference code's (non-private) Exponential radius
 */
record SweepSettings(int k, int iterations, List<Double> epsilons, List<Double> sampleSizes, int repetitions,
    List<Sampler> samplers, double lambda, List<Protocol> protocols, boolean referenceNoise) {

  SweepSettings {
    Checks.positive("k", k);
    Checks.positive("iterations", iterations);
    Checks.require(!epsilons.isEmpty() && epsilons.stream().allMatch(e -> e > 0 && Double.isFinite(e)),
        "epsilons must be finite and > 0, got " + epsilons);
    Checks.require(!sampleSizes.isEmpty() && sampleSizes.stream().allMatch(m -> m > 0 && Double.isFinite(m)),
        "sample sizes must be > 0, got " + sampleSizes);
    Checks.positive("repetitions", repetitions);
    Checks.inClosedRange("lambda", lambda, 0, 1);
    epsilons = List.copyOf(epsilons);
    sampleSizes = List.copyOf(sampleSizes);
    samplers = List.copyOf(samplers);
    protocols = List.copyOf(protocols);
  }

  /** The m grid for a set of n points (fractions resolved, rounded to whole points). */
  List<Double> sampleSizes(long n) {
    return sampleSizes.stream().map(m -> (double) Math.round(m < 1 ? m * n : m)).sorted().toList();
  }
}
