package io.pais.experiments;

import io.pais.accounting.KSelection;
import io.pais.clustering.ClusteringResult;
import io.pais.clustering.PrivateKMeansRelease;
import io.pais.clustering.StageListener;
import io.pais.estimation.ElbowRule;
import io.pais.io.InputException;
import io.pais.settings.KMeansSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * k chosen privately against the non-private elbow (issue 30): on each shared set (the utility study's setup), the
 * {@link ElbowRule} applied to the non-private floors of the candidates (k-means++, Lloyd to convergence, the best of
 * {@code --floor-starts}) gives the non-private pick; each seed's strict release with the candidates gives the
 * private pick and its centres. The price of choosing is read against a strict release at the chosen k on the whole
 * ε with the same seed, and both against the floor at that k.
 */
@Command(name = "pais-k-selection-study", mixinStandardHelpOptions = true, sortOptions = false,
    description = "k chosen privately against the non-private elbow on real data sets (docs/results/summary-and-k.md).")
public final class KSelectionStudy implements Callable<Integer> {
  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--dataset", split = ",", description = "data sets (default: all of ../shared/datasets)")
  List<String> dataSets = List.copyOf(DataSets.SHARED.keySet());

  @Option(names = "--candidates", split = ",", description = "the candidates for k (default: ${DEFAULT-VALUE})")
  List<Integer> candidates = List.of(4, 6, 8, 10);

  @Option(names = "--epsilons", split = ",", description = "epsilon grid (default: ${DEFAULT-VALUE})")
  List<Double> epsilons = List.of(1.0, 3.0);

  @Option(names = "--repetitions", description = "seeds 0..R-1 (default: ${DEFAULT-VALUE})")
  int repetitions = 5;

  @Option(names = "--floor-starts", description = "k-means++ starts of each floor (default: ${DEFAULT-VALUE})")
  int floorStarts = 10;

  private static final String HEADER = "dataset,epsilon,seed,nonPrivatePick,privatePick,selectedCost,directCost,"
      + "floorAtPick,dpCosts";

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new KSelectionStudy()).execute(args));
  }

  /**
   * One seed's outcome: the picks, the selected release's cost, the cost of a release at the same k on the whole ε,
   * the floor at that k, and the candidates' DP costs.
   */
  record Run(String dataSet, double epsilon, int seed, int nonPrivatePick, int privatePick, double selectedCost,
      double directCost, double floorAtPick, String dpCosts) {
    String csv() {
      return String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%.8g,%.8g,%.8g,%s", dataSet, epsilon, seed, nonPrivatePick,
          privatePick, selectedCost, directCost, floorAtPick, dpCosts);
    }
  }

  @Override
  public Integer call() throws IOException {
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-k-selection-study", 2, common.keepSession);
    List<Run> runs = new ArrayList<>();
    List<String> table = new ArrayList<>();
    int[] ks = candidates.stream().sorted().mapToInt(Integer::intValue).toArray();
    try {
      for (String name : dataSets) {
        StudySet set = StudySet.load(spark, name, common.dataDir);
        double[] floors = new double[ks.length];
        for (int i = 0; i < ks.length; i++) {
          floors[i] = set.floor(ks[i], floorStarts);
        }
        int nonPrivate = ks[ElbowRule.choose(ks, floors)];
        System.out.printf(Locale.ROOT, "%s: floors %s, non-private elbow k = %d%n", name, join(floors), nonPrivate);
        for (double eps : epsilons) {
          for (int seed = 0; seed < repetitions; seed++) {
            KMeansSettings selecting = KMeansSettings.builder().kCandidates(candidates).epsilon(eps).seed((long) seed)
                .strict(set.clipRadius()).build();
            try {
              runs.add(run(set, name, eps, seed, selecting, ks, floors, nonPrivate));
            } catch (InputException e) {
              System.out.printf(Locale.ROOT, "%s: epsilon %s seed %d: %s%n", name, eps, seed, e.getMessage());
              runs.add(new Run(name, eps, seed, nonPrivate, -1, Double.NaN, Double.NaN, Double.NaN, ""));
            }
          }
        }
        set.release();
        table.addAll(rows(name, runs));
      }
      List<String> lines = new ArrayList<>(List.of(HEADER));
      runs.forEach(r -> lines.add(r.csv()));
      Files.write(common.output.resolve("k-selection-runs.csv"), lines);
      List<String> md = new ArrayList<>(List.of("candidates " + candidates + ", " + repetitions + " seeds, rule: "
          + ElbowRule.describe(), "", "| data set | non-private pick | ε | private picks | agree | selected ÷ floor "
          + "(median) | direct ÷ floor (median) | selected ÷ direct (median) |", "| --- | ---: | ---: | --- | ---: | ---: "
          + "| ---: | ---: |"));
      md.addAll(table);
      Files.write(common.output.resolve("k-selection-table.md"), md);
      md.forEach(System.out::println);
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    return 0;
  }

  /** One seed: the release with the candidates, and one at its pick on the whole ε with the same seed. */
  private static Run run(StudySet set, String name, double eps, int seed, KMeansSettings selecting, int[] ks,
      double[] floors, int nonPrivate) {
    ClusteringResult selected = PrivateKMeansRelease.fit(selecting, set.points(), message -> { }, StageListener.NONE,
        false);
    KSelection selection = selected.report().kSelection();
    int pick = selection.chosen();
    KMeansSettings direct = KMeansSettings.builder().k(pick).epsilon(eps).seed((long) seed)
        .strict(set.clipRadius()).build();
    ClusteringResult whole = PrivateKMeansRelease.fit(direct, set.points(), message -> { }, StageListener.NONE,
        false);
    System.out.printf(Locale.ROOT, "%s: epsilon %s seed %d: private pick k = %d (non-private %d)%n", name, eps, seed,
        pick, nonPrivate);
    return new Run(name, eps, seed, nonPrivate, pick, set.cost(selected.centres()), set.cost(whole.centres()),
        floors[java.util.Arrays.binarySearch(ks, pick)], selection.candidates().stream()
            .map(c -> String.format(Locale.ROOT, "%.6g", c.cost())).collect(Collectors.joining(";")));
  }

  private List<String> rows(String name, List<Run> runs) {
    List<String> out = new ArrayList<>();
    for (double eps : epsilons) {
      List<Run> all = runs.stream().filter(r -> r.dataSet().equals(name) && r.epsilon() == eps).toList();
      int nonPrivate = all.get(0).nonPrivatePick();
      List<Run> cell = all.stream().filter(r -> r.privatePick() > 0).toList(); // infeasible runs: counted, no cost
      if (cell.isEmpty()) {
        out.add(String.format(Locale.ROOT, "| %s | %d | %s | infeasible | 0/%d | | | |", name, nonPrivate,
            Charts.epsLabel(eps), all.size()));
        continue;
      }
      long agree = cell.stream().filter(r -> r.privatePick() == nonPrivate).count();
      out.add(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d/%d | %.3f | %.3f | %.3f |", name, nonPrivate,
          Charts.epsLabel(eps), all.stream().map(r -> r.privatePick() > 0 ? String.valueOf(r.privatePick()) : "–")
              .collect(Collectors.joining(" ")), agree, all.size(),
          median(cell.stream().mapToDouble(r -> r.selectedCost() / r.floorAtPick()).toArray()),
          median(cell.stream().mapToDouble(r -> r.directCost() / r.floorAtPick()).toArray()),
          median(cell.stream().mapToDouble(r -> r.selectedCost() / r.directCost()).toArray())));
    }
    return out;
  }

  private static double median(double[] values) {
    return StrictStudy.quantile(values, 0.5);
  }

  private static String join(double[] values) {
    return java.util.Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%.6g", v))
        .collect(Collectors.joining(" "));
  }
}
