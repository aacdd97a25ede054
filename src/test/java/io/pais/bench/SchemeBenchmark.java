package io.pais.bench;

import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.preprocessing.Preprocessor;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.experiments.DataSets;
import io.pais.io.Points;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.sampling.CopyCounts;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * DP-Lloyd under the uniform schemes against Poisson importance sampling (opt) and the full data, at equal (ε, δ) and
 * an equal expected number of distinct records per iteration (docs/results/strict-and-schemes.md): the engine in
 * local[2], paper mode (the same non-private preprocessing for every sampler, so only the sampling and the accounting
 * differ), k = 10, T = 10, random-ball start, guards on. Each scheme's m is chosen so that N·η(m) (the expected
 * distinct records of one iteration) equals the target; opt and poisson-uniform get that expected size directly;
 * two-stage schemes take n₁ = 20 % of N. Prints, per configuration, the mean and standard error of the cost (SPEC §9,
 * full data) over the seeds, the guarantee's δ, the expected number of distinct records the whole run reads (opt: its
 * one sample; a redrawn scheme: N(1 − (1 − η)^T); a cached stage I: at most n₁), and the median seconds of sampling and
 * of DP-Lloyd.
 *
 * <p>Arguments: seeds (default 5), ε (default 3), δ (default 1e-6), distinct fraction (default 0.05), then data
 * sets (default magic skin).
 */
public final class SchemeBenchmark {
  private static final int K = 10;
  private static final int T = 10;
  private static final double STAGE1_FRACTION = 0.2;

  private SchemeBenchmark() {}

  /** One configuration of the comparison. */
  private record Config(String label, Sampler sampler, BaseNoise noise, boolean cached) {}

  public static void main(String[] args) {
    int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    double epsilon = args.length > 1 ? Double.parseDouble(args[1]) : 3;
    double delta = args.length > 2 ? Double.parseDouble(args[2]) : 1e-6;
    double distinct = args.length > 3 ? Double.parseDouble(args[3]) : 0.05;
    List<String> sets = args.length > 4 ? List.of(args).subList(4, args.length) : List.of("magic", "skin");
    List<Config> configs = new ArrayList<>(List.of(new Config("full", Sampler.FULL, BaseNoise.LAPLACE, false),
        new Config("opt", Sampler.OPT, BaseNoise.LAPLACE, false)));
    for (Sampler s : List.of(Sampler.POISSON_UNIFORM, Sampler.WOR, Sampler.WR, Sampler.MUST_OW, Sampler.MUST_WW)) {
      for (BaseNoise noise : BaseNoise.values()) {
        configs.add(new Config(s.id() + " " + noise.id(), s, noise, false));
        if (s == Sampler.MUST_OW) {
          configs.add(new Config("must-ow cached " + noise.id(), s, noise, true));
        }
      }
    }
    SparkSession spark = SparkSession.builder().master("local[2]").appName("scheme-benchmark")
        .config("spark.ui.enabled", "false").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    System.out.printf(Locale.ROOT, "uniform schemes against opt and full: k=%d T=%d epsilon=%s delta=%s (pure for "
        + "full and opt), %.0f %% of N distinct per iteration, n1 = %.0f %% of N, %d seeds, local[2]%n", K, T,
        epsilon, delta, 100 * distinct, 100 * STAGE1_FRACTION, seeds);
    for (String name : sets) {
      Points raw = DataSets.load(spark, name, Path.of(System.getProperty("pais.shared.dir", "../shared"),
          "datasets"));
      raw.rdd().persist(StorageLevel.MEMORY_AND_DISK());
      Points points = new Points(raw.rdd(), raw.dimension(), raw.source(), raw.stableKeys());
      long n = Preprocessor.paper(raw.rdd(), raw.dimension(), Geometry.L2, raw.source()).count();
      long target = Math.round(distinct * n);
      System.out.printf(Locale.ROOT, "%n%s: N = %d after preprocessing, d = %d, %d distinct records per iteration%n",
          name, n, raw.dimension(), target);
      System.out.println("| sampler | m | n1 | delta | records read | cost (mean ± se) | sampling s | DP-Lloyd s |");
      System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
      for (Config c : configs) {
        row(spark, points, n, target, c, seeds, epsilon, delta);
      }
      raw.rdd().unpersist(false);
    }
    spark.stop();
  }

  private static void row(SparkSession spark, Points points, long n, long target, Config c, int seeds,
      double epsilon, double delta) {
    boolean scheme = c.sampler().isUniformScheme();
    long stage1 = scheme && c.sampler().uniformScheme().isTwoStage() ? Math.round(STAGE1_FRACTION * n) : 0;
    double m = !scheme || c.sampler() == Sampler.POISSON_UNIFORM ? target
        : sizeForDistinct(c.sampler().uniformScheme(), n, stage1, target);
    double[] costs = new double[seeds];
    double[] sampling = new double[seeds];
    double[] lloyd = new double[seeds];
    double spentDelta = 0;
    for (int seed = 0; seed < seeds; seed++) {
      SettingsBuilder builder = KMeansSettings.builder().paper().k(K).iterations(Iterations.fixed(T))
          .epsilon(epsilon).sampler(c.sampler()).sampleSize(SampleSize.of("m", m))
          .initialisation(Initialisation.RANDOM_BALL).seed((long) seed);
      if (scheme) {
        builder.stage1Size(stage1 == 0 ? null : SampleSize.of("n1", stage1)).value(Setting.STAGE1_CACHED, c.cached())
            .noise(c.noise()).value(Setting.DELTA, delta);
      }
      KMeansSettings settings = builder.build();
      ClusteringResult r = new PrivateKMeansEngine(settings, message -> { }).fit(points, true);
      costs[seed] = r.cost();
      sampling[seed] = r.stageSeconds().getOrDefault("weights and sampling", 0.0)
          + r.stageSeconds().getOrDefault("record numbers", 0.0);
      lloyd[seed] = r.stageSeconds().get("DP-Lloyd");
      spentDelta = r.report().delta();
    }
    double mean = Arrays.stream(costs).average().orElse(Double.NaN);
    double var = Arrays.stream(costs).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, seeds - 1);
    System.out.printf(Locale.ROOT, "| %s | %s | %s | %.2g | %.0f | %.5g ± %.2g | %.2f | %.2f |%n", c.label(),
        c.sampler() == Sampler.FULL ? "all" : String.format(Locale.ROOT, "%.0f", m),
        stage1 == 0 ? "" : Long.toString(stage1), spentDelta, recordsRead(c, n, stage1, m), mean,
        Math.sqrt(var / seeds), median(sampling), median(lloyd));
  }

  /** The expected number of distinct records the run reads over its T iterations. */
  private static double recordsRead(Config c, long n, long stage1, double m) {
    if (c.sampler() == Sampler.FULL) {
      return n;
    }
    if (!c.sampler().isUniformScheme()) {
      return m; // one sample, read T times
    }
    double eta = c.sampler() == Sampler.POISSON_UNIFORM ? m / n
        : CopyCounts.of(c.sampler().uniformScheme(), n, stage1, (long) m).eta();
    if (c.cached()) {
      // T stage-II draws of m with replacement from the n1 stage-I records
      double perRecord = -Math.expm1(T * m * Math.log1p(-1.0 / stage1));
      return stage1 * perRecord;
    }
    return n * -Math.expm1(T * Math.log1p(-eta));
  }

  /** The m whose expected distinct records N·η(m) is nearest the target (η grows with m). */
  static long sizeForDistinct(UniformScheme scheme, long n, long stage1, long target) {
    if (scheme == UniformScheme.WOR) {
      return target;
    }
    long lo = 1;
    long hi = 1;
    while (n * CopyCounts.of(scheme, n, stage1, hi).eta() < target) {
      lo = hi;
      hi *= 2;
    }
    while (hi - lo > 1) {
      long mid = (lo + hi) / 2;
      if (n * CopyCounts.of(scheme, n, stage1, mid).eta() < target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  private static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
