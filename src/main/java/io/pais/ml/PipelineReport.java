package io.pais.ml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.Relation;
import io.pais.budget.RelationCharge;
import io.pais.math.Rounding;
import java.math.BigDecimal;
import java.util.List;

/**
 * The guarantee of a fitted pipeline's private stages together: they all read the same data, so their guarantees
 * compose by basic sequential composition — ε and δ add up, summed exactly and rounded up to the next double. Under
 * one relation the parts add as they are; when one part is stated under substitution (a fixed-size uniform scheme,
 * N public) the whole is, and an add/remove part (ε, δ) counts (2ε, (1 + e^ε)·δ) there ({@link RelationCharge}).
 *
 * @param parts every private stage of the model, in order
 * @param epsilon the composed ε
 * @param delta the composed δ
 * @param relation the relation the composed guarantee is stated under
 */
public record PipelineReport(List<Part> parts, double epsilon, double delta, Relation relation) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One private stage's guarantee, as its own report states it. */
  public record Part(String uid, String stage, double epsilon, double delta, Relation relation, String report) {}

  public PipelineReport {
    parts = List.copyOf(parts);
  }

  /** The composition of {@code parts} (at least one). */
  public static PipelineReport compose(List<Part> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("the pipeline has no private stage: nothing in it was fitted with privacy, "
          + "so it has no guarantee to report");
    }
    Relation relation = parts.stream().anyMatch(p -> p.relation() == Relation.SUBSTITUTION) ? Relation.SUBSTITUTION
        : Relation.ADD_REMOVE;
    BigDecimal epsilon = BigDecimal.ZERO;
    BigDecimal delta = BigDecimal.ZERO;
    for (Part p : parts) {
      RelationCharge charge = RelationCharge.of(relation, p.relation(), p.epsilon(), p.delta(), "of this pipeline");
      epsilon = epsilon.add(new BigDecimal(charge.epsilon()));
      delta = delta.add(new BigDecimal(charge.delta()));
    }
    return new PipelineReport(parts, Rounding.up(epsilon), Math.min(1, Rounding.up(delta)), relation);
  }

  /** As JSON text: the composed guarantee and every part's own report. */
  public String toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("epsilon", epsilon);
    root.put("delta", delta);
    root.put("relation", relation.description());
    root.put("composition", "basic sequential composition over the pipeline's private stages, which read the same "
        + "data (epsilons and deltas add up" + (relation == Relation.SUBSTITUTION ? "; an add/remove stage counts "
        + "2 epsilon and (1 + e^epsilon) delta under substitution)" : ")"));
    ArrayNode stages = root.putArray("stages");
    for (Part p : parts) {
      ObjectNode stage = stages.addObject();
      stage.put("uid", p.uid());
      stage.put("stage", p.stage());
      stage.put("epsilon", p.epsilon());
      stage.put("delta", p.delta());
      stage.put("relation", p.relation().description());
      try {
        stage.set("report", JSON.readTree(p.report()));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("a stage's report is not JSON", e);
      }
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a pipeline report", e);
    }
  }
}
