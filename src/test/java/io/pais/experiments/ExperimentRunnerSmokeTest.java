package io.pais.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.SharedSparkSession;
import io.pais.testing.TestVectors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * CI's smoke version of the study: one small real set (HTRU2, 17,898 × 8), two repetitions, a small grid, on the
 * shared session.
 */
@ExtendWith(SharedSparkSession.class)
class ExperimentRunnerSmokeTest {

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  @Test
  void smokeSweepWritesRunsSummaryAndCharts(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("results");
    int exit = new CommandLine(new ExperimentRunner()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--repetitions", "2",
        "--epsilons", "1,3,100", "--sample-sizes", "0.05", "--timing-repetitions", "1", "--output", out.toString(),
        "--keep-session");
    assertEquals(0, exit);
    Path dir = out.resolve("htru2");
    List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
    // per protocol: 3 samplers × (3 ε + ∞) + full × (3 ε + ∞) = 16 configs; paper adds 4 × 3 reference-noise
    assertEquals(1 + 2 * (2 * 16) + 2 * 12, runs.size());
    assertTrue(runs.stream().skip(1).allMatch(r -> !r.contains("NaN,") || r.contains(",NaN,")), "costs are numbers");
    List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
    assertEquals(1 + 2 * 16 + 12, summary.size());
    for (String chart : List.of("fig3-cost-vs-eps-paper-m", "fig3-cost-vs-eps-product-m",
        "fig4-cost-vs-m-product-eps3.png", "fig4-cost-vs-m-paper-eps100.png", "fig5-time-breakdown.png",
        "reference-noise-comparison.png")) {
      try (java.util.stream.Stream<Path> files = Files.list(dir)) {
        assertTrue(files.filter(f -> f.getFileName().toString().startsWith(chart)).anyMatch(f -> size(f) > 1000),
            chart);
      }
    }
    List<String> stats = Files.readAllLines(out.resolve("datasets.csv"));
    assertTrue(stats.get(1).startsWith("htru2,"), stats.get(1));
  }

  @Test
  void strictStudySmokeRunWritesRunsSummaryAndChart(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("strict");
    int exit = new CommandLine(new StrictStudy()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--repetitions", "1",
        "--epsilons", "3", "--samplers", "full,opt", "--output", out.toString(), "--keep-session");
    assertEquals(0, exit);
    List<String> runs = Files.readAllLines(out.resolve("htru2/strict-runs.csv"));
    assertEquals(1 + 2 * 2, runs.size(), "two samplers in two modes");
    assertTrue(runs.stream().skip(1).noneMatch(r -> r.endsWith("NaN")), "costs are numbers");
    List<String> summary = Files.readAllLines(out.resolve("strict-summary.csv"));
    assertEquals(3, summary.size());
    assertTrue(size(out.resolve("htru2/strict-vs-paper.png")) > 1000);
  }

  @Test
  void utilityStudySmokeRunReportsRatiosToTheFloor(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("utility");
    int exit = new CommandLine(new UtilityStudy()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--repetitions", "2",
        "--epsilons", "1,10", "--samplers", "full,opt", "--floor-starts", "3", "--output", out.toString(),
        "--keep-session");
    assertEquals(0, exit);
    List<String> runs = Files.readAllLines(out.resolve("htru2/utility-runs.csv"));
    // two samplers, then side by side: pais's default sampler with public bounds and the three baselines (fitted by
    // submit/pais-baselines, which installs diffprivlib and OpenDP on first use), at two epsilons, two seeds
    assertEquals(1 + (2 + 4) * 2 * 2, runs.size(), String.join("\n", runs));
    List<String> methods = runs.stream().skip(1).map(r -> r.split(",")[1]).distinct().toList();
    assertEquals(List.of("full", "opt", "opt+bounds", "diffprivlib", "diffprivlib-matched", "opendp"), methods);
    for (String run : runs.subList(1, runs.size())) {
      double ratio = Double.parseDouble(run.split(",")[5]);
      boolean pais = List.of("full", "opt", "opt+bounds").contains(run.split(",")[1]);
      // the floor is a local optimum, so a release may come slightly under it, never far; nor is pais worthless
      assertTrue(ratio > 0.95 && (ratio < 5 || !pais), run);
    }
    List<String> summary = Files.readAllLines(out.resolve("utility-summary.csv"));
    assertEquals(1 + 6 * 2, summary.size(), String.join("\n", summary));
    assertTrue(size(out.resolve("htru2/utility.png")) > 1000);
    List<String> table = Files.readAllLines(out.resolve("utility-table.md"));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("| htru2 |")), String.join("\n", table));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("**private training summary, opt**")), String.join("\n",
        table));
  }

  /**
   * --decompose: a row per run, whose released ratio is the release's own (the same digits as utility-runs.csv), and
   * whose noise-free iterations run (they end far below the private start on htru2: about 1.2 against 2.5 floors).
   */
  @Test
  void utilityStudyDecomposesEachRun(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("utility");
    int exit = new CommandLine(new UtilityStudy()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--repetitions", "2",
        "--epsilons", "1", "--samplers", "opt", "--baselines", "none", "--floor-starts", "3", "--decompose", "30",
        "--output", out.toString(), "--keep-session");
    assertEquals(0, exit);
    List<String> runs = Files.readAllLines(out.resolve("htru2/utility-runs.csv"));
    List<String> parts = Files.readAllLines(out.resolve("htru2/decomposition.csv"));
    assertEquals("dataset,sampler,epsilon,seed,initial,released,noiseFree,converged", parts.get(0));
    assertEquals(3, parts.size(), String.join("\n", parts));
    for (int i = 1; i < parts.size(); i++) {
      String[] part = parts.get(i).split(",");
      assertEquals(runs.get(i).split(",")[5], part[5], "the released centres are the release's");
      double initial = Double.parseDouble(part[4]);
      double released = Double.parseDouble(part[5]);
      double noiseFree = Double.parseDouble(part[6]);
      double converged = Double.parseDouble(part[7]);
      assertTrue(noiseFree != released && converged < 0.8 * initial && converged > 0.95, parts.get(i));
    }
  }

  /** The tail distortion of htru2: one row whose distortions are non-negative and shrink as the quantile grows. */
  @Test
  void tailDistortionSmokeRunShrinksWithTheQuantile(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("tails");
    int exit = new CommandLine(new TailDistortion()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--floor-starts", "2",
        "--output", out.toString(), "--keep-session");
    assertEquals(0, exit);
    List<String> lines = Files.readAllLines(out.resolve("tail-distortion.csv"));
    assertEquals(2, lines.size(), String.join("\n", lines));
    String[] f = lines.get(1).split(",");
    assertEquals("htru2", f[0]);
    double previous = Double.POSITIVE_INFINITY;
    for (int i = 6; i < f.length; i += 2) { // r, then its distortion, per quantile 0.9 ... 0.999
      double distortion = Double.parseDouble(f[i]);
      assertTrue(distortion >= 0 && distortion <= previous, lines.get(1));
      previous = distortion;
    }
    assertTrue(Double.parseDouble(f[6]) > 0, "projecting onto the 0.9 quantile moves htru2's points: " + lines.get(1));
  }

  @Test
  void kSelectionStudySmokeRunComparesThePrivatePickWithTheElbow(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("k-selection");
    int exit = new CommandLine(new KSelectionStudy()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--dataset", "htru2", "--repetitions", "1",
        "--epsilons", "3", "--candidates", "2,4", "--floor-starts", "2", "--output", out.toString(), "--keep-session");
    assertEquals(0, exit);
    List<String> runs = Files.readAllLines(out.resolve("k-selection-runs.csv"));
    assertEquals(2, runs.size());
    String[] run = runs.get(1).split(",");
    assertTrue(List.of("2", "4").contains(run[3]) && List.of("2", "4").contains(run[4]), runs.get(1));
    assertTrue(Double.parseDouble(run[5]) > 0 && Double.parseDouble(run[6]) > 0, runs.get(1));
    List<String> table = Files.readAllLines(out.resolve("k-selection-table.md"));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("| htru2 |")), String.join("\n", table));
  }

  @Test
  void aMissingDataSetIsOneLineAndExitOne(@TempDir Path tmp) {
    java.io.StringWriter err = new java.io.StringWriter();
    CommandLine line = StudyCommand.of(new UtilityStudy());
    line.setErr(new java.io.PrintWriter(err, true));
    int exit = line.execute("--data-dir", tmp.resolve("nowhere").toString(), "--dataset", "htru2", "--output",
        tmp.resolve("out").toString(), "--keep-session");
    assertEquals(1, exit);
    String message = err.toString().strip();
    assertTrue(message.startsWith("pais-utility-study: input not found") && !message.contains("\n"), message);
  }
}
