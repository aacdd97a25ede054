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

  /** Issue 48, items 3 and 4: show lists every claim's state; return gives back only an unread claim. */
  @Test
  void showListsEachClaimsStateAndReturnGivesBackOnlyAnUnreadClaim(@TempDir Path tmp) throws Exception {
    String ledger = tmp.resolve("ledger").toString();
    assertEquals(0, run("create", "--total-epsilon", "10", ledger).exit());
    BudgetLedger opened = BudgetLedger.open(ledger, new Configuration());
    long killedEarly = opened.claim(1, 0, JsonNodeFactory.instance.objectNode().put("output", "/r/early")).sequence();
    long killedReading = opened.claim(2, 0, JsonNodeFactory.instance.objectNode().put("output", "/r/late"))
        .sequence();
    opened.startReading(killedReading);
    Run shown = run("show", ledger);
    assertTrue(shown.out().matches("(?s).*claim 1 .*claimed .*/r/early.*") && shown.out().matches(
        "(?s).*claim 2 .*reading .*/r/late.*"), shown.out());

    Run late = run("return", ledger, Long.toString(killedReading));
    assertEquals(1, late.exit());
    assertTrue(late.err().contains("cannot be returned: it is reading") && late.err().contains("stays spent for "
        + "good"), late.err());
    assertEquals(1, late.err().strip().lines().count());
    Run returned = run("return", ledger, Long.toString(killedEarly), "--reason", "killed before reading");
    assertEquals(0, returned.exit(), returned.err());
    assertTrue(returned.out().contains("remaining epsilon = 8.0"), returned.out());
    JsonNode json = new ObjectMapper().readTree(run("show", "--json", ledger).out());
    assertEquals("returned", json.path("releases").get(0).path("state").asText());
    assertEquals("reading", json.path("releases").get(1).path("state").asText());
    assertEquals("add-remove", json.path("relation").asText());
  }

  @Test
  void theTotalIsSetByACommandThatRecordsItself(@TempDir Path tmp) throws Exception {
    String ledger = tmp.resolve("ledger").toString();
    assertEquals(0, run("create", "--total-epsilon", "1", "--relation", "substitution", ledger).exit());
    Run noReason = run("set-total", ledger, "--total-epsilon", "5");
    assertEquals(2, noReason.exit(), "the reason is required");
    Run raised = run("set-total", ledger, "--total-epsilon", "5", "--reason", "approved");
    assertEquals(0, raised.exit(), raised.err());
    JsonNode json = new ObjectMapper().readTree(run("show", "--json", ledger).out());
    assertEquals(5, json.path("total").path("epsilon").asDouble());
    assertEquals("substitution", json.path("relation").asText());
    assertEquals("approved", json.path("totalChanges").get(0).path("details").path("reason").asText());
    Run badRelation = run("create", "--total-epsilon", "1", "--relation", "replace", tmp.resolve("x").toString());
    assertEquals(1, badRelation.exit());
    assertTrue(badRelation.err().contains("--relation must be add-remove or substitution"), badRelation.err());
  }

  @Test
  void aLedgerUnderAFileIsRefusedNamingIt(@TempDir Path tmp) throws Exception {
    Path file = java.nio.file.Files.writeString(tmp.resolve("plain"), "x");
    Run refused = run("create", "--total-epsilon", "1", file.resolve("ledger").toString());
    assertEquals(1, refused.exit());
    assertTrue(refused.err().contains("is a file, not a folder"), refused.err());
    assertTrue(!refused.err().contains("Exception"), refused.err());
  }
}
