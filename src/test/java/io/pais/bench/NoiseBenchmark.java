package io.pais.bench;

import io.pais.initialisation.InitialCentres;
import io.pais.lloyd.KMeansCost;
import io.pais.lloyd.LloydNoise;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedLloyd;
import io.pais.experiments.DataSets;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.SumNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.sql.SparkSession;

/**
 * What the release noise costs, side by side in one JVM (see docs/PERFORMANCE.md):
 * <ol>
 *   <li>speed: microseconds per cluster per iteration (one count and one d-dimensional ℓ2 sum) for the
 *       floating-point noise of the experiments and the lattice noise of releases, from a seeded xoroshiro and
 *       from {@code SecureRandom}, at d = 2, 50, 500;</li>
 *   <li>utility: full-data DP-Lloyd (k = 10, T = 10, random-ball start, guards) on shared data sets after the
 *       paper's preprocessing, with the same seeds for both noises, mean cost of each and the paired ratio.</li>
 * </ol>
 * Arguments: seeds per cell (default 20), then data-set names (default htru2 magic shuttle).
 */
public final class NoiseBenchmark {
  private static final int K = 10;
  private static final int T = 10;

  private NoiseBenchmark() {}

  public static void main(String[] args) {
    int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    List<String> sets = args.length > 1 ? List.of(args).subList(1, args.length) : List.of("htru2", "magic",
        "shuttle");
    speed();
    utility(seeds, sets);
  }

  private static void speed() {
    System.out.println("speed: microseconds per cluster and iteration (count + d-dim l2 sum), 3 rounds after warm-up");
    for (int d : new int[] {2, 50, 500}) {
      double[] exact = new double[d];
      LaplaceNoise count = new LaplaceNoise(3.0);
      SumNoise sum = SumNoise.of(Geometry.L2, d, 7.0);
      LatticeNoise.Pair lattice = LatticeNoise.countAndSum(3.0, 7.0, Geometry.L2, d);
      UniformRandomProvider seeded = NoiseRandomness.seeded(1).provider();
      UniformRandomProvider secure = NoiseRandomness.secure().provider();
      int n = 2_000_000 / d + 2000;
      double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
      double sink = 0;
      for (int round = 0; round < 4; round++) {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
          sink += count.release(1, seeded) + sum.release(exact, seeded)[0];
        }
        long t1 = System.nanoTime();
        for (int i = 0; i < n; i++) {
          sink += lattice.count().release(1, seeded) + lattice.sum().release(exact, seeded)[0];
        }
        long t2 = System.nanoTime();
        for (int i = 0; i < n; i++) {
          sink += count.release(1, secure) + sum.release(exact, secure)[0];
        }
        long t3 = System.nanoTime();
        for (int i = 0; i < n; i++) {
          sink += lattice.count().release(1, secure) + lattice.sum().release(exact, secure)[0];
        }
        long t4 = System.nanoTime();
        if (round > 0) {
          long[] t = {t0, t1, t2, t3, t4};
          for (int j = 0; j < 4; j++) {
            best[j] = Math.min(best[j], (t[j + 1] - t[j]) / 1e3 / n);
          }
        }
      }
      System.out.printf(Locale.ROOT, "d=%d  floating/seeded %.2f  lattice/seeded %.2f  floating/secure %.2f  "
          + "lattice/secure %.2f  (checksum %.1f)%n", d, best[0], best[1], best[2], best[3], sink);
    }
  }

  private static double mean(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s / x.length;
  }

  private static double standardError(double[] x) {
    double m = mean(x);
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return Math.sqrt(s / (x.length - 1) / x.length);
  }

  private static void utility(int seeds, List<String> sets) {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-noise-bench")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    System.out.printf(Locale.ROOT, "utility: full-data DP-Lloyd, k=%d, T=%d, %d seeds per cell, mean cost%n", K, T,
        seeds);
    for (String name : sets) {
      Points raw = DataSets.load(spark, name, Path.of(System.getProperty("pais.shared.dir", "../shared"),
          "datasets"));
      PreparedData data = Preprocessor.paper(raw.rdd(), raw.dimension(), Geometry.L2, raw.source());
      List<double[]> points = data.points().map(KeyedPoint::x).collect();
      int d = data.dimension();
      List<SampleBlock> all = PoissonSampler.sampleInMemory(points, d, null, Geometry.L2, 0);
      for (double epsilon : new double[] {0.5, 1, 3}) {
        double unit = NoiseScales.fullDataEpsilonAtUnitBudget(T, data.radius(), d, NoiseSplit.SU_ET_AL, Geometry.L2);
        NoiseScales scales = NoiseScales.calibrate(T, data.radius(), d, Math.pow(epsilon / unit, 2));
        double[] floating = new double[seeds];
        double[] onLattice = new double[seeds];
        for (int seed = 0; seed < seeds; seed++) {
          double[] init = InitialCentres.randomBall(K, d, data.radius(), Geometry.L2,
              NoiseRandomness.seeded(1000 + seed).provider());
          WeightedLloyd lloyd = new WeightedLloyd(K, T, data.radius(), Geometry.L2, true, 1.0);
          LloydNoise a = LloydNoise.of(new LaplaceNoise(scales.betaCount()),
              SumNoise.of(Geometry.L2, d, scales.betaSum()), NoiseRandomness.seeded(seed));
          LatticeNoise.Pair pair = LatticeNoise.countAndSum(scales.betaCount(), scales.betaSum(), Geometry.L2, d);
          LloydNoise b = LloydNoise.of(pair.count(), pair.sum(), NoiseRandomness.seeded(seed));
          floating[seed] = KMeansCost.meanCost(all, lloyd.run(SampleBlocks.inMemory(all), d, init, a), K);
          onLattice[seed] = KMeansCost.meanCost(all, lloyd.run(SampleBlocks.inMemory(all), d, init, b), K);
        }
        double f = mean(floating);
        double l = mean(onLattice);
        // standard error of the ratio of two independent means, to first order
        double se = l / f * Math.hypot(standardError(floating) / f, standardError(onLattice) / l);
        System.out.printf(Locale.ROOT, "%-8s eps=%-4s floating %.6g  lattice %.6g  lattice/floating %.4f "
            + "(standard error %.4f)%n", name, epsilon, f, l, l / f, se);
      }
      data.release();
    }
    spark.stop();
  }
}
