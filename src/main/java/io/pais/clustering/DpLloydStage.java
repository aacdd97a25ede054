package io.pais.clustering;

import io.pais.lloyd.DeadCentres;
import io.pais.lloyd.LloydNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PublicDomain;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The iterate stage: T iterations of weighted DP-Lloyd on a prepared run, with its rule for dead centres and the
 * released centres moved into the public domain (post-processing). Told the settings, the log, the progress listener
 * and clock, and the run's randomness.
 */
final class DpLloydStage {
  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageListener stages;
  private final StageClock clock;
  private final NoiseRandomness randomness;

  DpLloydStage(KMeansSettings settings, Consumer<String> log, StageListener stages, StageClock clock,
      NoiseRandomness randomness) {
    this.settings = settings;
    this.log = log;
    this.stages = stages;
    this.clock = clock;
    this.randomness = randomness;
  }

  /**
   * Where DP-Lloyd's dead centres go: to the private coreset's points, or, in a strict release that has none, to a
   * split of the heaviest live centre in the public domain's shape (the box's half-widths, or r/√d or r/d a
   * coordinate of the ball). Paper mode keeps a dead centre in place, as the reference code does.
   */
  private DeadCentres deadCentres(PreparedRun run) {
    double countDeviation = run.noise(settings.sumShape(run.data().dimension())).countDeviation();
    if (run.coreset().rows() > 0 || !settings.isStrict()) {
      return DeadCentres.of(run.coreset(), countDeviation);
    }
    int d = run.data().dimension();
    CoordinateBounds box = settings.strictRelease().bounds();
    double[] shape;
    if (box != null) {
      shape = box.halfWidthsIn(d);
    } else {
      shape = new double[d];
      Arrays.fill(shape, run.pointRadius() / (settings.geometry() == Geometry.L2 ? Math.sqrt(d) : d));
    }
    return DeadCentres.splitting(shape, countDeviation, randomness.provider());
  }

  /**
   * T iterations of weighted DP-Lloyd with {@code noise}; returns centres in preprocessed coordinates, moved into the
   * public box or ball when the guards are on ({@link PublicDomain}: never further from a point the release read).
   * Where the run over-seeds, the first iteration runs over its seeds and the other T − 1 from their merge
   * ({@link DpLloydIterations}).
   */
  double[] iterate(PreparedRun run, LloydNoise noise) {
    int iterations = run.iterations();
    long start = clock.begin(iterationStage(1, iterations));
    double[] centres = DpLloydIterations.run(run, settings, iterations, run::sampleOf, noise, deadCentres(run),
        randomness.provider(), t -> progress(t, iterations, start));
    clock.end("DP-Lloyd", start);
    if (settings.guards().enabled()) { // a guard like the others: the released centres moved into the public domain
      int moved = PublicDomain.of(settings, run.data().dimension()).moveInto(centres, settings.k(),
          run.data().offset());
      if (moved > 0) {
        log.accept(moved + " of " + settings.k() + " centres moved into the public domain (post-processing)");
      }
    }
    return centres;
  }

  /** The log line and the stage boundary after iteration t of T (gets no data). */
  private void progress(int t, int iterations, long start) {
    stages.end();
    log.accept(String.format(java.util.Locale.ROOT, "DP-Lloyd iteration %d/%d, %.1f s", t, iterations,
        (System.nanoTime() - start) / 1e9));
    if (t < iterations) {
      stages.begin(iterationStage(t + 1, iterations));
    }
  }

  private static String iterationStage(int t, int iterations) {
    return "DP-Lloyd iteration " + t + "/" + iterations;
  }
}
