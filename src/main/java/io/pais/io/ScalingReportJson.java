package io.pais.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.ScalingReport;

/** A private scaler's {@link ScalingReport} as JSON text, and back (its model saves it beside its moments). */
public final class ScalingReportJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ScalingReportJson() {}

  public static ObjectNode toJson(ScalingReport report) {
    ObjectNode root = JSON.createObjectNode();
    PrivacyReportJson.putNumber(root, "epsilon", report.epsilon());
    PrivacyReportJson.putNumber(root, "delta", report.delta());
    root.put("relation", report.relation().description());
    root.put("guarantee", "pure epsilon-DP (" + report.relation().description() + ") of the released means and "
        + "standard deviations: the data was read only by the mechanisms in the ledger, and epsilon is their "
        + "composition");
    root.put("dimension", report.dimension());
    root.put("bounds", report.bounds());
    root.put("composition", report.composition());
    root.put("seeded", report.seedBits() > 0);
    if (report.seedBits() > 0) {
      root.put("seedBits", report.seedBits());
      root.put("seededNote", PrivacyReportJson.seededNote(report.seedBits()));
    }
    if (report.budgetClaim() != null) {
      PrivacyReportJson.writeClaim(root.putObject("budgetLedger"), report.budgetClaim());
    }
    PrivacyReportJson.writeLedger(root.putArray("ledger"), report.ledger());
    return root;
  }

  public static String toText(ScalingReport report) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(report));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a scaling report", e);
    }
  }

  public static ScalingReport fromText(String text) {
    try {
      JsonNode root = JSON.readTree(text);
      int seedBits = root.path("seedBits").asInt(0);
      ScalingReport report = new ScalingReport(PrivacyReportJson.number(root, "epsilon"), root.get("dimension").asInt(),
          root.get("bounds").asText(), PrivacyReportJson.readLedger(root.get("ledger")),
          root.get("composition").asText(), seedBits, null);
      return root.has("budgetLedger") ? report.withBudgetClaim(PrivacyReportJson.readClaim(root.get("budgetLedger")))
          : report;
    } catch (JsonProcessingException | RuntimeException e) {
      throw new IllegalArgumentException("not a scaling report: " + e.getMessage(), e);
    }
  }
}
