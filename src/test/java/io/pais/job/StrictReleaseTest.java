package io.pais.job;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The default release is end-to-end private (SPEC §13): every stage that reads data is in the ledger, the shares
 * add up to the target ε, strict refuses what cannot be private, and nothing exact about the data (n, r, x̃, the
 * percentile, the centre) appears in any file the job writes or on its console.
 */
@ExtendWith(SharedSparkSession.class)
class StrictReleaseTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double EPSILON = 2.0;

  private static List<String> args(Path output, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", Fixtures.blobsCsv(), "--header", "--drop", "label",
        "--k", "6", "--iterations", "5", "--epsilon", Double.toString(EPSILON), "--clip-radius", "25", "--seed", "3",
        "--output", output.toString()));
    args.addAll(List.of(extra));
    return args;
  }

  static Stream<Arguments> combinations() {
    List<Arguments> out = new ArrayList<>();
    for (String sampler : List.of("full", "unif", "core", "opt")) {
      for (boolean publicCentre : new boolean[] {false, true}) {
        for (boolean publicRadius : new boolean[] {false, true}) {
          out.add(Arguments.of(sampler, publicCentre, publicRadius));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, public centre {1}, public r {2}")
  @MethodSource("combinations")
  void theLedgerSpendsExactlyTheTargetEpsilon(String sampler, boolean publicCentre, boolean publicRadius,
      SparkSession spark, @TempDir Path tmp) throws IOException {
    List<String> a = args(tmp.resolve("out"), "--sampler", sampler, "--sample-size", "20%");
    if (publicCentre) {
      a.addAll(List.of("--center", "2,0,1,-2,-1"));
    }
    if (publicRadius) {
      a.addAll(List.of("--norm-bound", "18"));
    }
    JobRunner.Outcome o = JobRunner.run(spark, a.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    JsonNode report = JSON.readTree(tmp.resolve("out/privacy-report.json").toFile());
    assertEquals("strict", report.get("privacyMode").asText());
    assertTrue(report.get("strict").asBoolean());
    assertEquals(0, report.get("nonPrivateSteps").size());
    List<String> stages = new ArrayList<>();
    double total = 0;
    for (JsonNode e : report.get("ledger")) {
      stages.add(e.get("stage").asText());
      assertTrue(e.get("epsilon").asDouble() >= 0 && e.get("delta").asDouble() == 0, e.toString());
      total += e.get("epsilon").asDouble();
    }
    assertEquals(EPSILON, total, 1e-12, "the shares add up to the target");
    assertEquals(EPSILON, report.get("epsilon").asDouble(), 1e-12);
    // the default init (private-coreset in strict mode) needs n-hat, so the histogram runs even with a public r
    List<String> expected = new ArrayList<>();
    if (!publicCentre) {
      expected.add("centre");
    }
    expected.addAll(List.of("norm histogram", "init: spreads", "init: cell tree", "init: sums", "init: tail axes",
        "init: tail positions", "DP-Lloyd", "summary: sizes", "summary: cost"));
    assertEquals(expected, stages);
    for (JsonNode s : report.get("statistics")) {
      assertTrue(s.get("source").asText().equals("public") || s.get("source").asText().startsWith("DP estimate"),
          "no data-derived statistic in a strict report: " + s);
    }
    assertEquals(publicRadius ? "public" : "DP estimate (in the ledger)", report.at("/statistics/r/source").asText());
  }

  @Test
  void kCandidatesAreChosenPrivatelyAndTheReleaseShowsEveryCandidatesCost(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    List<String> a = args(tmp.resolve("out"));
    a.set(a.indexOf("--k") + 1, "2,6,10");
    JobRunner.Outcome o = JobRunner.run(spark, a.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    JsonNode report = JSON.readTree(tmp.resolve("out/privacy-report.json").toFile());
    JsonNode selection = report.get("kSelection");
    int chosen = selection.get("chosen").asInt();
    assertEquals(3, selection.get("candidates").size());
    assertEquals(chosen, report.get("k").asInt());
    assertEquals(chosen + 1, Files.readAllLines(tmp.resolve("out/centers.csv")).size(), "a header and k centres");
    List<String> stages = new ArrayList<>();
    report.get("ledger").forEach(e -> stages.add(e.get("stage").asText()));
    assertEquals(List.of("k selection", "k selection", "k selection"), stages.subList(0, 3));
    // the candidates count their tail axes; the release after the choice, on what the selection leaves, does not
    assertTrue(report.get("ledger").get(0).get("mechanism").asText().contains("init: tail axes, init: tail positions"),
        report.get("ledger").get(0).toString());
    assertFalse(stages.contains("init: tail axes") || stages.contains("init: tail positions"), stages.toString());
    double spent = 0;
    for (JsonNode e : report.get("ledger")) {
      spent += e.get("epsilon").asDouble();
    }
    assertTrue(spent <= EPSILON * (1 + 1e-12), "the candidates and the release within epsilon: " + spent);
    for (int k : new int[] {2, 6, 10}) {
      assertTrue(o.out().contains(String.format(Locale.ROOT, "k selection   k = %-4d DP training cost", k)), o.out());
    }
    assertTrue(o.out().contains("pais: " + chosen + " centres written"), o.out());
    JsonNode run = JSON.readTree(tmp.resolve("out/run.json").toFile()).get("configuration");
    assertEquals(3, run.get("kCandidates").size());
    assertFalse(run.has("k"), "the settings name the candidates; the report the chosen k");
  }

  @Test
  void strictRefusesWhatCannotBePrivateNamingTheOption(SparkSession spark, @TempDir Path tmp) {
    Path out = tmp.resolve("out");
    assertRefused(spark, "--init sample-points starts from raw data points", args(out, "--init", "sample-points"));
    assertRefused(spark, "--core-supremum grid100 may under-state epsilon", args(out, "--sampler", "core",
        "--core-supremum", "grid100"));
    assertRefused(spark, "--preprocess paper reads the centre", args(out, "--preprocess", "paper"));
    assertRefused(spark, "--evaluate reads the data without privacy", args(out, "--evaluate"));
    List<String> noRadius = args(out);
    int at = noRadius.indexOf("--clip-radius");
    noRadius.subList(at, at + 2).clear();
    assertRefused(spark, "--privacy strict needs --clip-radius (R0) or --bounds", noRadius);
    assertRefused(spark, "budget-centre + budget-histogram + budget-summary must be < 1", args(out, "--budget-centre",
        "0.5", "--budget-histogram", "0.5"));
    assertRefused(spark, "--budget-summary must be in [0, 1), got -0.1", args(out, "--budget-summary",
        "-0.1"));
    List<String> badK = args(out);
    badK.set(badK.indexOf("--k") + 1, "4,six");
    assertRefused(spark, "--k must be a whole number or a comma-separated list of them", badK);
    assertRefused(spark, "budget-centre + budget-histogram + budget-init (auto: up to 0.3) + 0.05 (the coreset's tail "
        + "axes) + budget-summary must be < 1 with init private-coreset",
        args(out, "--budget-centre", "0.4", "--budget-histogram", "0.4", "--init", "private-coreset"));
    assertRefused(spark, "budget-init must be a share in (0, 1) or auto, got '1.5'", args(out, "--budget-init", "1.5"));
    assertRefused(spark, "--bounds gives the clip radius", args(out, "--bounds", "-20:20"));
    assertRefused(spark, "bounds must give one lo:hi for every coordinate or 5 pairs", withoutClipRadius(out,
        "--bounds", "-20:20,-20:20"));
    assertRefused(spark, "bounds must be lo:hi", withoutClipRadius(out, "--bounds", "-20..20"));
    assertRefused(spark, "iterations must be a whole number >= 1 or auto, got '0'", iterations(args(out), "0"));
  }

  private static List<String> iterations(List<String> a, String value) {
    a.set(a.indexOf("--iterations") + 1, value);
    return a;
  }

  private static List<String> withoutClipRadius(Path out, String... extra) {
    List<String> a = args(out, extra);
    int at = a.indexOf("--clip-radius");
    a.subList(at, at + 2).clear();
    return a;
  }

  @Test
  void boundsReplaceTheClipRadiusAndAutoIterationsIsRecorded(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    JobRunner.Outcome o = JobRunner.run(spark, iterations(withoutClipRadius(tmp.resolve("out"), "--bounds", "-20:20"),
        "auto").toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    JsonNode report = JSON.readTree(tmp.resolve("out/privacy-report.json").toFile());
    assertEquals(20 * Math.sqrt(5), report.at("/statistics/clipRadius/value").asDouble(), 1e-9);
    assertEquals("public", report.at("/statistics/clipRadius/source").asText());
    int t = report.get("iterations").asInt();
    assertTrue(t >= 2 && t <= 7, "auto T = " + t);
    double total = 0;
    for (JsonNode e : report.get("ledger")) {
      total += e.get("epsilon").asDouble();
    }
    assertEquals(EPSILON, total, 1e-12);
  }

  private static void assertRefused(SparkSession spark, String expected, List<String> args) {
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(1, o.exit(), o.out());
    assertTrue(o.err().contains(expected.replace("--", "")) || o.err().contains(expected), o.err());
  }

  /** The exact statistics of the blobs sample, as the paper's pipeline would compute them. */
  private static List<Double> exactStatistics() throws IOException {
    List<String> lines = Files.readAllLines(Path.of(Fixtures.blobsCsv()));
    int n = lines.size() - 1;
    double[][] x = new double[n][5];
    double[] mean = new double[5];
    for (int i = 0; i < n; i++) {
      String[] f = lines.get(i + 1).split(",");
      for (int t = 0; t < 5; t++) {
        x[i][t] = Double.parseDouble(f[t]);
        mean[t] += x[i][t] / n;
      }
    }
    double[] norms = new double[n];
    double xTilde = 0;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int t = 0; t < 5; t++) {
        s += (x[i][t] - mean[t]) * (x[i][t] - mean[t]);
      }
      norms[i] = Math.sqrt(s);
      xTilde += s / n;
    }
    Arrays.sort(norms);
    double h = 0.975 * (n - 1);
    int lo = (int) Math.floor(h);
    double percentile = norms[lo] + (h - lo) * (norms[lo + 1] - norms[lo]);
    List<Double> out = new ArrayList<>(List.of((double) n, norms[n - 1], xTilde, percentile));
    for (double m : mean) {
      out.add(m);
    }
    return out;
  }

  @Test
  void noExactStatisticAppearsInAnyOutputOrOnTheConsole(SparkSession spark, @TempDir Path tmp) throws IOException {
    List<Double> exact = exactStatistics();
    for (String sampler : List.of("full", "unif", "core", "opt")) {
      Path out = tmp.resolve(sampler);
      JobRunner.Outcome o = JobRunner.run(spark, args(out, "--sampler", sampler, "--sample-size", "2000")
          .toArray(String[]::new));
      assertEquals(0, o.exit(), o.err());
      StringBuilder everything = new StringBuilder(o.out()).append(o.err());
      try (Stream<Path> files = Files.list(out)) {
        for (Path f : files.toList()) {
          everything.append(Files.readString(f));
        }
      }
      String text = everything.toString();
      for (double v : exact) {
        String rounded = String.format(Locale.ROOT, "%.6g", v);
        String truncated = Double.toString(v).substring(0, Math.min(Double.toString(v).length(),
            v < 0 ? 8 : 7));
        assertFalse(Pattern.compile("(?<![0-9])" + Pattern.quote(rounded)).matcher(text).find()
            || text.contains(truncated) && truncated.length() >= 7, sampler + ": the exact value " + v
            + " appears in the release or on the console");
      }
      assertFalse(Pattern.compile("(?<![0-9.])12000(?![0-9])").matcher(text).find(), sampler + ": exact n appears");
    }
  }
}
