package io.pais.clustering;

import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.OverseededStart;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedLloyd;
import io.pais.settings.KMeansSettings;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * DP-Lloyd's iterations over a prepared run, in the one place that knows how they start: from the run's initial
 * centres, or, where the run over-seeds ({@link PreparedRun#firstCentres} &gt; k), with a first iteration over its
 * seeds merged into k ({@link OverseededStart}) before the others run over k centres. The release
 * ({@link DpLloydStage}) and the experiments' noise-free diagnostics run the same schedule.
 */
public final class DpLloydIterations {
  private DpLloydIterations() {}

  /**
   * {@code iterations} iterations of weighted DP-Lloyd with the run's sums, reach and point radius and the settings'
   * geometry and guards.
   *
   * @param sampleOfIteration the sample iteration t (1-based) reads
   * @param noise the noise of the iterations, t = 1 first ({@link LloydNoise#none()} for none)
   * @param deadCentres the rule for dead centres of the iterations over k centres
   * @param rng fits the over-seeded start's seeds and breaks its merge's ties (unused where the run does not
   *     over-seed)
   * @param afterIteration told t after iteration t
   * @return the final k centres, k × d row-major, in preprocessed coordinates
   */
  public static double[] run(PreparedRun run, KMeansSettings settings, int iterations,
      IntFunction<SampleBlocks> sampleOfIteration, LloydNoise noise, DeadCentres deadCentres,
      UniformRandomProvider rng, IntConsumer afterIteration) {
    int k = settings.k();
    int d = run.data().dimension();
    double[] initial = run.initialCentres();
    int first = 1; // the first iteration over k centres
    if (run.firstCentres() > k) {
      WeightedLloyd seeds = new WeightedLloyd(run.firstCentres(), 1, run.pointRadius(), settings.geometry(),
          settings.guards().enabled(), settings.guards().minNoisyCount(), run.sums(), DeadCentres.none(),
          run.firstReach());
      initial = OverseededStart.centres(seeds, k, sampleOfIteration.apply(1), run.coreset(), d, noise.atIteration(1),
          run.noise(settings.sumShape(d), 1).countDeviation(), rng);
      afterIteration.accept(1);
      first = 2;
    }
    int offset = first - 1;
    WeightedLloyd lloyd = new WeightedLloyd(k, iterations - offset, run.pointRadius(), settings.geometry(),
        settings.guards().enabled(), settings.guards().minNoisyCount(), run.sums(), deadCentres,
        first == 1 ? run.firstReach() : 1, run.centreClips());
    return lloyd.run(t -> sampleOfIteration.apply(t + offset), d, initial, noise.from(first),
        t -> afterIteration.accept(t + offset));
  }
}
