package io.pais.bench;

import io.pais.lloyd.LloydNoise;
import io.pais.lloyd.LloydSums;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedLloyd;
import io.pais.privacy.Geometry;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The DP-Lloyd pass without Spark: weighted Lloyd iterations over n in-memory points (d dims, 25 Gaussian blobs,
 * k = 25) on one thread, so the kernel's own speed shows apart from Spark's overhead. Prints which kernel the JVM
 * has: run it with and without {@code --add-modules=jdk.incubator.vector} (see docs/PERFORMANCE.md).
 * Arguments: n (default 1,000,000), d (default 50).
 */
public final class KernelBenchmark {
  private static final int K = 25;
  private static final int ROUNDS = 7;

  private KernelBenchmark() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    SplittableRandom random = new SplittableRandom(1);
    List<double[]> points = GaussianBlobs.points(n, d, K, random);
    List<SampleBlock> blocks = PoissonSampler.sampleInMemory(points, d, (PoissonSampler.RowWeight) null, 0);
    points = null;
    double[] initial = new double[K * d];
    for (int i = 0; i < initial.length; i++) {
      initial[i] = random.nextDouble(-5, 5);
    }
    int iterations = 5;
    // the paper's sums of points and the default clipped offsets, interleaved round by round
    WeightedLloyd[] lloyds = {new WeightedLloyd(K, iterations, 100, Geometry.L2, false, 0),
        new WeightedLloyd(K, iterations, 100, Geometry.L2, false, 0, LloydSums.clippedOffsets(10, Geometry.L2))};
    SampleBlocks sample = SampleBlocks.inMemory(blocks);
    double[][] seconds = new double[lloyds.length][ROUNDS];
    for (int round = -2; round < ROUNDS; round++) { // two rounds of warm-up
      for (int v = 0; v < lloyds.length; v++) {
        long start = System.nanoTime();
        lloyds[v].run(sample, d, initial, LloydNoise.none());
        if (round >= 0) {
          seconds[v][round] = (System.nanoTime() - start) / 1e9 / iterations;
        }
      }
    }
    String[] names = {"sums of points", "clipped offsets"};
    for (int v = 0; v < lloyds.length; v++) {
      Arrays.sort(seconds[v]);
      System.out.printf(Locale.ROOT, "n=%d d=%d k=%d, one thread, jdk.incubator.vector %s, %s: %.4f s per iteration "
          + "(median of %d rounds of %d; best %.4f), %.1f GFLOP/s in the products%n", n, d, K,
          ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() ? "loaded" : "absent", names[v],
          seconds[v][ROUNDS / 2], ROUNDS, iterations, seconds[v][0], 2.0 * n * d * K / seconds[v][ROUNDS / 2] / 1e9);
    }
  }
}
