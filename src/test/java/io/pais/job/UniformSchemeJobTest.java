package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import io.pais.testing.TestVectors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every uniform scheme end to end on a real set (MAGIC gamma telescope, 19,020 rows, 10 features, gzip CSV):
 * strict releases whose report carries (ε, δ), the relation, the accountant, N as public under substitution, and a
 * ledger that composes to the target; and the refusals a user meets first.
 */
@ExtendWith(SharedSparkSession.class)
class UniformSchemeJobTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAGIC_ROWS = 19_020;

  private static List<String> args(Path output, String... extra) {
    Path input = TestVectors.sharedDir().resolve("datasets/magic_gamma/magic04.data.gz");
    List<String> args = new ArrayList<>(List.of("--input", input.toString(), "--drop", "10", "--dimension", "10", "--k", "5",
        "--iterations", "6", "--epsilon", "3", "--clip-radius", "400", "--seed", "3", "--output", output.toString()));
    args.addAll(List.of(extra));
    return args;
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"poisson-uniform,laplace,0", "poisson-uniform,gaussian,1e-6", "wor,laplace,0", "wor,gaussian,1e-6",
      "wr,laplace,1e-6", "must-ow,laplace,1e-6", "must-ow,gaussian,1e-6", "must-wo,laplace,1e-6",
      "must-ww,gaussian,1e-6"})
  void everySchemeReleasesWithAnEpsilonDeltaReport(String scheme, String noise, double delta, SparkSession spark,
      @TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("release");
    List<String> a = args(out, "--sampler", scheme, "--noise", noise, "--delta", Double.toString(delta),
        "--sample-size", "15%");
    if (scheme.startsWith("must-")) {
      a.addAll(List.of("--stage1-size", "40%"));
    }
    JobRunner.Outcome o = JobRunner.run(spark, a.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    assertEquals(6, Files.readAllLines(out.resolve("centers.csv")).size(), "header and k = 5 centres");
    JsonNode report = JSON.readTree(out.resolve("privacy-report.json").toFile());
    assertEquals(scheme, report.get("sampler").asText());
    assertEquals("strict", report.get("privacyMode").asText());
    assertTrue(report.get("epsilon").asDouble() <= 3 * (1 + 1e-9), report.toString());
    double spentDelta = report.get("delta").asDouble();
    assertTrue(spentDelta <= delta, "delta " + spentDelta);
    assertEquals(delta == 0, spentDelta == 0, "pure exactly when asked for delta = 0");
    boolean poisson = scheme.equals("poisson-uniform");
    assertEquals(poisson ? "add/remove one record" : "substitution of one record (N public)",
        report.get("relation").asText());
    JsonNode ledger = report.get("ledger");
    JsonNode lloyd = ledger.get(ledger.size() - 3); // then the training summary's sizes and cost
    assertEquals("DP-Lloyd", lloyd.get("stage").asText());
    assertEquals("summary: cost", ledger.get(ledger.size() - 1).get("stage").asText());
    assertEquals(spentDelta, lloyd.get("delta").asDouble(), 0);
    assertTrue(lloyd.get("mechanism").asText().contains(noise.equals("gaussian") ? "Gaussian" : "Laplace"));
    // the MUST paper's Fourier model is printed beside the guarantee exactly where it is not the guarantee
    boolean model = noise.equals("gaussian") && !poisson;
    assertEquals(model, report.has("accountant"), report.toString());
    if (model) {
      assertTrue(report.get("accountant").asText().contains("not the guarantee"));
    }
    if (!poisson) {
      assertEquals(MAGIC_ROWS, report.at("/statistics/N/value").asDouble(), 0);
      assertEquals("public", report.at("/statistics/N/source").asText());
    }
    assertTrue(report.get("strict").asBoolean(), "nothing read without privacy");
    assertTrue(o.out().contains(report.get("relation").asText()), "the terminal summary names the relation: " + o.out());
  }

  @Test
  void refusalsNameTheFlagAndTheRule(SparkSession spark, @TempDir Path tmp) {
    String[][] cases = {
        {"--sampler", "wr", "--sample-size", "5%"},
        {"--sampler", "must-ow", "--delta", "1e-6", "--sample-size", "5%"},
        {"--sampler", "wr", "--delta", "1e-6", "--stage1-size", "10%", "--sample-size", "5%"},
        {"--sampler", "wor", "--delta", "1e-6", "--sample-size", "5%", "--stage1-cached"},
        {"--sampler", "opt", "--noise", "gaussian"},
        {"--sampler", "wr", "--delta", "1e-6", "--sample-size", "5%", "--outliers", "drop"},
        {"--sampler", "wor", "--sample-size", "40000"},
    };
    String[] expected = {"delta must be > 0 for wr", "stage1-size (n1) is required for must-ow",
        "stage1-size belongs to the two-stage schemes", "stage1-cached is for must-ow",
        "--noise, --delta, --stage1-size and --stage1-cached belong to the uniform schemes", "outliers drop",
        "sample size (m) must be at most the population"};
    for (int i = 0; i < cases.length; i++) {
      Path out = tmp.resolve("refused" + i);
      JobRunner.Outcome o = JobRunner.run(spark, args(out, cases[i]).toArray(String[]::new));
      assertEquals(1, o.exit(), String.join(" ", cases[i]));
      assertTrue(o.err().contains(expected[i]), o.err());
      assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
      assertFalse(Files.exists(out.resolve("centers.csv")), "no half-written release");
    }
  }
}
