package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.pais.budget.BudgetLedger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pais-budget: create and show (text and JSON), and one-line refusals. */
class BudgetToolTest {

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = BudgetTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void createThenShowTheTotalSpentRemainingAndEachRelease(@TempDir Path tmp) throws Exception {
    String ledger = tmp.resolve("ledger").toString();
    Run created = run("create", "--total-epsilon", "4", "--total-delta", "1e-6", ledger);
    assertEquals(0, created.exit(), created.err());
    BudgetLedger opened = BudgetLedger.open(ledger, new Configuration());
    opened.claim(1.5, 0, JsonNodeFactory.instance.objectNode().put("output", "/releases/a"));
    long returned = opened.claim(1, 0, JsonNodeFactory.instance.objectNode().put("output", "/releases/b")).sequence();
    opened.giveBack(returned, "stopped before reading");

    Run shown = run("show", ledger);
    assertEquals(0, shown.exit(), shown.err());
    assertTrue(shown.out().contains("spent      epsilon = 1.5") && shown.out().contains("remaining  epsilon = 2.5"),
        shown.out());
    assertTrue(shown.out().contains("spent") && shown.out().contains("/releases/a")
        && shown.out().contains("returned"), shown.out());

    Run json = run("show", "--json", ledger);
    JsonNode node = new ObjectMapper().readTree(json.out());
    assertEquals(2.5, node.path("remaining").path("epsilon").asDouble());
    assertEquals(2, node.path("releases").size());
    assertEquals("returned", node.path("releases").get(1).path("state").asText());
  }

  @Test
  void badUseIsOneLine(@TempDir Path tmp) {
    Run missing = run("show", tmp.resolve("nothing").toString());
    assertEquals(1, missing.exit());
    assertTrue(missing.err().startsWith("pais-budget: no budget ledger at"), missing.err());
    assertEquals(1, missing.err().strip().lines().count(), missing.err());
    Run negative = run("create", "--total-epsilon", "-1", tmp.resolve("l").toString());
    assertEquals(1, negative.exit());
    assertTrue(negative.err().contains("total epsilon must be positive and finite"), negative.err());
    assertEquals(2, run("show").exit(), "a missing PATH is bad usage");
  }
}
