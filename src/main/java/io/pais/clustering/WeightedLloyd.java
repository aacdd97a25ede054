package io.pais.clustering;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * Weighted DP-Lloyd (SPEC §2) over a cached sample of dense blocks. Each iteration broadcasts the centres,
 * computes the k × (d + 1) weighted sums and counts in one pass per partition, merges them with
 * treeAggregate, and on the driver adds noise and applies the post-processing guards: a centre whose noisy count
 * is at most {@code minNoisyCount} keeps its previous position, and every centre is projected onto the ball of
 * radius r. Guards only touch noisy outputs, so they cost no privacy; they can be switched off to reproduce
 * the reference code.
 *
 * @param k clusters
 * @param iterations T
 * @param radius r
 * @param geometry the ball that guards project onto
 * @param guards whether the guards are on
 * @param minNoisyCount the guard threshold on ñ_j
 */
public record WeightedLloyd(int k, int iterations, double radius, Geometry geometry, boolean guards,
    double minNoisyCount) {

  public WeightedLloyd {
    Checks.positive("k", k);
    Checks.positive("iterations (T)", iterations);
    Checks.positive("radius (r)", radius);
    Checks.notNull("geometry", geometry);
    Checks.finite("minNoisyCount", minNoisyCount);
  }

  /**
   * Runs T iterations from {@code initial} (k × d row-major) over one cached sample and returns the final centres.
   *
   * @param progress called with the iteration number after each iteration (for logs; gets no data)
   */
  public double[] run(JavaRDD<SampleBlock> sample, int dimension, double[] initial, LloydNoise noise,
      IntConsumer progress) {
    return run(t -> sample, dimension, initial, noise, progress);
  }

  /**
   * Runs T iterations, iteration t over {@code sampleOfIteration.apply(t)} (a fresh sample per iteration for the
   * uniform schemes), and returns the final centres.
   */
  public double[] run(IntFunction<JavaRDD<SampleBlock>> sampleOfIteration, int dimension, double[] initial,
      LloydNoise noise, IntConsumer progress) {
    Checks.require(initial.length == k * dimension, "initial centres must be k x d = " + k * dimension
        + " values, got " + initial.length);
    double[] centres = initial.clone();
    for (int t = 1; t <= iterations; t++) {
      JavaRDD<SampleBlock> sample = sampleOfIteration.apply(t);
      Broadcast<double[]> shared = JavaSparkContext.fromSparkContext(sample.context()).broadcast(centres);
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, dimension);
      WeightedClusterStats stats = sample.treeAggregate(new WeightedClusterStats(k, dimension),
          (acc, block) -> acc.add(block, shared.value(), norms), WeightedClusterStats::merge);
      shared.destroy();
      centres = update(stats, centres, dimension, noise);
      progress.accept(t);
    }
    return centres;
  }

  /**
   * The same iterations over blocks held in memory: the experiment runner's path, where thousands of small
   * runs would otherwise pay Spark's job overhead every iteration.
   */
  public double[] runInMemory(java.util.List<SampleBlock> sample, int dimension, double[] initial, LloydNoise noise) {
    Checks.require(initial.length == k * dimension, "initial centres must be k x d = " + k * dimension
        + " values, got " + initial.length);
    double[] centres = initial.clone();
    for (int t = 1; t <= iterations; t++) {
      double[] norms = WeightedClusterStats.squaredNorms(centres, k, dimension);
      WeightedClusterStats stats = new WeightedClusterStats(k, dimension);
      for (SampleBlock block : sample) {
        stats.add(block, centres, norms);
      }
      centres = update(stats, centres, dimension, noise);
    }
    return centres;
  }

  /** One driver-side update: noise for every cluster, then the guards. */
  double[] update(WeightedClusterStats stats, double[] previous, int dimension, LloydNoise noise) {
    double[] next = new double[k * dimension];
    for (int j = 0; j < k; j++) {
      double noisyCount = noise.noisyCount(stats.count(j));
      double[] c = noise.noisySum(stats.sum(j));
      for (int t = 0; t < dimension; t++) {
        c[t] /= noisyCount;
      }
      boolean keep = guards && (noisyCount <= minNoisyCount || !(noisyCount > 0));
      if (!guards && noise.isNone() && stats.count(j) == 0) {
        keep = true; // plain weighted Lloyd: an empty cluster keeps its centre
      }
      if (keep) {
        System.arraycopy(previous, j * dimension, next, j * dimension, dimension);
        continue;
      }
      if (guards) {
        double norm = geometry.norm(c);
        if (norm > radius) {
          for (int t = 0; t < dimension; t++) {
            c[t] *= radius / norm;
          }
        }
      }
      System.arraycopy(c, 0, next, j * dimension, dimension);
    }
    return next;
  }
}
