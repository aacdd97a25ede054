package io.pais.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.privacy.Geometry;
import io.pais.accounting.BudgetClaim;
import io.pais.accounting.KSelection;
import io.pais.accounting.TrainingSummary;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.Relation;
import io.pais.accounting.Statistic;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The privacy report as JSON (privacy-report.json, and inside a saved model), and back. */
public final class PrivacyReportJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PUBLIC = "public";
  private static final String DATA_DERIVED = "data-derived (not private)";
  private static final String DP_ESTIMATE = "DP estimate (in the ledger)";
  private static final String STABLE_KEYS = "each record's place in the input (file order and byte offset, line or "
      + "row): a seeded release does not depend on how Spark splits the input";
  private static final String PARTITION_KEYS = "Spark partition and position (the source has no stable row "
      + "order): a seeded release depends on how Spark partitions the input";

  private PrivacyReportJson() {}

  /**
   * The data sets the guarantee is stated over: a run stops without a release on an empty input and on a record
   * that is not one of the domain's (bad input), so those are outside it.
   */
  private static final String SUMMARY_DESCRIPTION = "DP outputs paid for in the ledger (stages 'summary: sizes' "
      + "and 'summary: cost'): per released centre, the noisy number of training points nearest to it, and the noisy "
      + "sum over the training points of the squared distance to the nearest centre, each point's term capped at "
      + "costTermCap; both clamped at 0. The training points are the points DP-Lloyd was trained on (clipped, "
      + "centred at the estimated centre, projected onto r)";
  private static final String DOMAIN = "non-empty data sets of well-formed records of dimension ";
  private static final String DOMAIN_REST = ": a record that is not a point of that dimension (a malformed field, a "
      + "LibSVM index beyond d, a ragged row, a vector of another size) stops the run without a release, and so may an "
      + "empty input; those inputs are outside the guarantee";

  /** The report's fields, statistics keyed by name. */
  public static ObjectNode toJson(PrivacyReport report) {
    ObjectNode root = JSON.createObjectNode();
    putNumber(root, "epsilon", report.epsilon());
    putNumber(root, "delta", report.delta());
    root.put("relation", report.relation().description());
    root.put("privacyMode", report.privacyMode());
    String kind = (report.delta() == 0 ? "pure epsilon-DP" : "(epsilon, delta)-DP") + " ("
        + report.relation().description() + ")";
    root.put("guarantee", report.isStrictRelease()
        ? "end-to-end " + kind + " of everything released: the data was read only by the mechanisms in the ledger, "
            + "and (epsilon, delta) is their composition"
        : kind + " of the released centres, conditioned on the statistics marked data-derived and the steps listed "
            + "in nonPrivateSteps");
    root.put("domain", DOMAIN + report.dimension() + DOMAIN_REST);
    if (!report.accountant().isEmpty()) {
      root.put("accountant", report.accountant());
    }
    root.put("composition", report.composition());
    if (report.budgetClaim() != null) {
      writeClaim(root.putObject("budgetLedger"), report.budgetClaim());
    }
    writeLedger(root.putArray("ledger"), report.ledger());
    if (report.trainingSummary() != null) {
      writeSummary(root.putObject("trainingSummary"), report.trainingSummary());
    }
    if (report.kSelection() != null) {
      writeSelection(root.putObject("kSelection"), report.kSelection());
    }
    if (!report.estimatedCentre().isEmpty()) {
      ArrayNode centre = root.putArray("estimatedCentre");
      for (double v : report.estimatedCentre()) {
        centre.add(v);
      }
    }
    root.put("guaranteeMethod", report.guaranteeMethod());
    root.put("sampler", report.sampler().id());
    root.put("geometry", report.geometry().name().toLowerCase(Locale.ROOT));
    root.put("k", report.k());
    root.put("iterations", report.iterations());
    root.put("dimension", report.dimension());
    putNumber(root, "expectedSampleSize", report.expectedSampleSize());
    if (!Double.isNaN(report.lambda())) {
      root.put("lambda", report.lambda());
    }
    ObjectNode noise = root.putObject("noise");
    putNumber(noise, "B", report.noiseKnob());
    putNumber(noise, "betaSum", report.betaSum());
    putNumber(noise, "betaCount", report.betaCount());
    noise.put("sumNoise", report.sumNoiseRadius());
    noise.put("countNoise", Double.isNaN(report.noiseKnob())
        ? "Gaussian(betaCount = sigma): a normal draw rounded to a lattice"
        : "Laplace(betaCount): exact discrete Laplace on a lattice in a release");
    ObjectNode stats = root.putObject("statistics");
    for (Statistic s : report.statistics()) {
      ObjectNode node = stats.putObject(s.name());
      putNumber(node, "value", s.value());
      node.put("source", sourceText(s.source()));
      node.put("description", s.description());
    }
    ArrayNode steps = root.putArray("nonPrivateSteps");
    report.nonPrivateSteps().forEach(steps::add);
    root.put("strict", report.coversEverything());
    root.put("seeded", report.seeded());
    if (report.seeded()) {
      root.put("seedBits", report.seedBits());
      root.put("seededNote", seededNote(report.seedBits()));
    }
    root.put("samplingKeys", report.stableSamplingKeys() ? STABLE_KEYS : PARTITION_KEYS);
    return root;
  }

  /** The JSON text of {@link #toJson}. */
  public static String toText(PrivacyReport report) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(report));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a report written by {@link #toText}. */
  public static PrivacyReport fromText(String text) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a privacy report: " + e.getMessage());
    }
    JsonNode noise = root.get("noise");
    PrivacyReport.Builder b = PrivacyReport.builder()
        .epsilon(number(root, "epsilon"), root.get("guaranteeMethod").asText())
        .sampler(Sampler.parse(root.get("sampler").asText()))
        .geometry(Geometry.parse(root.get("geometry").asText()))
        .iterations(root.get("iterations").asInt())
        .k(root.get("k").asInt())
        .dimension(root.get("dimension").asInt())
        .expectedSampleSize(number(root, "expectedSampleSize"))
        .lambda(root.has("lambda") ? root.get("lambda").asDouble() : Double.NaN)
        .noise(number(noise, "B"), number(noise, "betaSum"), number(noise, "betaCount"), noise.get("sumNoise").asText())
        .seedBits(root.path("seedBits").asInt(root.get("seeded").asBoolean() ? Long.SIZE : 0))
        .stableSamplingKeys(!PARTITION_KEYS.equals(root.path("samplingKeys").asText(STABLE_KEYS)))
        .delta(root.has("delta") ? number(root, "delta") : 0, relation(root.path("relation").asText("")))
        .accountant(root.path("accountant").asText(""));
    if (root.has("budgetLedger")) {
      b.budgetClaim(readClaim(root.get("budgetLedger")));
    }
    Iterator<Map.Entry<String, JsonNode>> stats = root.get("statistics").fields();
    while (stats.hasNext()) {
      Map.Entry<String, JsonNode> e = stats.next();
      JsonNode s = e.getValue();
      b.statistic(e.getKey(), number(s, "value"),
          source(s.get("source").asText()),
          s.get("description").asText());
    }
    root.get("nonPrivateSteps").forEach(step -> b.nonPrivateStep(step.asText()));
    b.ledger(root.path("privacyMode").asText("paper"), readLedger(root.path("ledger")),
        root.path("composition").asText(io.pais.accounting.Composition.BASIC.name()));
    if (root.has("trainingSummary")) {
      b.trainingSummary(readSummary(root.get("trainingSummary")));
    }
    if (root.has("kSelection")) {
      b.kSelection(readSelection(root.get("kSelection")));
    }
    if (root.has("estimatedCentre")) {
      double[] centre = new double[root.get("estimatedCentre").size()];
      for (int i = 0; i < centre.length; i++) {
        centre[i] = root.get("estimatedCentre").get(i).asDouble();
      }
      b.estimatedCentre(centre);
    }
    return b.build();
  }

  private static void writeSummary(ObjectNode node, TrainingSummary summary) {
    node.put("description", SUMMARY_DESCRIPTION);
    ArrayNode sizes = node.putArray("clusterSizes");
    summary.clusterSizes().forEach(sizes::add);
    putNumber(node, "trainingCost", summary.trainingCost());
    putNumber(node, "epsilon", summary.epsilon());
    putNumber(node, "sizeNoiseScale", summary.sizeNoiseScale());
    putNumber(node, "sizeStandardDeviation", summary.sizeStandardDeviation());
    putNumber(node, "costNoiseScale", summary.costNoiseScale());
    putNumber(node, "costStandardDeviation", summary.costStandardDeviation());
    putNumber(node, "costTermCap", summary.costTermCap());
  }

  private static TrainingSummary readSummary(JsonNode node) {
    List<Double> sizes = new ArrayList<>();
    node.get("clusterSizes").forEach(size -> sizes.add(size.asDouble()));
    return new TrainingSummary(sizes, number(node, "trainingCost"), number(node, "epsilon"),
        number(node, "sizeNoiseScale"), number(node, "costNoiseScale"), number(node, "costTermCap"));
  }

  private static void writeSelection(ObjectNode node, KSelection selection) {
    node.put("chosen", selection.chosen());
    node.put("rule", selection.rule());
    ArrayNode candidates = node.putArray("candidates");
    for (KSelection.Candidate c : selection.candidates()) {
      ObjectNode candidate = candidates.addObject();
      candidate.put("k", c.k());
      putNumber(candidate, "epsilon", c.epsilon());
      putNumber(candidate, "trainingCost", c.cost());
      putNumber(candidate, "costStandardDeviation", c.costStandardDeviation());
    }
  }

  private static KSelection readSelection(JsonNode node) {
    List<KSelection.Candidate> candidates = new ArrayList<>();
    for (JsonNode c : node.get("candidates")) {
      candidates.add(new KSelection.Candidate(c.get("k").asInt(), number(c, "epsilon"), number(c, "trainingCost"),
          number(c, "costStandardDeviation")));
    }
    return new KSelection(candidates, node.get("chosen").asInt(), node.get("rule").asText());
  }

  /** A ledger's entries as JSON, into {@code out}. */
  static void writeLedger(ArrayNode out, List<LedgerEntry> entries) {
    for (LedgerEntry e : entries) {
      ObjectNode entry = out.addObject();
      entry.put("stage", e.stage().label());
      entry.put("mechanism", e.mechanism());
      putNumber(entry, "epsilon", e.epsilon());
      putNumber(entry, "delta", e.delta());
      entry.put("sensitivity", e.sensitivity());
      entry.put("noiseScale", e.noiseScale());
      entry.put("released", e.released());
    }
  }

  /** A ledger's entries from their JSON array. */
  static List<LedgerEntry> readLedger(JsonNode array) {
    List<LedgerEntry> entries = new ArrayList<>();
    for (JsonNode e : array) {
      entries.add(new LedgerEntry(LedgerStage.ofLabel(e.get("stage").asText()), e.get("mechanism").asText(),
          number(e, "epsilon"), number(e, "delta"), e.get("sensitivity").asText(), e.get("noiseScale").asText(),
          e.get("released").asText()));
    }
    return entries;
  }

  /** A budget claim as JSON, into {@code out}. */
  static void writeClaim(ObjectNode out, BudgetClaim claim) {
    out.put("ledger", claim.ledger());
    out.put("claim", claim.claim());
    putNumber(out, "epsilon", claim.epsilon());
    putNumber(out, "delta", claim.delta());
    out.put("composition", BudgetClaim.COMPOSITION);
  }

  /** A budget claim from its JSON. */
  static BudgetClaim readClaim(JsonNode budget) {
    return new BudgetClaim(budget.get("ledger").asText(), budget.get("claim").asLong(), number(budget, "epsilon"),
        number(budget, "delta"));
  }

  private static Relation relation(String text) {
    for (Relation r : Relation.values()) {
      if (r.description().equals(text)) {
        return r;
      }
    }
    return Relation.ADD_REMOVE; // reports written before the relation was recorded
  }

  /** What a seeded run's guarantee rests on, in words. */
  public static String seededNote(int seedBits) {
    return "noise and sampling came from generators keyed by the seed (AES under SHA-256 of it): whoever holds "
        + "the seed can regenerate every draw and subtract the noise, so the release is private only while the seed "
        + "is a secret of at least " + Seed.SECRET_BITS + " bits; this seed has " + seedBits + " bits"
        + (seedBits < Seed.SECRET_BITS ? " (too short to be a secret: a reproducible run, not a private release)"
            : "");
  }

  private static String sourceText(Statistic.Source source) {
    return switch (source) {
      case PUBLIC -> PUBLIC;
      case DATA_DERIVED -> DATA_DERIVED;
      case DP_ESTIMATE -> DP_ESTIMATE;
    };
  }

  private static Statistic.Source source(String text) {
    return PUBLIC.equals(text) ? Statistic.Source.PUBLIC
        : DP_ESTIMATE.equals(text) ? Statistic.Source.DP_ESTIMATE : Statistic.Source.DATA_DERIVED;
  }

  static double number(JsonNode node, String name) {
    JsonNode v = node.get(name);
    return v.isNumber() ? v.asDouble() : Double.parseDouble(v.asText());
  }

  static void putNumber(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, value);
    } else {
      node.put(name, Double.toString(value));
    }
  }
}
