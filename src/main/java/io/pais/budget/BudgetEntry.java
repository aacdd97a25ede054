package io.pais.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.math.Checks;
import java.util.Locale;

/**
 * One immutable entry of a budget ledger, numbered 1, 2, … in the order the ledger accepted them, and chained to
 * the one before it by that entry's SHA-256 (the first to the ledger's header), so that an entry edited or deleted
 * afterwards breaks the chain.
 *
 * @param sequence its number
 * @param kind what it records
 * @param claim the claim it refers to (a claim: its own number; a total: 0)
 * @param epsilon a claim's ε as charged to the ledger; a total's new total ε; 0 for the other kinds
 * @param delta a claim's δ as charged to the ledger; a total's new total δ; 0 for the other kinds
 * @param time when it was written (ISO-8601, UTC)
 * @param previous the SHA-256 (hex) of the entry before it as stored (the header's for the first); "" in entries
 *     of a version-1 ledger, which predate the chain
 * @param details what else it records (a claim: the output, the flags, the release's own guarantee; a release: its
 *     stages; a return, a failure or a total: why)
 */
public record BudgetEntry(long sequence, Kind kind, long claim, double epsilon, double delta, String time,
    String previous, ObjectNode details) {

  /** What an entry records. */
  public enum Kind {
    /** A release's (ε, δ), taken from the budget before it reads data. */
    CLAIM,
    /** A claim's run is about to read its first record: from here on the claim can never be given back. */
    READING,
    /** A claim given back: its run stopped, or its owner returned it, before it read data. */
    RETURN,
    /** A claim's run failed after it had read data: the claim stays spent. */
    FAILED,
    /** What a claim's release spent, stage by stage, once it is published. */
    RELEASE,
    /** The total budget set anew, explicitly (pais-budget set-total). */
    TOTAL;

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public BudgetEntry {
    Checks.positive("sequence", sequence);
    Checks.notNull("kind", kind);
    Checks.require(epsilon >= 0 && Double.isFinite(epsilon), "a ledger entry's epsilon must be finite and at "
        + "least 0, got " + epsilon);
    Checks.require(delta >= 0 && delta < 1, "a ledger entry's delta must be in [0, 1), got " + delta);
    Checks.notNull("previous", previous);
    details = details == null ? JsonNodeFactory.instance.objectNode() : details.deepCopy();
  }

  ObjectNode toJson() {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("sequence", sequence);
    out.put("kind", kind.id());
    out.put("claim", claim);
    out.put("epsilon", epsilon);
    out.put("delta", delta);
    out.put("time", time);
    out.put("previous", previous);
    out.set("details", details.deepCopy());
    return out;
  }

  /** The entry in {@code json}, or null when it is not one. */
  static BudgetEntry fromJson(JsonNode json) {
    if (json == null || !json.path("sequence").canConvertToLong() || !json.path("kind").isTextual()
        || !json.path("claim").canConvertToLong() || !json.path("epsilon").isNumber()
        || !json.path("delta").isNumber() || !json.path("details").isObject()
        || !(json.path("previous").isMissingNode() || json.path("previous").isTextual())) {
      return null;
    }
    try {
      Kind kind = Kind.valueOf(json.get("kind").asText().toUpperCase(Locale.ROOT));
      return new BudgetEntry(json.get("sequence").asLong(), kind, json.get("claim").asLong(),
          json.get("epsilon").asDouble(), json.get("delta").asDouble(), json.path("time").asText(""),
          json.path("previous").asText(""), (ObjectNode) json.get("details"));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
