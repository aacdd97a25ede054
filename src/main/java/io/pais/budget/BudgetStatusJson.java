package io.pais.budget;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * A ledger's status as one JSON object: the total, spent and remaining (ε, δ), and every claim with its state — what
 * {@code pais-budget show --json} prints and what Python's {@code pais.budget} reads.
 */
public final class BudgetStatusJson {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private BudgetStatusJson() {}

  /** The status of the ledger at {@code path}, as indented JSON text. */
  public static String text(String path, BudgetStatus status) {
    try {
      return JSON.writeValueAsString(of(path, status));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** When a claim reached its state (its claim time while claimed). */
  public static String since(BudgetStatus status, long claim, BudgetStatus.ClaimState state) {
    BudgetEntry entry = switch (state) {
      case CLAIMED -> status.claim(claim);
      case READING -> status.entryOf(claim, BudgetEntry.Kind.READING);
      case PUBLISHED -> status.releaseOf(claim);
      case FAILED -> status.entryOf(claim, BudgetEntry.Kind.FAILED);
      case RETURNED -> status.entryOf(claim, BudgetEntry.Kind.RETURN);
    };
    return entry.time();
  }

  /** The status of the ledger at {@code path}, as a JSON object. */
  public static ObjectNode of(String path, BudgetStatus status) {
    ObjectNode out = JSON.createObjectNode();
    out.put("ledger", path);
    out.put("relation", BudgetLedger.relationId(status.relation()));
    out.putObject("total").put("epsilon", status.totalEpsilon()).put("delta", status.totalDelta());
    out.putObject("spent").put("epsilon", status.spentEpsilon()).put("delta", status.spentDelta());
    out.putObject("remaining").put("epsilon", status.remainingEpsilon()).put("delta", status.remainingDelta());
    out.put("composition", "basic sequential composition of (epsilon, delta) under "
        + BudgetLedger.relationId(status.relation()));
    ArrayNode releases = out.putArray("releases");
    for (BudgetEntry claim : status.claims()) {
      ObjectNode r = releases.addObject();
      BudgetStatus.ClaimState state = status.state(claim.sequence());
      r.put("claim", claim.sequence());
      r.put("time", claim.time());
      r.put("epsilon", claim.epsilon());
      r.put("delta", claim.delta());
      r.put("state", state.id());
      r.put("stateSince", since(status, claim.sequence(), state));
      r.set("details", claim.details());
      BudgetEntry release = status.releaseOf(claim.sequence());
      if (release != null) {
        r.set("release", release.details());
      }
      BudgetEntry failed = status.entryOf(claim.sequence(), BudgetEntry.Kind.FAILED);
      if (failed != null) {
        r.put("failure", failed.details().path("reason").asText(""));
      }
    }
    ArrayNode totals = out.putArray("totalChanges");
    status.entries().stream().filter(e -> e.kind() == BudgetEntry.Kind.TOTAL).forEach(e -> totals.addObject()
        .put("time", e.time()).put("epsilon", e.epsilon()).put("delta", e.delta()).set("details", e.details()));
    return out;
  }
}
