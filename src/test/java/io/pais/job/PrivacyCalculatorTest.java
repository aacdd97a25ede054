package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.testing.TestVectors;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** submit/pais-privacy: Table 3 against the vectors, the JSON fields, and one-line failures. */
class PrivacyCalculatorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> VECTOR_NAMES = Map.of("Poisson", "poisson-uniform", "WOR", "wor", "WR", "wr",
      "MUST.OW", "must-ow", "MUST.WO", "must-wo", "MUST.WW", "must-ww");

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = PrivacyCalculator.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static JsonNode json(Run run) throws Exception {
    assertEquals(0, run.code(), run.err());
    return JSON.readTree(run.out());
  }

  private static void close(double expected, double actual, String what) {
    double err = Math.abs(expected - actual);
    assertTrue(err <= 1e-12 * Math.abs(expected) || err <= 1e-10, what + ": expected " + expected + ", got " + actual);
  }

  @Test
  void table3ReproducesEveryVector() throws Exception {
    Map<String, double[]> table = new HashMap<>();
    for (JsonNode row : json(run("amplify", "--table3", "--json")).get("rows")) {
      table.put(row.get("noise").asText() + " " + row.get("theta").asDouble() + " " + row.get("baseEpsilon").asDouble()
          + " " + row.get("scheme").asText(), new double[] {row.get("epsilon").asDouble(), row.get("delta").asDouble()});
    }
    assertEquals(2 * 2 * 6 * 6, table.size());
    String block = null;
    int checked = 0;
    for (String line : TestVectors.lines("must-amplification-vectors.txt")) {
      String[] f = line.trim().split("\\s+");
      if (line.startsWith("Laplace theta=") || line.startsWith("Gaussian theta=")) {
        block = f[0].toLowerCase() + " " + Double.parseDouble(f[1].substring(6)) + " "
            + Double.parseDouble(f[2].substring(4));
      } else if (block != null && f.length == 3 && VECTOR_NAMES.containsKey(f[0]) && f[1].startsWith("eps'=")) {
        double[] got = table.get(block + " " + VECTOR_NAMES.get(f[0]));
        close(Double.parseDouble(f[1].substring(5)), got[0], block + " " + f[0] + " eps'");
        close(Double.parseDouble(f[2].substring(7)), got[1], block + " " + f[0] + " delta'");
        checked++;
      } else if (line.startsWith("##")) {
        block = null;
      }
    }
    assertEquals(2 * 2 * 6 * 6, checked);
    Run text = run("amplify", "--table3");
    assertTrue(text.out().contains("corrected"), text.out());
    assertTrue(text.out().contains("must-ww          0.0123 / 1.288e-01"), text.out());
  }

  @Test
  void amplifyPrintsEpsilonDeltaAndEta() throws Exception {
    JsonNode node = json(run("amplify", "--scheme", "must-ow", "--population", "1000", "--stage1-size", "500",
        "--sample-size", "400", "--noise", "gaussian", "--theta", "0.25", "--epsilon", "1", "--json"));
    close(0.3875815701773823, node.get("epsilon").asDouble(), "epsilon");
    close(0.002092862973014135, node.get("delta").asDouble(), "delta");
    close(0.2755154174636698, node.get("eta").asDouble(), "eta");
    assertEquals("must-ow", node.get("scheme").asText());
  }

  /** The pure profile: δ_k = (e^{kθ} − e^ε)/(e^{kθ} + 1), the figure the job uses for its Laplace release. */
  @Test
  void thePureProfileReproducesTheJobsLaplaceFigures() throws Exception {
    JsonNode node = json(run("amplify", "--scheme", "wr", "--population", "1000", "--sample-size", "400", "--noise",
        "pure", "--theta", "0.5", "--epsilon", "0.7", "--json"));
    // W(k) = Bin(400, 1/1000)(k); delta_1 = 0 since theta < epsilon
    double delta = 0;
    double p = 1e-3;
    double w = Math.pow(1 - p, 400);
    for (int k = 1; k <= 400; k++) {
      w *= (400.0 - k + 1) / k * p / (1 - p);
      delta += w * Math.max(0, (Math.exp(k * 0.5) - Math.exp(0.7)) / (Math.exp(k * 0.5) + 1));
    }
    close(delta, node.get("delta").asDouble(), "pure delta");
    assertEquals("pure", node.get("noise").asText());
    JsonNode composed = json(run("compose", "--scheme", "wor", "--population", "1000", "--sample-size", "400",
        "--noise", "pure", "--theta", "0.5", "--iterations", "5", "--delta", "1e-6", "--json"));
    assertFalse(composed.has("epsilonUpper"), "no Fourier figure for the pure profile");
    // wor copies a record at most once: the base epsilon theta already gives delta = 0
    assertTrue(composed.get("basicDelta").asDouble() <= 1e-6);
    assertTrue(composed.get("basicEpsilon").asDouble() <= 5 * Math.log1p(0.4 * Math.expm1(0.5)) * (1 + 1e-12),
        composed.toString());
  }

  @Test
  void composeBracketsAndBasicBound() throws Exception {
    JsonNode atDelta = json(run("compose", "--scheme", "poisson-uniform", "--population", "100000", "--sample-size",
        "5000", "--noise", "laplace", "--theta", "1", "--iterations", "10", "--delta", "1e-6", "--json"));
    double lower = atDelta.get("epsilonLower").asDouble();
    double upper = atDelta.get("epsilonUpper").asDouble();
    assertTrue(0 < lower && lower <= upper && upper < atDelta.get("basicEpsilon").asDouble(), atDelta.toString());
    assertTrue(atDelta.get("basicDelta").asDouble() <= 1e-6, atDelta.toString());
    assertTrue(atDelta.get("dominatingPairProven").asBoolean());

    JsonNode atEpsilon = json(run("compose", "--scheme", "wr", "--population", "100000", "--sample-size", "5000",
        "--noise", "gaussian", "--theta", "0.5", "--iterations", "10", "--epsilon", "1", "--json"));
    assertTrue(atEpsilon.get("deltaLower").asDouble() <= atEpsilon.get("deltaUpper").asDouble());
    assertEquals(1, atEpsilon.get("basicEpsilon").asDouble(), 1e-12);
    assertFalse(atEpsilon.get("dominatingPairProven").asBoolean());
    assertTrue(atEpsilon.get("deltaUpper").asDouble() < atEpsilon.get("basicDelta").asDouble(), atEpsilon.toString());
  }

  @Test
  void aCachedStageOneIsAccountedWithinTheDeltaTarget() throws Exception {
    String[] common = {"compose", "--scheme", "must-ow", "--population", "100000", "--stage1-size", "5000",
        "--sample-size", "5000", "--noise", "laplace", "--theta", "1", "--iterations", "10", "--delta", "1e-6",
        "--json"};
    JsonNode redrawn = json(run(common));
    String[] cached = java.util.Arrays.copyOf(common, common.length + 1);
    cached[common.length] = "--stage1-cached";
    JsonNode kept = json(run(cached));
    assertTrue(kept.get("stage1Cached").asBoolean());
    assertTrue(kept.get("basicDelta").asDouble() <= 1e-6);
    assertTrue(kept.get("basicEpsilon").asDouble() > 0 && redrawn.get("basicEpsilon").asDouble() > 0);
    assertTrue(kept.get("epsilonUpper").asDouble() >= kept.get("epsilonLower").asDouble());
  }

  @Test
  void badParametersFailOnOneLine() {
    Run unknown = run("amplify", "--scheme", "must-xx", "--population", "10", "--sample-size", "3", "--theta", "1",
        "--epsilon", "1");
    assertEquals(1, unknown.code());
    assertTrue(unknown.err().contains("--scheme must be one of"), unknown.err());
    assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
    Run nan = run("amplify", "--scheme", "wr", "--population", "10", "--sample-size", "3", "--theta", "NaN",
        "--epsilon", "1");
    assertEquals(1, nan.code());
    assertTrue(nan.err().contains("--theta must be finite and > 0, got NaN"), nan.err());
    Run both = run("compose", "--scheme", "wr", "--population", "10", "--sample-size", "3", "--theta", "1",
        "--iterations", "2", "--delta", "1e-6", "--epsilon", "1");
    assertTrue(both.err().contains("exactly one of --delta and --epsilon"), both.err());
    Run cachedWr = run("compose", "--scheme", "wr", "--population", "10", "--sample-size", "3", "--theta", "1",
        "--iterations", "2", "--delta", "1e-6", "--stage1-cached");
    assertTrue(cachedWr.err().contains("must-ow only"), cachedWr.err());
    assertEquals(2, run("amplify", "--nope").code());
  }
}
