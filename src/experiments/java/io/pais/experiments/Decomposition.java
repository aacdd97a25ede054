package io.pais.experiments;

import io.pais.clustering.DpLloydIterations;
import io.pais.clustering.PreparedRun;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.settings.KMeansSettings;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Where a strict release's excess over the floor comes from — a diagnostic that reads the data without privacy (as
 * the floor does), never part of a release. One seeded run is prepared once (DP estimates, plan, sample, private
 * initial centres), and four sets of centres are costed on the prepared points, each ÷ the floor:
 * <ul>
 *   <li>{@code initial}: the private initialiser's centres;
 *   <li>{@code released}: T iterations of DP-Lloyd with the plan's noise — the release's own centres, bit for bit
 *       (the same steps as {@link PrivateKMeansEngine#fit} in the same order);
 *   <li>{@code noiseFree}: the same T iterations over the same sample, summing the same terms (clipped offsets too),
 *       without noise;
 *   <li>{@code converged}: as noiseFree, with {@code longer} iterations instead of T (an over-seeded run's first
 *       iteration over its seeds, merged into k, then the others: {@link DpLloydIterations}).
 * </ul>
 * released ÷ noiseFree is what DP-Lloyd's noise costs; noiseFree ÷ converged what stopping after T iterations costs;
 * converged what the initialiser's basin (and the sample, clip and radius) leave.
 */
record Decomposition(String dataSet, String sampler, double epsilon, int seed, double initial, double released,
    double noiseFree, double converged) {

  static final String HEADER = "dataset,sampler,epsilon,seed,initial,released,noiseFree,converged";

  /** The four ratios of one seeded run of {@code settings} on {@code set}; {@code longer} iterations converge. */
  static Decomposition of(String dataSet, String sampler, double epsilon, int seed, KMeansSettings settings,
      StudySet set, double floor, int longer) {
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    PreparedRun run = engine.prepare(set.points());
    try {
      int k = settings.k();
      double[] released = engine.iterate(run, engine.noiseFor(run));
      double[] noiseFree = engine.iterate(run, LloydNoise.none());
      // noise-free and longer, on the release's schedule (an over-seeded run continues from its first iteration's
      // merge); beyond T, a scheme's last sample stands in (a Poisson run has one sample for every iteration)
      double[] converged = DpLloydIterations.run(run, settings, longer,
          t -> run.sampleOf(Math.min(t, run.iterations())), LloydNoise.none(), DeadCentres.none(),
          NoiseRandomness.seeded(seed).provider(), t -> { });
      return new Decomposition(dataSet, sampler, epsilon, seed,
          ratio(set, run, run.initialCentres(), k, floor), ratio(set, run, released, k, floor),
          ratio(set, run, noiseFree, k, floor), ratio(set, run, converged, k, floor));
    } finally {
      run.release();
    }
  }

  private static double ratio(StudySet set, PreparedRun run, double[] centres, int k, double floor) {
    return set.cost(run.inInputCoordinates(centres, k)) / floor;
  }

  /** The median of one part over runs. */
  static double median(List<Decomposition> parts, ToDoubleFunction<Decomposition> part) {
    return StrictStudy.quantile(parts.stream().mapToDouble(part).toArray(), 0.5);
  }

  String csv() {
    return String.format(Locale.ROOT, "%s,%s,%s,%d,%.6f,%.6f,%.6f,%.6f", dataSet, sampler, epsilon, seed, initial,
        released, noiseFree, converged);
  }
}
