package io.pais.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.pais.accounting.BudgetClaim;
import io.pais.accounting.BudgetPerCentre;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.Relation;
import io.pais.accounting.Statistic;
import io.pais.accounting.TrainingSummary;
import io.pais.io.PrivacyReportJson;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report reference describes exactly what the report's writer emits. */
class ReportFieldsTest {

  /** A report with every optional part: a budget claim, a summary, a choice of k, a DP centre, core's λ, a seed. */
  private static PrivacyReport everything() {
    LedgerEntry entry = new LedgerEntry(LedgerStage.values()[0], "Laplace", 0.1, 0, "1", "10", "a count");
    return PrivacyReport.builder().epsilon(1, "test").delta(1e-6, Relation.ADD_REMOVE).accountant("basic")
        .sampler(Sampler.CORE).geometry(Geometry.L2).iterations(3).k(4).dimension(2).expectedSampleSize(100)
        .lambda(0.5).noise(1, 1, 1, "test").statistic("r", 1, Statistic.Source.DP_ESTIMATE, "the radius")
        .nonPrivateStep("a step").seedBits(128).stableSamplingKeys(true)
        .ledger("strict", List.of(entry), "BASIC").estimatedCentre(new double[] {0, 0})
        .trainingSummary(new TrainingSummary(List.of(10.0, 20.0, 30.0, 40.0), 5, 0.1, 1, 1, 1))
        .kSelection(new KSelection(List.of(new KSelection.Candidate(4, 0.2, 3, 1),
            new KSelection.Candidate(6, 0.2, 2, 1)), 4, "elbow"))
        .budgetClaim(new BudgetClaim("/ledger", 1, 1, 1e-6)).build();
  }

  @Test
  void theReferenceDescribesExactlyTheFieldsTheWriterEmits() {
    Set<String> emitted = new TreeSet<>();
    paths(PrivacyReportJson.toJson(everything()), "", emitted);
    assertEquals(new TreeSet<>(ReportFields.FIELDS.keySet()), emitted);
  }

  @Test
  void everyStatisticTheReporterNamesIsListed() throws IOException {
    Set<String> named = new TreeSet<>(Set.of(BudgetPerCentre.STATISTIC));
    String reporter = Files.readString(Path.of("src/main/java/io/pais/clustering/ReleaseReporter.java"),
        StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("statistic\\(\"([^\"]+)\"").matcher(reporter);
    while (m.find()) {
      named.add(m.group(1));
    }
    assertTrue(named.size() >= 12, named.toString());
    assertEquals(new TreeSet<>(ReportFields.STATISTICS.keySet()), named);
  }

  /** The paths of {@code node}: objects' fields by name, arrays' elements as [], statistics' names as NAME. */
  private static void paths(JsonNode node, String prefix, Set<String> into) {
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        String name = prefix.equals("statistics.") ? "NAME" : field.getKey();
        into.add(prefix + name);
        paths(field.getValue(), prefix + name + ".", into);
      }
    } else if (node.isArray()) {
      String array = prefix.substring(0, prefix.length() - 1) + "[]";
      for (JsonNode element : node) {
        if (!element.isContainerNode()) {
          into.add(array);
        }
        paths(element, array + ".", into);
      }
    }
  }
}
