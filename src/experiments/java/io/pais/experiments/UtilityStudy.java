package io.pais.experiments;

import io.pais.settings.OffsetClip;
import io.pais.settings.SampleSize;
import io.pais.settings.SampleSizeRule;
import io.pais.settings.Iterations;
import io.pais.accounting.InitShare;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Initialisation;
import io.pais.accounting.TrainingSummary;
import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.SampleBlocks;
import io.pais.settings.Defaults;
import io.pais.settings.GeometryChoice;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.lloyd.SampleBlock;
import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.PrivacyMode;
import io.pais.sampling.Sampler;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
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
    description = "Strict releases against the non-private k-means++ floor on real data sets "
        + "(docs/results/utility.md).")
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

  @Option(names = "--sample-fraction", description = "sample fraction for unif, core, opt (default: the product's, "
      + "--sample-size auto)")
  Double fraction;

  @Option(names = "--repetitions", description = "seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 5;

  @Option(names = "--floor-starts", description = "k-means++ starts of the floor (default: ${DEFAULT-VALUE})")
  int floorStarts = 10;

  @Option(names = "--budget-summary", description = "the share of epsilon for the private training summary; 0: "
      + "none (default: ${DEFAULT-VALUE})")
  double summaryShare = Defaults.SUMMARY_SHARE;

  @Option(names = "--norm-quantile", description = "the quantile of the DP norm histogram taken as r (default: "
      + "${DEFAULT-VALUE})")
  double normQuantile = Defaults.NORM_QUANTILE;

  @Option(names = "--tail-radius", negatable = true, arity = "0..1", fallbackValue = "true", description = "let r "
      + "rise above the norm quantile for a heavy tail (default: ${DEFAULT-VALUE})")
  boolean tailRadius = Defaults.TAIL_RADIUS;

  @Option(names = "--budget-shares", split = ",", description = "the shares of epsilon of the DP centre, the DP norm "
      + "histogram and the private coreset (a share or auto) (default: ${DEFAULT-VALUE})")
  List<String> shares = List.of(Double.toString(Defaults.CENTRE_SHARE), Double.toString(Defaults.HISTOGRAM_SHARE),
      Defaults.INIT_SHARE.describe());

  @Option(names = "--offset-clip", description = "what DP-Lloyd sums: auto, none or a fraction of r (default: "
      + "${DEFAULT-VALUE})")
  String offsetClip = Defaults.OFFSET_CLIP.describe();

  @Option(names = "--geometry", description = "pais's geometry: auto, l2 or l1 (default: ${DEFAULT-VALUE})")
  String geometry = Defaults.GEOMETRY.id();

  @Option(names = "--baselines", split = ",", description = "libraries fitted side by side with pais's default sampler,"
      + " all with public per-coordinate bounds: diffprivlib, diffprivlib-matched, opendp, google-lsh (its source from "
      + "PAIS_GOOGLE_LSH), pe-means (PAIS_PE_MEANS and PAIS_GOOGLE_LSH), fastlloyd (PAIS_FASTLLOYD), or none "
      + "(default: ${DEFAULT-VALUE})")
  List<String> baselines = Baselines.LIBRARIES;

  @Option(names = "--baselines-command", description = "the command that fits them (default: ${DEFAULT-VALUE})")
  String baselinesCommand = "submit/pais-baselines";

  @Option(names = "--decompose", description = "also write decomposition.csv: each run's initial, released, "
      + "noise-free and converged (this many noise-free iterations) cost / floor (not private: a diagnostic)")
  Integer decompose;

  /** pais with the default sampler and the same public per-coordinate bounds as the baselines. */
  private static final String BOUNDS_METHOD = Defaults.SAMPLER.id() + "+bounds";

  /** Per data set: diffprivlib's real ε ÷ its declared ε (from the script, which reads it off diffprivlib's code). */
  private final Map<String, Double> realEpsilonFactor = new LinkedHashMap<>();

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
    Iterations.parse(iterations); // fails before any data is read
    Initialisation.parse(init);
    if (shares.size() != 3) {
      throw new IllegalArgumentException("--budget-shares takes three shares (centre, histogram, init), got "
          + shares.size());
    }
    settings(Sampler.OPT, 1, 0).strict(1).build(); // the shares fail before any data is read
    if (decompose != null && decompose < 1) {
      throw new IllegalArgumentException("--decompose must be a whole number of iterations >= 1, got " + decompose);
    }
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-utility-study", 2, common.keepSession);
    List<String> summary = new ArrayList<>(List.of(SUMMARY_HEADER));
    try {
      for (String name : dataSets) {
        StudySet set = StudySet.load(spark, name, common.dataDir);
        int d = set.dimension();
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
              runs.add(paisRun(name, set, floor, sampler, eps, seed, settings(Sampler.parse(sampler), eps, seed)
                  .strict(clipRadius).build()));
            }
            printMedian(name, runs, sampler, eps);
          }
        }
        if (!baselines().isEmpty()) {
          runs.addAll(sideBySide(name, set, floor));
        }
        Path dir = common.output.resolve(name);
        Files.createDirectories(dir);
        if (decompose != null) {
          Files.write(dir.resolve("decomposition.csv"), StrictStudy.lines(Decomposition.HEADER,
              decomposition(name, set, floor)));
        }
        set.release();
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

  /**
   * Every sampler, ε and seed of the grid again, each run decomposed ({@link Decomposition}); prints the medians and
   * returns the CSV rows (infeasible configurations are left out, as the runs record them).
   */
  private List<String> decomposition(String name, StudySet set, double floor) {
    List<String> rows = new ArrayList<>();
    for (double eps : epsilons) {
      for (String sampler : samplers) {
        List<Decomposition> parts = new ArrayList<>();
        for (int seed = 0; seed < repetitions; seed++) {
          try {
            parts.add(Decomposition.of(name, sampler, eps, seed, settings(Sampler.parse(sampler), eps, seed)
                .strict(set.clipRadius()).build(), set, floor, decompose));
          } catch (InputException e) {
            System.out.printf(Locale.ROOT, "%s: %s epsilon %s: %s%n", name, sampler, eps, e.getMessage());
          }
        }
        parts.forEach(p -> rows.add(p.csv()));
        System.out.printf(Locale.ROOT, "%s: epsilon %s, %s: median cost / floor of the initial centres %.3f, "
            + "released %.3f, noise-free %.3f, noise-free with %d iterations %.3f (not private)%n", name, eps, sampler,
            Decomposition.median(parts, Decomposition::initial), Decomposition.median(parts, Decomposition::released),
            Decomposition.median(parts, Decomposition::noiseFree), decompose,
            Decomposition.median(parts, Decomposition::converged));
      }
    }
    return rows;
  }

  private SettingsBuilder settings(Sampler sampler, double eps, int seed) {
    return KMeansSettings.builder().k(k).iterations(Iterations.parse(iterations))
        .offsetClip(OffsetClip.parse("--offset-clip", offsetClip)).epsilon(eps).sampler(sampler)
        .sampleSize(fraction == null ? Defaults.SAMPLE_SIZE : SampleSizeRule.given(SampleSize.of("sample-fraction",
            fraction))).initialisation(Initialisation.parse(init))
        .seed((long) seed).value(Setting.BUDGET_SUMMARY, summaryShare).value(Setting.NORM_QUANTILE, normQuantile)
        .value(Setting.TAIL_RADIUS, tailRadius)
        .shares(Double.parseDouble(shares.get(0)), Double.parseDouble(shares.get(1)),
            InitShare.parse(shares.get(2))).geometry(GeometryChoice.parse(geometry));
  }

  /** One strict release through the job's engine, costed on the preprocessed points (NaN when infeasible). */
  private Run paisRun(String name, StudySet set, double floor, String method, double eps, int seed,
      KMeansSettings settings) {
    double cost;
    double[] summaryErrors = {Double.NaN, Double.NaN};
    try {
      // a fresh map over the cache: the engine persists and releases its own copy
      ClusteringResult result = new PrivateKMeansEngine(settings, message -> { }).fit(set.points(), false);
      cost = set.cost(result.centres());
      summaryErrors = summaryErrors(result, set.blocks(), set.dimension());
    } catch (InputException e) {
      System.out.printf(Locale.ROOT, "%s: %s epsilon %s: %s%n", name, method, eps, e.getMessage());
      cost = Double.NaN;
    }
    return new Run(name, method, eps, seed, cost, cost / floor, summaryErrors[0], summaryErrors[1]);
  }

  private void printMedian(String name, List<Run> runs, String method, double eps) {
    System.out.printf(Locale.ROOT, "%s: epsilon %s, %s: median cost / floor %.3f%n", name, eps, method,
        StrictStudy.quantile(ratios(runs, method, eps), 0.5));
  }

  /**
   * pais's default sampler and the baselines, all given the same emulated public per-coordinate bounds
   * ({@link Baselines#publicBounds}), at every ε and seed. Records diffprivlib's real ε per declared ε of the set.
   */
  private List<Run> sideBySide(String name, StudySet set, double floor) throws IOException {
    List<double[]> points = set.prepared().points().map(KeyedPoint::x).collect();
    CoordinateBounds bounds = Baselines.publicBounds(points, set.dimension());
    List<Run> runs = new ArrayList<>();
    for (double eps : epsilons) {
      for (int seed = 0; seed < repetitions; seed++) {
        runs.add(paisRun(name, set, floor, BOUNDS_METHOD, eps, seed, settings(Defaults.SAMPLER, eps, seed)
            .privacy(PrivacyMode.Kind.STRICT).bounds(bounds).build()));
      }
      printMedian(name, runs, BOUNDS_METHOD, eps);
    }
    long start = System.nanoTime();
    for (Baselines.Fit fit : Baselines.fitInTemporaryFolder(baselinesCommand, points, set.dimension(), bounds, k,
        epsilons, repetitions, baselines())) {
      double cost = set.cost(fit.centres());
      runs.add(new Run(name, fit.library(), fit.epsilon(), fit.seed(), cost, cost / floor, Double.NaN, Double.NaN));
      if (fit.library().equals("diffprivlib")) {
        realEpsilonFactor.put(name, fit.realEpsilon() / fit.epsilon());
      }
    }
    System.out.printf(Locale.ROOT, "%s: baselines fitted in %.1f s%n", name, (System.nanoTime() - start) / 1e9);
    for (double eps : epsilons) {
      for (String library : baselines()) {
        printMedian(name, runs, library, eps);
      }
    }
    return runs;
  }

  private List<String> baselines() {
    return baselines.equals(List.of("none")) ? List.of() : baselines;
  }

  /** What the tables and charts show: the samplers, then pais with bounds and the baselines side by side. */
  private List<String> methods() {
    List<String> methods = new ArrayList<>(samplers);
    if (!baselines().isEmpty()) {
      methods.add(BOUNDS_METHOD);
      methods.addAll(baselines());
    }
    return methods;
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
      for (String sampler : methods()) {
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
    for (String method : methods()) {
      epsilonTable(out, summary, method, "**" + method + "** (" + describe(method) + "): median cost ÷ floor (q25–q75)",
          f -> Integer.parseInt(f[3]) == 0 ? "infeasible" : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)",
              Double.parseDouble(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7])));
    }
    for (String sampler : summaryShare > 0 ? samplers : List.<String>of()) {
      epsilonTable(out, summary, sampler, "**private training summary, " + sampler + "** (budget-summary "
          + summaryShare + "): median error of the DP training cost / of the DP sizes (sum of |noisy - exact| over "
          + "n), per cent", f -> String.format(Locale.ROOT, "%.1f / %.1f", 100 * Double.parseDouble(f[12]),
              100 * Double.parseDouble(f[13])));
    }
    if (!baselines().isEmpty()) {
      sideBySideTables(out, summary);
    }
    return out;
  }

  private String describe(String method) {
    String pais = "init " + init + ", T " + iterations + ", k = " + k + ", " + repetitions + " seeds";
    return switch (method) {
      case "full" -> pais;
      case "diffprivlib" -> "diffprivlib " + "KMeans at the declared ε, public per-coordinate bounds, k = " + k
          + ", " + repetitions + " seeds; its real ε differs, see below";
      case "diffprivlib-matched" -> "diffprivlib KMeans at the declared ε whose real ε is the column's, public "
          + "per-coordinate bounds, k = " + k + ", " + repetitions + " seeds";
      case "opendp" -> "DP-Lloyd from OpenDP's measurements, public per-coordinate bounds, k = " + k + ", "
          + repetitions + " seeds";
      default -> pais + ", m " + (fraction == null ? "auto" : "= " + fraction + " n") + (method.equals(BOUNDS_METHOD)
          ? ", public per-coordinate bounds instead of the clip radius" : "");
    };
  }

  /**
   * Per ε: pais's default sampler (with the clip radius, and with the baselines' per-coordinate bounds) against the
   * baselines at matched real ε, and the best baseline's median ÷ pais's (with bounds): above 1, pais is ahead.
   */
  private void sideBySideTables(List<String> out, List<String> summary) {
    String paisRadius = Defaults.SAMPLER.id();
    List<String> columns = new ArrayList<>(List.of(paisRadius, BOUNDS_METHOD));
    columns.addAll(baselines());
    List<String> matched = baselines().stream().filter(b -> !b.equals("diffprivlib")).toList();
    for (double eps : epsilons) {
      out.add("");
      out.add("**side by side at ε = " + Charts.epsLabel(eps) + "**: median cost ÷ floor; diffprivlib is also shown at "
          + "the declared ε (its real ε, × the factor, differs); best other ÷ pais compares "
          + (matched.isEmpty() ? "nothing (no library at matched ε ran)" : String.join(" and ", matched)) + " with "
          + BOUNDS_METHOD + " (above 1: pais is ahead)");
      out.add("");
      StringBuilder header = new StringBuilder("| data set |");
      StringBuilder rule = new StringBuilder("| --- |");
      for (String column : columns) {
        header.append(' ').append(column).append(" |");
        rule.append(" ---: |");
      }
      header.append(" diffprivlib real ε ÷ declared | best other ÷ pais |");
      rule.append(" ---: | ---: |");
      out.add(header.toString());
      out.add(rule.toString());
      for (String name : dataSets) {
        StringBuilder row = new StringBuilder("| " + name + " |");
        for (String column : columns) {
          double median = summaryMedian(summary, name, column, eps);
          row.append(Double.isNaN(median) ? " infeasible |" : String.format(Locale.ROOT, " %.2f |", median));
        }
        double best = matched.stream().mapToDouble(m -> summaryMedian(summary, name, m, eps)).filter(v -> !Double
            .isNaN(v)).min().orElse(Double.NaN);
        row.append(String.format(Locale.ROOT, " %.3f | %.2f |", realEpsilonFactor.getOrDefault(name, Double.NaN),
            best / summaryMedian(summary, name, BOUNDS_METHOD, eps)));
        out.add(row.toString());
      }
    }
  }

  private static double summaryMedian(List<String> summary, String name, String method, double eps) {
    return summary.stream().map(s -> s.split(",")).filter(f -> f[0].equals(name) && f[1].equals(method)
        && Double.parseDouble(f[2]) == eps).mapToDouble(f -> Integer.parseInt(f[3]) == 0 ? Double.NaN
            : Double.parseDouble(f[5])).findFirst().orElse(Double.NaN);
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
    chart(dir.resolve("utility.png"), name + ": strict, init " + init + ", T " + iterations + ", k = " + k, runs,
        samplers);
    if (!baselines().isEmpty()) {
      List<String> methods = new ArrayList<>(List.of(Defaults.SAMPLER.id(), BOUNDS_METHOD));
      methods.addAll(baselines());
      chart(dir.resolve("side-by-side.png"), name + ": pais and the DP k-means libraries, k = " + k, runs, methods);
    }
  }

  private void chart(Path file, String title, List<Run> runs, List<String> methods) throws IOException {
    XYChart chart = Charts.xy(title, "epsilon", "cost / non-private floor (median, q25-q75 dashed, " + repetitions
        + " seeds)", true);
    double[] x = epsilons.stream().mapToDouble(Double::doubleValue).toArray();
    for (String method : methods) {
      double[] median = new double[x.length];
      double[] q25 = new double[x.length];
      double[] q75 = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        double[] r = ratios(runs, method, x[i]);
        median[i] = StrictStudy.quantile(r, 0.5);
        q25[i] = StrictStudy.quantile(r, 0.25);
        q75[i] = StrictStudy.quantile(r, 0.75);
      }
      Charts.addBand(chart, method, Charts.COLOURS.getOrDefault(method, Color.BLACK), x, median, q25, q75);
    }
    Charts.addReference(chart, "floor", Color.BLACK, x[0], x[x.length - 1], 1.0);
    Charts.save(chart, file);
  }
}
