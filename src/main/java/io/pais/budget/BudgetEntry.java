package io.pais.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.math.Checks;
import java.util.Locale;

/**
 * One immutable entry of a budget ledger, numbered 1, 2, … in the order the ledger accepted them.
 *
 * @param sequence its number
 * @param kind what it records
 * @param claim the claim it refers to (a return or a release: the claim's number; a claim: its own)
 * @param epsilon a claim's ε (0 for the other kinds)
 * @param delta a claim's δ (0 for the other kinds)
 * @param time when it was written (ISO-8601, UTC)
 * @param details what else it records (a claim: the output and the flags; a release: its stages; a return: why)
 */
public record BudgetEntry(long sequence, Kind kind, long claim, double epsilon, double delta, String time,
    ObjectNode details) {

  /** What an entry records. */
  public enum Kind {
    /** A release's (ε, δ), taken from the budget before it reads data. */
    CLAIM,
    /** A claim given back by a run that failed before it read data. */
    RETURN,
    /** What a claim's release spent, stage by stage, once it is published. */
    RELEASE;

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
    out.set("details", details.deepCopy());
    return out;
  }

  /** The entry in {@code json}, or null when it is not one. */
  static BudgetEntry fromJson(JsonNode json) {
    if (json == null || !json.path("sequence").canConvertToLong() || !json.path("kind").isTextual()
        || !json.path("claim").canConvertToLong() || !json.path("epsilon").isNumber()
        || !json.path("delta").isNumber() || !json.path("details").isObject()) {
      return null;
    }
    Kind kind;
    try {
      kind = Kind.valueOf(json.get("kind").asText().toUpperCase(Locale.ROOT));
      return new BudgetEntry(json.get("sequence").asLong(), kind, json.get("claim").asLong(),
          json.get("epsilon").asDouble(), json.get("delta").asDouble(), json.path("time").asText(""),
          (ObjectNode) json.get("details"));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
