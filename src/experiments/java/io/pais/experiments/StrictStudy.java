package io.pais.experiments;

import io.pais.settings.SampleSize;
import io.pais.settings.Iterations;
import io.pais.settings.Defaults;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Initialisation;
import io.pais.preprocessing.OrderStatistic;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SettingsBuilder;
import io.pais.preprocessing.PreparedData;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What end-to-end privacy costs: the job's own engine in strict mode (clip radius, DP centre, DP norm
 * histogram, DP-Lloyd on the rest) against paper mode (the paper's preprocessing, constants read without
 * privacy), at equal total ε, with everything else equal (random-ball initialisation, guards, k, T, sample
 * fraction). The cost of both is measured the same way: (1/n) Σ min_j ‖x − c_j‖² over the raw input, so the
 * numbers compare the released centres, not the preprocessing.
 */
@Command(name = "pais-strict-study", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Strict against paper mode on real data sets (docs/results/strict-and-schemes.md).")
public final class StrictStudy implements Callable<Integer> {
  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--dataset", required = true, split = ",", description = "data sets")
  List<String> dataSets;

  @Option(names = "--k", description = "clusters (default: ${DEFAULT-VALUE})")
  int k = 10;

  @Option(names = "--iterations", description = "T (default: ${DEFAULT-VALUE})")
  int iterations = 10;

  @Option(names = "--epsilons", split = ",", description = "epsilon grid (default: ${DEFAULT-VALUE})")
  List<Double> epsilons = List.of(1.0, 3.0, 10.0);

  @Option(names = "--samplers", split = ",", description = "samplers (default: ${DEFAULT-VALUE})")
  List<String> samplers = List.of("full", "unif", "core", "opt");

  @Option(names = "--sample-fraction", description = "sample fraction for unif, core, opt (default: ${DEFAULT-VALUE})")
  double fraction = 0.05;

  @Option(names = "--budget-centre", description = "strict: share of epsilon for the centre (default: ${DEFAULT-VALUE})")
  double centreShare = Defaults.CENTRE_SHARE;

  @Option(names = "--budget-histogram", description = "strict: share for the histogram (default: ${DEFAULT-VALUE})")
  double histogramShare = Defaults.HISTOGRAM_SHARE;

  @Option(names = "--clip-scale", description = "multiply the emulated public clip radius by this (a user's looser "
      + "bound) (default: ${DEFAULT-VALUE})")
  double clipScale = 1;

  @Option(names = "--modes", split = ",", description = "paper and/or strict (default: ${DEFAULT-VALUE})")
  List<String> modes = List.of("paper", "strict");

  @Option(names = "--repetitions", description = "seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 5;

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new StrictStudy()).execute(args));
  }

  /** One run's outcome. */
  record Run(String dataSet, String mode, String sampler, double epsilon, int seed, double cost) {
    static final String HEADER = "dataset,mode,sampler,epsilon,seed,cost";

    String csv() {
      return String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%.8g", dataSet, mode, sampler, epsilon, seed, cost);
    }
  }

  @Override
  public Integer call() throws IOException {
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-strict-study", 2, common.keepSession);
    List<String> summary = new ArrayList<>(List.of("dataset,sampler,epsilon,paperMedian,paperQ25,paperQ75,"
        + "strictMedian,strictQ25,strictQ75,ratio,clipRadius"));
    try {
      for (String name : dataSets) {
        Points loaded = DataSets.load(spark, name, common.dataDir);
        JavaRDD<KeyedPoint> cached = loaded.rdd().persist(StorageLevel.MEMORY_AND_DISK());
        int d = loaded.dimension();
        long n = cached.count();
        double clipRadius = clipScale * clipRadius(cached, n);
        System.out.printf(Locale.ROOT, "%s: n = %d, d = %d, clip radius R0 = %.6g%n", name, n, d, clipRadius);
        PreparedData raw = new PreparedData(cached, d, n, Double.NaN, Double.NaN, new double[d], Double.NaN);
        List<Run> runs = new ArrayList<>();
        for (double eps : epsilons) {
          for (String sampler : samplers) {
            for (String mode : modes) {
              for (int seed = 0; seed < repetitions; seed++) {
                KMeansSettings settings = settings(Sampler.parse(sampler), eps, seed, mode.equals("strict")
                    ? KMeansSettings.builder().strict(clipRadius).shares(centreShare, histogramShare,
                        Defaults.INIT_SHARE) : KMeansSettings.builder().paper());
                // a fresh map over the cache: the engine persists and releases its own copy
                double cost;
                try {
                  ClusteringResult result = new PrivateKMeansEngine(settings, message -> { })
                      .fit(new Points(cached.map(p -> p), d, loaded.dimensionSource(), loaded.source(),
                          true), false);
                  cost = raw.cost(flatten(result.centres()), k);
                } catch (InputException e) {
                  // an infeasible configuration (core's q would pass 1, opt cannot reach m): recorded, not a cost
                  System.out.printf(Locale.ROOT, "%s: %s %s epsilon %s: %s%n", name, mode, sampler, eps, e.getMessage());
                  cost = Double.NaN;
                }
                runs.add(new Run(name, mode, sampler, eps, seed, cost));
              }
            }
            System.out.printf(Locale.ROOT, "%s: epsilon %s, %s done%n", name, eps, sampler);
          }
        }
        cached.unpersist(false);
        Path dir = common.output.resolve(name);
        Files.createDirectories(dir);
        Files.write(dir.resolve("strict-runs.csv"), lines(Run.HEADER, runs.stream().map(Run::csv).toList()));
        List<String> rows = summarise(name, runs, clipRadius);
        Files.write(dir.resolve("strict-summary.csv"), lines(summary.get(0), rows));
        summary.addAll(rows);
        chart(dir, name, runs);
      }
      Files.write(common.output.resolve("strict-summary.csv"), summary);
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    return 0;
  }

  /**
   * The public clip radius a user who knows the data's range would choose; emulated here (the study is not a
   * release) as the smallest power of two at or above the 97.5 % quantile of the raw norms about the origin.
   */
  static double clipRadius(JavaRDD<KeyedPoint> points, long n) {
    long rank = (long) Math.ceil(0.975 * (n - 1));
    double q = OrderStatistic.select(points.mapToDouble(p -> Geometry.L2.norm(p.x())), rank);
    return Math.pow(2, Math.ceil(Math.log(Math.max(q, 1e-300)) / Math.log(2)));
  }

  private KMeansSettings settings(Sampler sampler, double eps, int seed, SettingsBuilder mode) {
    return mode.k(k).iterations(Iterations.fixed(iterations)).epsilon(eps).sampler(sampler)
        .sampleSize(SampleSize.of("sample-fraction", fraction)).initialisation(Initialisation.RANDOM_BALL).seed((long) seed)
        .build();
  }

  static double[] flatten(double[][] centres) {
    int d = centres[0].length;
    double[] out = new double[centres.length * d];
    for (int j = 0; j < centres.length; j++) {
      System.arraycopy(centres[j], 0, out, j * d, d);
    }
    return out;
  }

  static List<String> lines(String header, List<String> rows) {
    List<String> out = new ArrayList<>(List.of(header));
    out.addAll(rows);
    return out;
  }

  private static double[] costs(List<Run> runs, String mode, String sampler, double eps) {
    return runs.stream().filter(r -> r.mode().equals(mode) && r.sampler().equals(sampler) && r.epsilon() == eps)
        .mapToDouble(Run::cost).filter(c -> !Double.isNaN(c)).toArray();
  }

  private List<String> summarise(String name, List<Run> runs, double clipRadius) {
    List<String> out = new ArrayList<>();
    for (double eps : epsilons) {
      for (String sampler : samplers) {
        double[] paper = costs(runs, "paper", sampler, eps);
        double[] strict = costs(runs, "strict", sampler, eps);
        double pm = paper.length == 0 ? Double.NaN : Summary.quantile(paper, 0.5);
        double sm = strict.length == 0 ? Double.NaN : Summary.quantile(strict, 0.5);
        out.add(String.format(Locale.ROOT, "%s,%s,%s,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.4f,%.6g", name, sampler, eps, pm,
            quantile(paper, 0.25), quantile(paper, 0.75), sm, quantile(strict, 0.25), quantile(strict, 0.75),
            sm / pm, clipRadius));
      }
    }
    return out;
  }

  static double quantile(double[] values, double p) {
    return values.length == 0 ? Double.NaN : Summary.quantile(values, p);
  }

  private void chart(Path dir, String name, List<Run> runs) throws IOException {
    XYChart chart = Charts.xy(name + ": strict (solid) against paper mode (dashed), k = " + k + ", T = " + iterations,
        "epsilon", "cost on the raw data (median of " + repetitions + ")", true);
    double[] x = epsilons.stream().mapToDouble(Double::doubleValue).toArray();
    Map<String, double[]> medians = new LinkedHashMap<>();
    for (String sampler : samplers) {
      for (String mode : modes) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
          y[i] = quantile(costs(runs, mode, sampler, x[i]), 0.5);
        }
        medians.put(sampler + " " + mode, y);
        Color colour = Charts.COLOURS.getOrDefault(sampler, Color.BLACK);
        var series = chart.addSeries(sampler + " " + mode, x, y);
        series.setLineColor(colour);
        series.setMarkerColor(colour);
        if (mode.equals("paper")) {
          series.setLineStyle(new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT,
              java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        }
      }
    }
    Charts.save(chart, dir.resolve("strict-vs-paper.png"));
  }
}
