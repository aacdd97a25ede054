package io.pais.experiments;

import io.pais.sampling.Sampler;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Reproduces the paper's evaluation (SPEC §8, §9) on real data: per data set, a sweep of samplers × m × ε ×
 * repetitions under the paper's protocol and under the product's private defaults, the ε = ∞ references, the
 * reference code's (non-private) noise for comparison, a timing pass; writes runs.csv, summary.csv, the data-set
 * statistics and PNG charts. Data are loaded and preprocessed with the job's Spark code, then the runs execute in
 * memory with the job's sampling, DP-Lloyd and noise code.
 */
@Command(name = "pais-experiments", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Sweep samplers, m, epsilon and seeds on real data sets; write CSVs and charts.")
public final class ExperimentRunner implements Callable<Integer> {

  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--dataset", required = true, split = ",", description = "data sets: ${COMPLETION-CANDIDATES}")
  List<String> dataSets;

  @Option(names = "--k", description = "clusters (default: ${DEFAULT-VALUE})")
  int k = 25;

  @Option(names = "--iterations", description = "T (default: ${DEFAULT-VALUE})")
  int iterations = 10;

  @Option(names = "--epsilons", split = ",", description = "epsilon grid (default: ${DEFAULT-VALUE})")
  List<Double> epsilons = List.of(0.5, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0);

  @Option(names = "--sample-sizes", split = ",",
      description = "m grid: counts, or fractions of n below 1 (default: ${DEFAULT-VALUE})")
  List<Double> sampleSizes = List.of(0.01, 0.02, 0.05);

  @Option(names = "--repetitions", description = "R, seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 20;

  @Option(names = "--samplers", split = ",", description = "samplers (default: ${DEFAULT-VALUE})")
  List<String> samplers = List.of("unif", "core", "opt", "full");

  @Option(names = "--lambda", description = "core's lambda (default: ${DEFAULT-VALUE})")
  double lambda = 0.5;

  @Option(names = "--protocols", split = ",", description = "paper and/or product (default: ${DEFAULT-VALUE})")
  List<String> protocols = List.of("paper", "product");

  @Option(names = "--reference-noise", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "also run the reference code's Exponential radius (NOT private) (default: ${DEFAULT-VALUE})")
  boolean referenceNoise;

  @Option(names = "--timing-repetitions", description = "single-threaded runs for the timing chart (default: "
      + "${DEFAULT-VALUE})")
  int timingRepetitions = 5;

  @Option(names = "--threads", description = "parallel runs (default: ${DEFAULT-VALUE})")
  int threads = Runtime.getRuntime().availableProcessors();

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new ExperimentRunner()).execute(args));
  }

  private static void log(String message) {
    System.out.println(message);
    System.out.flush();
  }

  @Override
  public Integer call() throws Exception {
    SweepSettings settings = new SweepSettings(k, iterations, epsilons, sampleSizes, repetitions,
        samplers.stream().map(Sampler::parse).toList(), lambda,
        protocols.stream().map(p -> Protocol.valueOf(p.toUpperCase(Locale.ROOT))).toList(), referenceNoise);
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-experiments", threads, common.keepSession);
    List<String> statistics = new ArrayList<>(List.of("dataset,description,nRaw,n,d,r,xTilde"));
    try {
      for (String name : dataSets) {
        long start = System.nanoTime();
        log(name + ": loading and preprocessing");
        PreparedSet set = new PreparedSet(name, DataSets.load(spark, name, common.dataDir));
        String description = DataSets.SHARED.containsKey(name) ? DataSets.SHARED.get(name).description()
            : DataSets.PAPER.containsKey(name) ? DataSets.PAPER.get(name).description() : name;
        statistics.add(String.format(Locale.ROOT, "%s,\"%s\",%d,%d,%d,%.6g,%.6g", name, description, set.rawCount,
            set.count, set.dimension, set.radius, set.xTilde));
        log(String.format(Locale.ROOT, "%s: n = %d (of %d), d = %d, r = %.4g, xTilde = %.4g", name, set.count,
            set.rawCount, set.dimension, set.radius, set.xTilde));
        Sweep sweep = new Sweep(set, settings, ExperimentRunner::log);
        List<RunResult> runs = sweep.run(threads);
        List<Summary.Row> summary = Summary.of(runs);
        Path dir = common.output.resolve(name);
        Files.createDirectories(dir);
        writeLines(dir.resolve("runs.csv"), RunResult.HEADER, runs.stream().map(RunResult::csv).toList());
        writeLines(dir.resolve("summary.csv"), Summary.Row.HEADER, summary.stream().map(Summary.Row::csv).toList());
        List<RunResult> timing = timing(sweep, set, settings);
        writeLines(dir.resolve("timing.csv"), RunResult.HEADER, timing.stream().map(RunResult::csv).toList());
        charts(dir, name, summary, timing, settings, set);
        log(String.format(Locale.ROOT, "%s: done in %.0f s", name, (System.nanoTime() - start) / 1e9));
      }
      writeLines(common.output.resolve("datasets.csv"), statistics.get(0), statistics.subList(1, statistics.size()));
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    return 0;
  }

  /** Single-threaded runs at the middle m and the ε closest to 3 (the sweep's own timings share two cores). */
  private List<RunResult> timing(Sweep sweep, PreparedSet set, SweepSettings settings) {
    List<Double> ms = settings.sampleSizes(set.count);
    double m = ms.get(ms.size() / 2);
    double eps = settings.epsilons().stream().min((a, b) -> Double.compare(Math.abs(Math.log(a / 3)),
        Math.abs(Math.log(b / 3)))).orElseThrow();
    List<RunResult> out = new ArrayList<>();
    for (Sampler sampler : settings.samplers()) {
      double size = sampler == Sampler.FULL ? set.count : m;
      Sweep.Config config = new Sweep.Config(Protocol.PRODUCT, NoiseMode.GAMMA, sampler, size, eps);
      sweep.runOnce(config, 0); // warm-up
      for (int rep = 0; rep < timingRepetitions; rep++) {
        RunResult r = sweep.runOnce(config, rep);
        if (r != null) {
          out.add(r);
        }
      }
    }
    return out;
  }

  private void charts(Path dir, String name, List<Summary.Row> summary, List<RunResult> timing,
      SweepSettings settings, PreparedSet set) throws IOException {
    double minEps = settings.epsilons().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double maxEps = settings.epsilons().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    for (Protocol protocol : settings.protocols()) {
      // Figure 3: cost against ε, one chart per m
      for (double m : settings.sampleSizes(set.count)) {
        XYChart chart = Charts.xy(String.format(Locale.ROOT, "%s, %s protocol, m = %.0f (n = %d)", name,
            protocol.id(), m, set.count), "epsilon", "cost / n (median, dashed: 25/75 %)", true);
        for (Sampler sampler : settings.samplers()) {
          double size = sampler == Sampler.FULL ? set.count : m;
          addCurve(chart, summary, protocol, NoiseMode.GAMMA, sampler, size, sampler.id());
          summary.stream().filter(r -> matches(r, protocol, NoiseMode.NONE, sampler, size)).findFirst()
              .ifPresent(r -> Charts.addReference(chart, sampler.id() + " (eps = inf)", Charts.COLOURS.get(
                  sampler.id()), minEps, maxEps, r.median()));
        }
        Charts.save(chart, dir.resolve(String.format(Locale.ROOT, "fig3-cost-vs-eps-%s-m%.0f.png", protocol.id(),
            m)));
      }
      // Figure 4: cost against m at ε = 3 and 100
      for (double eps : List.of(3.0, 100.0)) {
        if (!settings.epsilons().contains(eps)) {
          continue;
        }
        XYChart chart = Charts.xy(String.format(Locale.ROOT, "%s, %s protocol, epsilon = %s", name, protocol.id(),
            Charts.epsLabel(eps)), "expected sample size m", "cost / n (median, dashed: 25/75 %)", true);
        for (Sampler sampler : settings.samplers()) {
          if (sampler == Sampler.FULL) {
            summary.stream().filter(r -> matches(r, protocol, NoiseMode.GAMMA, sampler, set.count)
                && r.epsilon() == eps).findFirst().ifPresent(r -> Charts.addReference(chart, "full",
                Charts.COLOURS.get("full"), settings.sampleSizes(set.count).get(0),
                settings.sampleSizes(set.count).get(settings.sampleSizes(set.count).size() - 1), r.median()));
            continue;
          }
          List<Summary.Row> rows = summary.stream().filter(r -> r.protocol().equals(protocol.id())
              && r.noise().equals(NoiseMode.GAMMA.id) && r.sampler().equals(sampler.id()) && r.epsilon() == eps)
              .sorted((a, b) -> Double.compare(a.sampleSize(), b.sampleSize())).toList();
          if (!rows.isEmpty()) {
            Charts.addBand(chart, sampler.id(), Charts.COLOURS.get(sampler.id()),
                rows.stream().mapToDouble(Summary.Row::sampleSize).toArray(),
                rows.stream().mapToDouble(Summary.Row::median).toArray(),
                rows.stream().mapToDouble(Summary.Row::q25).toArray(),
                rows.stream().mapToDouble(Summary.Row::q75).toArray());
          }
        }
        Charts.save(chart, dir.resolve(String.format(Locale.ROOT, "fig4-cost-vs-m-%s-eps%s.png", protocol.id(),
            Charts.epsLabel(eps))));
      }
    }
    if (settings.referenceNoise() && settings.protocols().contains(Protocol.PAPER)) {
      List<Double> ms = settings.sampleSizes(set.count);
      double m = ms.get(ms.size() / 2);
      XYChart chart = Charts.xy(String.format(Locale.ROOT, "%s, paper protocol, m = %.0f: Gamma(d) radius (solid) "
          + "vs reference code's Exponential (NOT private)", name, m), "epsilon", "cost / n (median)", true);
      for (Sampler sampler : settings.samplers()) {
        double size = sampler == Sampler.FULL ? set.count : m;
        addCurve(chart, summary, Protocol.PAPER, NoiseMode.GAMMA, sampler, size, sampler.id() + " gamma");
        addCurve(chart, summary, Protocol.PAPER, NoiseMode.REFERENCE_EXPONENTIAL, sampler, size,
            sampler.id() + " exponential (not private)");
      }
      Charts.save(chart, dir.resolve("reference-noise-comparison.png"));
    }
    timingChart(dir, name, timing);
  }

  private static boolean matches(Summary.Row r, Protocol protocol, NoiseMode noise, Sampler sampler, double m) {
    return r.protocol().equals(protocol.id()) && r.noise().equals(noise.id) && r.sampler().equals(sampler.id())
        && r.sampleSize() == m;
  }

  private static void addCurve(XYChart chart, List<Summary.Row> summary, Protocol protocol, NoiseMode noise,
      Sampler sampler, double m, String label) {
    List<Summary.Row> rows = summary.stream().filter(r -> matches(r, protocol, noise, sampler, m))
        .sorted((a, b) -> Double.compare(a.epsilon(), b.epsilon())).toList();
    if (rows.isEmpty()) {
      return;
    }
    java.awt.Color colour = Charts.COLOURS.get(sampler.id());
    if (noise == NoiseMode.REFERENCE_EXPONENTIAL) {
      colour = colour.brighter();
    }
    Charts.addBand(chart, label, colour, rows.stream().mapToDouble(Summary.Row::epsilon).toArray(),
        rows.stream().mapToDouble(Summary.Row::median).toArray(), rows.stream().mapToDouble(Summary.Row::q25).toArray(),
        rows.stream().mapToDouble(Summary.Row::q75).toArray());
  }

  private static void timingChart(Path dir, String name, List<RunResult> timing) throws IOException {
    double fullLloyd = Summary.quantile(timing.stream().filter(r -> r.sampler().equals("full"))
        .mapToDouble(RunResult::secondsLloyd).toArray(), 0.5);
    List<String> samplers = timing.stream().map(RunResult::sampler).filter(s -> !s.equals("full")).distinct().toList();
    if (samplers.isEmpty() || Double.isNaN(fullLloyd)) {
      return;
    }
    Map<String, double[]> parts = new LinkedHashMap<>();
    parts.put("weights", new double[samplers.size()]);
    parts.put("sampling", new double[samplers.size()]);
    parts.put("DP-Lloyd", new double[samplers.size()]);
    for (int i = 0; i < samplers.size(); i++) {
      String s = samplers.get(i);
      double[][] cols = {
          timing.stream().filter(r -> r.sampler().equals(s)).mapToDouble(RunResult::secondsWeights).toArray(),
          timing.stream().filter(r -> r.sampler().equals(s)).mapToDouble(RunResult::secondsSampling).toArray(),
          timing.stream().filter(r -> r.sampler().equals(s)).mapToDouble(RunResult::secondsLloyd).toArray()};
      parts.get("weights")[i] = Summary.quantile(cols[0], 0.5) / fullLloyd;
      parts.get("sampling")[i] = Summary.quantile(cols[1], 0.5) / fullLloyd;
      parts.get("DP-Lloyd")[i] = Summary.quantile(cols[2], 0.5) / fullLloyd;
    }
    Charts.save(Charts.stacked(name + ": time relative to DP-Lloyd on all data (medians)", samplers, parts),
        dir.resolve("fig5-time-breakdown.png"));
  }

  static void writeLines(Path file, String header, List<String> lines) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(header);
      w.write('\n');
      for (String line : lines) {
        w.write(line);
        w.write('\n');
      }
    }
  }
}
