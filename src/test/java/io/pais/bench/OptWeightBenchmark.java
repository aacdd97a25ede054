package io.pais.bench;

import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.PrivacyConstrainedSampling;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Throughput of the opt weight computation (closed form plus polish and the ψ ≤ ε* check) on one thread, in
 * points per second. Norms are uniform on [0, r]; the noise is calibrated as for a real run (T = 10, d = 50)
 * with B at half of B_max, for several ε*. Run: see docs/PERFORMANCE.md.
 */
public final class OptWeightBenchmark {
  private OptWeightBenchmark() {}

  public static void main(String[] args) {
    int points = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    double radius = 10;
    double[] norms = new SplittableRandom(42).doubles(points, 0, radius).toArray();
    System.out.printf(Locale.ROOT, "opt weights, closed form, 1 thread, %d norms per round, %d timed rounds%n",
        points, rounds);
    System.out.printf(Locale.ROOT, "%10s %18s %18s%n", "epsilon*", "median Mpoints/s", "best Mpoints/s");
    for (double epsStar : new double[] {0.5, 3, 100, 1000}) {
      double bMax = Math.pow(epsStar / NoiseScales.fullDataEpsilonAtUnitBudget(10, radius, 50, NoiseSplit.SU_ET_AL, Geometry.L2), 2);
      NoiseScales scales = NoiseScales.calibrate(10, radius, 50, 0.5 * bMax);
      PrivacyConstrainedSampling opt = new PrivacyConstrainedSampling(scales.profile(), epsStar, radius);
      double sink = 0;
      for (int warm = 0; warm < 3; warm++) {
        sink += sum(opt, norms);
      }
      double[] rates = new double[rounds];
      for (int round = 0; round < rounds; round++) {
        long start = System.nanoTime();
        sink += sum(opt, norms);
        rates[round] = points / ((System.nanoTime() - start) / 1e9) / 1e6;
      }
      java.util.Arrays.sort(rates);
      System.out.printf(Locale.ROOT, "%10.1f %18.2f %18.2f%n", epsStar, rates[rounds / 2], rates[rounds - 1]);
      if (sink == 42) {
        System.out.println();
      }
    }
  }

  private static double sum(PrivacyConstrainedSampling opt, double[] norms) {
    double s = 0;
    for (double z : norms) {
      s += opt.probability(z);
    }
    return s;
  }
}
