package io.pais.experiments;

import io.pais.settings.SampleSize;
import io.pais.settings.Iterations;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Initialisation;
import io.pais.accounting.TrainingSummary;
import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.SampleBlocks;
import io.pais.settings.Defaults;
import io.pais.settings.KMeansSettings;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.lloyd.SampleBlock;
import io.pais.io.InputException;
import io.pais.sampling.Sampler;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.apache.spark.sql.SparkSession;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What a strict release's centres are worth: the job's engine in strict mode on each shared data set after the
 * paper's preprocessing (SPEC §9's fixed evaluation setup, not part of any release), with a public clip radius
 * emulated as {@link StrictStudy#clipRadius}, reported as cost ÷ the non-private floor. The floor is computed here:
 * weighted k-means (k-means++ seeding, Lloyd to convergence) with weight 1 on every point, the best of
 * {@code --floor-starts} starts. Costs are SPEC §9's (1/n) Σ min_j ‖x − c_j‖² over the preprocessed points.
 */
@Command(name = "pais-utility-study", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Strict releases against the non-private k-means++ floor on real data sets (docs/RESULTS.md).")
public final class UtilityStudy implements Callable<Integer> {
  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--dataset", split = ",", description = "data sets (default: all of ../shared/datasets)")
  List<String> dataSets = List.copyOf(DataSets.SHARED.keySet());

  @Option(names = "--k", description = "clusters (default: ${DEFAULT-VALUE})")
  int k = 10;

  @Option(names = "--iterations", description = "T: a whole number or auto (default: ${DEFAULT-VALUE})")
  String iterations = "auto";

  @Option(names = "--init", description = "initialisation (default: ${DEFAULT-VALUE})")
  String init = Initialisation.PRIVATE_CORESET.id();

  @Option(names = "--epsilons", split = ",", description = "epsilon grid (default: ${DEFAULT-VALUE})")
  List<Double> epsilons = List.of(0.5, 1.0, 3.0, 10.0);

  @Option(names = "--samplers", split = ",", description = "samplers (default: ${DEFAULT-VALUE})")
  List<String> samplers = List.of("full", "unif", "core", "opt");

  @Option(names = "--sample-fraction", description = "sample fraction for unif, core, opt (default: ${DEFAULT-VALUE})")
  double fraction = 0.05;

  @Option(names = "--repetitions", description = "seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 5;

  @Option(names = "--floor-starts", description = "k-means++ starts of the floor (default: ${DEFAULT-VALUE})")
  int floorStarts = 10;

  @Option(names = "--budget-summary", description = "the share of epsilon for the private training summary; 0: "
      + "none (default: ${DEFAULT-VALUE})")
  double summaryShare = Defaults.SUMMARY_SHARE;

  private static final String SUMMARY_HEADER = "dataset,sampler,epsilon,runs,failed,ratioMedian,ratioQ25,ratioQ75,"
      + "floorCost,init,iterations,summaryShare,summaryCostErrorMedian,summarySizesErrorMedian";

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new UtilityStudy()).execute(args));
  }

  /**
   * One run's outcome; cost NaN when the configuration was infeasible (recorded, not a cost). The summary's errors
   * (NaN without a summary) are against the released centres' exact values on the preprocessed points: the DP
   * training cost's |relative error|, and Σ_j |DP size − exact size| / n.
   */
  record Run(String dataSet, String sampler, double epsilon, int seed, double cost, double ratio,
      double summaryCostError, double summarySizesError) {
    static final String HEADER = "dataset,sampler,epsilon,seed,cost,ratio,summaryCostError,summarySizesError";

    String csv() {
      return String.format(Locale.ROOT, "%s,%s,%s,%d,%.8g,%.6f,%.6f,%.6f", dataSet, sampler, epsilon, seed, cost,
          ratio, summaryCostError, summarySizesError);
    }
  }

  /** The summary's errors against the exact sizes and cost of {@code result}'s centres on {@code blocks}. */
  private double[] summaryErrors(ClusteringResult result, List<SampleBlock> blocks, int d) {
    TrainingSummary summary = result.report().trainingSummary();
    if (summary == null) {
      return new double[] {Double.NaN, Double.NaN};
    }
    ClusterCosts exact = SampleBlocks.inMemory(blocks).clusterCosts(StrictStudy.flatten(result.centres()), k, d,
        Double.POSITIVE_INFINITY);
    double[] sizes = exact.weights();
    double n = 0;
    double sizesError = 0;
    for (int j = 0; j < k; j++) {
      n += sizes[j];
      sizesError += Math.abs(summary.clusterSizes().get(j) - sizes[j]);
    }
    return new double[] {Math.abs(summary.trainingCost() - exact.cost()) / exact.cost(), sizesError / n};
  }

  @Override
  public Integer call() throws IOException {
    Iterations parsedIterations = Iterations.parse(iterations);
    Initialisation initialisation = Initialisation.parse(init);
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-utility-study", 2, common.keepSession);
    List<String> summary = new ArrayList<>(List.of(SUMMARY_HEADER));
    try {
      for (String name : dataSets) {
        StudySet set = StudySet.load(spark, name, common.dataDir);
        int d = set.dimension();
        List<SampleBlock> blocks = set.blocks();
        double clipRadius = set.clipRadius();
        long start = System.nanoTime();
        double floor = set.floor(k, floorStarts);
        System.out.printf(Locale.ROOT, "%s: n = %d after preprocessing, d = %d, R0 = %.6g, floor %.6g (%d starts, "
            + "%.1f s)%n", name, set.prepared().count(), d, clipRadius, floor, floorStarts,
            (System.nanoTime() - start) / 1e9);
        List<Run> runs = new ArrayList<>();
        for (double eps : epsilons) {
          for (String sampler : samplers) {
            for (int seed = 0; seed < repetitions; seed++) {
              KMeansSettings settings = KMeansSettings.builder().k(k).iterations(parsedIterations).epsilon(eps)
                  .sampler(Sampler.parse(sampler)).sampleSize(SampleSize.of("sample-fraction", fraction))
                  .initialisation(initialisation).seed((long) seed).strict(clipRadius).summaryShare(summaryShare)
                  .build();
              double cost;
              double[] summaryErrors = {Double.NaN, Double.NaN};
              try {
                // a fresh map over the cache: the engine persists and releases its own copy
                ClusteringResult result = new PrivateKMeansEngine(settings, message -> { }).fit(set.points(), false);
                cost = set.cost(result.centres());
                summaryErrors = summaryErrors(result, blocks, d);
              } catch (InputException e) {
                System.out.printf(Locale.ROOT, "%s: %s epsilon %s: %s%n", name, sampler, eps, e.getMessage());
                cost = Double.NaN;
              }
              runs.add(new Run(name, sampler, eps, seed, cost, cost / floor, summaryErrors[0], summaryErrors[1]));
            }
            double[] ratios = ratios(runs, sampler, eps);
            System.out.printf(Locale.ROOT, "%s: epsilon %s, %s: median cost / floor %.3f%n", name, eps, sampler,
                StrictStudy.quantile(ratios, 0.5));
          }
        }
        set.release();
        Path dir = common.output.resolve(name);
        Files.createDirectories(dir);
        Files.write(dir.resolve("utility-runs.csv"), StrictStudy.lines(Run.HEADER, runs.stream().map(Run::csv)
            .toList()));
        List<String> rows = summarise(name, runs, floor);
        Files.write(dir.resolve("utility-summary.csv"), StrictStudy.lines(SUMMARY_HEADER, rows));
        summary.addAll(rows);
        chart(dir, name, runs);
      }
      Files.write(common.output.resolve("utility-summary.csv"), summary);
      Files.write(common.output.resolve("utility-table.md"), table(summary));
      table(summary).forEach(System.out::println);
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    return 0;
  }

  private static double median(List<Run> runs, String sampler, double eps, ToDoubleFunction<Run> value) {
    return StrictStudy.quantile(runs.stream().filter(r -> r.sampler().equals(sampler) && r.epsilon() == eps)
        .mapToDouble(value).filter(v -> !Double.isNaN(v)).toArray(), 0.5);
  }

  private static double[] ratios(List<Run> runs, String sampler, double eps) {
    return runs.stream().filter(r -> r.sampler().equals(sampler) && r.epsilon() == eps).mapToDouble(Run::ratio)
        .filter(c -> !Double.isNaN(c)).toArray();
  }

  private List<String> summarise(String name, List<Run> runs, double floor) {
    List<String> out = new ArrayList<>();
    for (double eps : epsilons) {
      for (String sampler : samplers) {
        double[] r = ratios(runs, sampler, eps);
        out.add(String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.4f,%.4f,%.4f,%.8g,%s,%s,%s,%.4f,%.4f", name, sampler, eps,
            r.length, repetitions - r.length, StrictStudy.quantile(r, 0.5), StrictStudy.quantile(r, 0.25),
            StrictStudy.quantile(r, 0.75), floor, init, iterations, summaryShare,
            median(runs, sampler, eps, Run::summaryCostError), median(runs, sampler, eps, Run::summarySizesError)));
      }
    }
    return out;
  }

  /**
   * Markdown tables per sampler, data sets as rows and ε as columns: the median (q25–q75) of cost ÷ floor, and with a
   * training summary its median relative cost error and median size error Σ|ñ_j − n_j|/n, in per cent.
   */
  private List<String> table(List<String> summary) {
    List<String> out = new ArrayList<>();
    for (String sampler : samplers) {
      epsilonTable(out, summary, sampler, "**" + sampler + "** (init " + init + ", T " + iterations + ", k = " + k
          + ", " + repetitions + " seeds" + (sampler.equals("full") ? "" : ", m = " + fraction + " n")
          + "): median cost ÷ floor (q25–q75)", f -> Integer.parseInt(f[3]) == 0 ? "infeasible"
              : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", Double.parseDouble(f[5]), Double.parseDouble(f[6]),
                  Double.parseDouble(f[7])));
    }
    for (String sampler : summaryShare > 0 ? samplers : List.<String>of()) {
      epsilonTable(out, summary, sampler, "**private training summary, " + sampler + "** (budget-summary "
          + summaryShare + "): median error of the DP training cost / of the DP sizes (sum of |noisy - exact| over "
          + "n), per cent", f -> String.format(Locale.ROOT, "%.1f / %.1f", 100 * Double.parseDouble(f[12]),
              100 * Double.parseDouble(f[13])));
    }
    return out;
  }

  /** One table: a row per data set, a column per ε, each cell {@code cell} of that summary line's fields. */
  private void epsilonTable(List<String> out, List<String> summary, String sampler, String title,
      Function<String[], String> cell) {
    out.add("");
    out.add(title);
    out.add("");
    StringBuilder header = new StringBuilder("| data set |");
    StringBuilder rule = new StringBuilder("| --- |");
    for (double eps : epsilons) {
      header.append(" ε = ").append(Charts.epsLabel(eps)).append(" |");
      rule.append(" ---: |");
    }
    out.add(header.toString());
    out.add(rule.toString());
    for (String name : dataSets) {
      StringBuilder row = new StringBuilder("| " + name + " |");
      for (double eps : epsilons) {
        String[] f = summary.stream().map(s -> s.split(",")).filter(s -> s[0].equals(name) && s[1].equals(sampler)
            && Double.parseDouble(s[2]) == eps).findFirst().orElseThrow();
        row.append(' ').append(cell.apply(f)).append(" |");
      }
      out.add(row.toString());
    }
  }

  private void chart(Path dir, String name, List<Run> runs) throws IOException {
    XYChart chart = Charts.xy(name + ": strict, init " + init + ", T " + iterations + ", k = " + k, "epsilon",
        "cost / non-private floor (median, q25-q75 dashed, " + repetitions + " seeds)", true);
    double[] x = epsilons.stream().mapToDouble(Double::doubleValue).toArray();
    for (String sampler : samplers) {
      double[] median = new double[x.length];
      double[] q25 = new double[x.length];
      double[] q75 = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        double[] r = ratios(runs, sampler, x[i]);
        median[i] = StrictStudy.quantile(r, 0.5);
        q25[i] = StrictStudy.quantile(r, 0.25);
        q75[i] = StrictStudy.quantile(r, 0.75);
      }
      Charts.addBand(chart, sampler, Charts.COLOURS.getOrDefault(sampler, Color.BLACK), x, median, q25, q75);
    }
    Charts.addReference(chart, "floor", Color.BLACK, x[0], x[x.length - 1], 1.0);
    Charts.save(chart, dir.resolve("utility.png"));
  }
}
