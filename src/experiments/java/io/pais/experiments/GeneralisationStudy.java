package io.pais.experiments;

import io.pais.clustering.ClusteringResult;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.io.InputException;
import io.pais.sampling.KeyedPoint;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.GeometryChoice;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Whether the defaults generalise (issue 49): every cell of {@link GeneralisationSets} at its ground-truth k, after
 * the paper's preprocessing (SPEC §9's evaluation setup, not part of any release), with a public per-coordinate box
 * emulated from the data ({@link Baselines#publicBounds}); pais's strict defaults and the side-by-side libraries on
 * the same points and box, each run scored by cost ÷ the non-private k-means++ floor and by the adjusted Rand index
 * of its centres' nearest-centre assignment against the ground-truth labels. Beside them, per cell, one reference that
 * is not a release: every centre at the prepared points' mean ({@link #ONE_CENTRE}), what k centres are worth over one.
 */
@Command(name = "pais-generalisation-study", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Strict defaults against the floor and other DP k-means on shapes the utility sets lack.")
public final class GeneralisationStudy implements Callable<Integer> {
  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--cells", split = ",", description = "cells of the benchmark, or a group of further mixtures "
      + "outside it and its goals (probe, mid-d) or one of a group's cells (default: the benchmark's cells)")
  List<String> cells = List.of();

  @Option(names = "--epsilons", split = ",", description = "epsilon grid (default: ${DEFAULT-VALUE})")
  List<Double> epsilons = List.of(1.0);

  @Option(names = "--repetitions", description = "seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 11;

  @Option(names = "--floor-starts", description = "k-means++ starts of the floor (default: ${DEFAULT-VALUE})")
  int floorStarts = 10;

  @Option(names = "--baselines", split = ",", description = "libraries fitted side by side: diffprivlib, "
      + "diffprivlib-matched, opendp, google-lsh (its source from PAIS_GOOGLE_LSH, the learning folder of a snapshot "
      + "of github.com/google/differential-privacy), pe-means (its source from PAIS_PE_MEANS, a snapshot of "
      + "github.com/t3humphries/PE-means, and PAIS_GOOGLE_LSH), fastlloyd (PAIS_FASTLLOYD, a snapshot of "
      + "github.com/D-Diaa/FastLloyd), or none (default: ${DEFAULT-VALUE})")
  List<String> baselines = Baselines.LIBRARIES;

  @Option(names = "--baselines-command", description = "the command that fits them (default: ${DEFAULT-VALUE})")
  String baselinesCommand = "submit/pais-baselines";

  @Option(names = "--decompose", description = "also write generalisation-decomposition.csv: each pais run's initial, "
      + "released, noise-free and converged (this many noise-free iterations) cost / floor (not private: a diagnostic)")
  Integer decompose;

  @Option(names = "--geometry", description = "pais's --geometry: auto, l2, l1 or box (default: ${DEFAULT-VALUE})")
  String geometry = "auto";

  @Option(names = "--retable", description = "only write generalisation-table.md again from the runs and summary "
      + "already in --output (nothing is run)")
  boolean retable;

  /** pais's strict defaults with the public box. */
  static final String PAIS = "pais";
  /**
   * The reference row of every centre at the points' exact mean (not private): a release above it has lost, to its
   * noise, more than k centres gain over one.
   */
  static final String ONE_CENTRE = "one-centre";

  static final String SUMMARY_HEADER = "cell,method,epsilon,k,n,d,budgetPerCentre,runs,ratioMedian,ratioQ25,"
      + "ratioQ75,ariMedian,floorAri,oneCentre";

  /** One run: cost ÷ floor and the adjusted Rand index of its centres (NaN when infeasible). */
  record Run(String cell, String method, double epsilon, int seed, double ratio, double ari) {
    static final String HEADER = "cell,method,epsilon,seed,ratio,ari";

    String csv() {
      return String.format(Locale.ROOT, "%s,%s,%s,%d,%.6f,%.4f", cell, method, epsilon, seed, ratio, ari);
    }

    /** A run from its {@link #csv()} line. */
    static Run parse(String line) {
      String[] f = line.split(",");
      return new Run(f[0], f[1], Double.parseDouble(f[2]), Integer.parseInt(f[3]), Double.parseDouble(f[4]),
          Double.parseDouble(f[5]));
    }
  }

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new GeneralisationStudy()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    if (retable) {
      return retable();
    }
    List<GeneralisationSets.Cell> chosen = GeneralisationSets.select(cells); // fails before any work
    if (decompose != null && decompose < 1) {
      throw new IllegalArgumentException("--decompose must be a whole number of iterations >= 1, got " + decompose);
    }
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-generalisation-study", 2, common.keepSession);
    List<String> runLines = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    List<String> decomposition = new ArrayList<>();
    try {
      for (GeneralisationSets.Cell cell : chosen) {
        long start = System.nanoTime();
        LabelledPoints data = cell.load(common.dataDir);
        StudySet set = StudySet.of(spark, data, cell.name());
        List<Run> runs = runCell(cell, data, set, decomposition);
        runs.forEach(r -> runLines.add(r.csv()));
        summary.addAll(summarise(cell, set, runs));
        set.release();
        System.out.printf(Locale.ROOT, "%s: done in %.1f s%n", cell.name(), (System.nanoTime() - start) / 1e9);
      }
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    Files.write(common.output.resolve("generalisation-runs.csv"), StrictStudy.lines(Run.HEADER, runLines));
    Files.write(common.output.resolve("generalisation-summary.csv"), StrictStudy.lines(SUMMARY_HEADER, summary));
    if (decompose != null) {
      Files.write(common.output.resolve("generalisation-decomposition.csv"), StrictStudy.lines(Decomposition.HEADER,
          decomposition));
    }
    writeTable(summary, runLines, epsilons, methods());
    return 0;
  }

  /** The table again from the CSVs a run wrote: its ε and its columns the summary's, in their order. */
  private int retable() throws IOException {
    List<String> runLines = rows(common.output.resolve("generalisation-runs.csv"));
    List<String> summary = rows(common.output.resolve("generalisation-summary.csv"));
    List<String> methods = summary.stream().map(line -> line.split(",")[1]).distinct().toList();
    List<Double> ran = summary.stream().map(line -> Double.parseDouble(line.split(",")[2])).distinct().toList();
    writeTable(summary, runLines, ran, methods);
    return 0;
  }

  /** A CSV's rows without its header. */
  private static List<String> rows(Path csv) throws IOException {
    if (!Files.isRegularFile(csv)) {
      throw new IllegalArgumentException("--retable reads " + csv + ", which a run of the benchmark writes; there is "
          + "no such file");
    }
    List<String> lines = Files.readAllLines(csv);
    return lines.subList(Math.min(1, lines.size()), lines.size());
  }

  private void writeTable(List<String> summary, List<String> runLines, List<Double> tableEpsilons,
      List<String> methods) throws IOException {
    List<String> table = GeneralisationTable.of(summary, runLines, tableEpsilons, methods);
    Files.write(common.output.resolve("generalisation-table.md"), table);
    table.forEach(System.out::println);
  }

  private List<String> methods() {
    List<String> methods = new ArrayList<>(List.of(PAIS));
    methods.addAll(baselines());
    return methods;
  }

  private List<String> baselines() {
    return baselines.equals(List.of("none")) ? List.of() : baselines;
  }

  /**
   * pais at every ε and seed, then the libraries on the same prepared points and box; the floor's ARI first. With
   * {@code --decompose}, pais's runs again, decomposed, into {@code decomposition}.
   */
  private List<Run> runCell(GeneralisationSets.Cell cell, LabelledPoints data, StudySet set,
      List<String> decomposition) throws IOException {
    int k = cell.k();
    int d = set.dimension();
    List<KeyedPoint> prepared = set.prepared().points().collect();
    List<double[]> points = prepared.stream().map(KeyedPoint::x).toList();
    int[] truth = prepared.stream().mapToInt(p -> data.labels()[(int) p.key()]).toArray();
    double[] floorCentres = set.floorCentres(k, floorStarts);
    double floor = set.cost(unflatten(floorCentres, k, d));
    List<Run> runs = new ArrayList<>();
    runs.add(new Run(cell.name(), "floor", Double.POSITIVE_INFINITY, 0, 1, AdjustedRandIndex.of(truth,
        nearest(points, unflatten(floorCentres, k, d)))));
    double[][] atMean = atMean(points, k, d);
    runs.add(new Run(cell.name(), ONE_CENTRE, Double.POSITIVE_INFINITY, 0, set.cost(atMean) / floor,
        AdjustedRandIndex.of(truth, nearest(points, atMean))));
    CoordinateBounds bounds = Baselines.publicBounds(points, d);
    for (double eps : epsilons) {
      for (int seed = 0; seed < repetitions; seed++) {
        KMeansSettings settings = paisSettings(k, eps, seed, bounds);
        double ratio = Double.NaN;
        double ari = Double.NaN;
        try {
          ClusteringResult result = new PrivateKMeansEngine(settings, message -> { }).fit(set.points(), false);
          ratio = set.cost(result.centres()) / floor;
          ari = AdjustedRandIndex.of(truth, nearest(points, result.centres()));
        } catch (InputException e) {
          System.out.printf(Locale.ROOT, "%s: pais epsilon %s: %s%n", cell.name(), eps, e.getMessage());
        }
        runs.add(new Run(cell.name(), PAIS, eps, seed, ratio, ari));
      }
    }
    if (decompose != null) {
      decomposition.addAll(decomposition(cell, set, bounds, floor));
    }
    if (!baselines().isEmpty()) {
      for (Baselines.Fit fit : Baselines.fitInTemporaryFolder(baselinesCommand, points, d, bounds, k, epsilons,
          repetitions, baselines())) {
        runs.add(new Run(cell.name(), fit.library(), fit.epsilon(), fit.seed(), set.cost(fit.centres()) / floor,
            AdjustedRandIndex.of(truth, nearest(points, fit.centres()))));
      }
    }
    return runs;
  }

  /** pais's strict defaults with the public box (and the geometry asked for). */
  private KMeansSettings paisSettings(int k, double eps, int seed, CoordinateBounds bounds) {
    return KMeansSettings.builder().k(k).epsilon(eps).seed((long) seed).privacy(PrivacyMode.Kind.STRICT)
        .bounds(bounds).geometry(GeometryChoice.parse(geometry)).build();
  }

  /** Every ε and seed of pais's runs again, each decomposed ({@link Decomposition}); prints the medians. */
  private List<String> decomposition(GeneralisationSets.Cell cell, StudySet set, CoordinateBounds bounds,
      double floor) {
    int k = cell.k();
    List<String> rows = new ArrayList<>();
    for (double eps : epsilons) {
      List<Decomposition> parts = new ArrayList<>();
      for (int seed = 0; seed < repetitions; seed++) {
        try {
          parts.add(Decomposition.of(cell.name(), PAIS, eps, seed, paisSettings(k, eps, seed, bounds), set, floor,
              decompose));
        } catch (InputException e) {
          System.out.printf(Locale.ROOT, "%s: pais epsilon %s: %s%n", cell.name(), eps, e.getMessage());
        }
      }
      parts.forEach(p -> rows.add(p.csv()));
      System.out.printf(Locale.ROOT, "%s: epsilon %s: median cost / floor of the initial centres %.3f, released %.3f, "
          + "noise-free %.3f, noise-free with %d iterations %.3f (not private)%n", cell.name(), eps,
          Decomposition.median(parts, Decomposition::initial), Decomposition.median(parts, Decomposition::released),
          Decomposition.median(parts, Decomposition::noiseFree), decompose,
          Decomposition.median(parts, Decomposition::converged));
    }
    return rows;
  }

  private List<String> summarise(GeneralisationSets.Cell cell, StudySet set, List<Run> runs) {
    long n = set.prepared().count();
    int d = set.dimension();
    double floorAri = runs.get(0).ari();
    double oneCentre = runs.stream().filter(r -> r.method().equals(ONE_CENTRE)).findFirst().orElseThrow().ratio();
    List<String> out = new ArrayList<>();
    for (double eps : epsilons) {
      for (String method : methods()) {
        double[] ratios = values(runs, method, eps, true);
        double[] aris = values(runs, method, eps, false);
        String row = String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%d,%.1f,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f",
            cell.name(), method, eps, cell.k(), n, d, n * eps / ((double) cell.k() * d), ratios.length,
            StrictStudy.quantile(ratios, 0.5), StrictStudy.quantile(ratios, 0.25), StrictStudy.quantile(ratios, 0.75),
            StrictStudy.quantile(aris, 0.5), floorAri, oneCentre);
        out.add(row);
        System.out.printf(Locale.ROOT, "%s: epsilon %s, %s: median cost / floor %.3f, ARI %.3f (floor's %.3f)%n",
            cell.name(), eps, method, StrictStudy.quantile(ratios, 0.5), StrictStudy.quantile(aris, 0.5), floorAri);
      }
    }
    return out;
  }

  private static double[] values(List<Run> runs, String method, double eps, boolean ratio) {
    return runs.stream().filter(r -> r.method().equals(method) && r.epsilon() == eps)
        .mapToDouble(r -> ratio ? r.ratio() : r.ari()).filter(v -> !Double.isNaN(v)).toArray();
  }

  /** Each point's nearest centre. */
  static int[] nearest(List<double[]> points, double[][] centres) {
    int[] out = new int[points.size()];
    for (int i = 0; i < out.length; i++) {
      double[] x = points.get(i);
      double best = Double.POSITIVE_INFINITY;
      for (int j = 0; j < centres.length; j++) {
        double s = 0;
        for (int t = 0; t < x.length; t++) {
          double diff = x[t] - centres[j][t];
          s += diff * diff;
        }
        if (s < best) {
          best = s;
          out[i] = j;
        }
      }
    }
    return out;
  }

  /** k copies of the points' mean. */
  private static double[][] atMean(List<double[]> points, int k, int d) {
    double[] mean = new double[d];
    for (double[] x : points) {
      for (int t = 0; t < d; t++) {
        mean[t] += x[t];
      }
    }
    for (int t = 0; t < d; t++) {
      mean[t] /= points.size();
    }
    double[][] out = new double[k][];
    for (int j = 0; j < k; j++) {
      out[j] = mean.clone();
    }
    return out;
  }

  private static double[][] unflatten(double[] flat, int k, int d) {
    double[][] out = new double[k][d];
    for (int j = 0; j < k; j++) {
      System.arraycopy(flat, j * d, out[j], 0, d);
    }
    return out;
  }
}
