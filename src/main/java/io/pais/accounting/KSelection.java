package io.pais.accounting;

import io.pais.math.Checks;
import java.util.List;

/**
 * A private choice of k, as the chosen release's report carries it: every candidate's DP training cost (DP outputs
 * of the candidate releases, whose ε the ledger records under {@link LedgerStage#K_SELECTION}), the rule that picked
 * one, and the pick.
 *
 * @param candidates the candidates in increasing k
 * @param chosen the k released
 * @param rule the rule, in words
 */
public record KSelection(List<Candidate> candidates, int chosen, String rule) {
  /**
   * The share of a candidate's own ε for the training summary whose DP cost is its score
   * (docs/results/summary-and-k.md, "Choosing k privately").
   */
  public static final double CANDIDATE_SUMMARY_SHARE = 0.4;

  /**
   * One candidate release: fitted and scored, its centres not released.
   *
   * @param k its clusters
   * @param epsilon the ε it spent (its own ledger's total)
   * @param cost its DP training cost
   * @param costStandardDeviation the deviation of that cost's noise
   */
  public record Candidate(int k, double epsilon, double cost, double costStandardDeviation) {
    public Candidate {
      Checks.positive("k", k);
      Checks.positive("epsilon of a candidate", epsilon);
      Checks.nonNegative("cost of a candidate", cost);
      Checks.positive("costStandardDeviation", costStandardDeviation);
    }
  }

  public KSelection {
    candidates = List.copyOf(Checks.notNull("candidates", candidates));
    Checks.require(candidates.size() >= 2, "a k selection has at least two candidates, got " + candidates.size());
    Checks.require(candidates.stream().anyMatch(c -> c.k() == chosen), "the chosen k = " + chosen
        + " must be a candidate");
    Checks.notNull("rule", rule);
  }
}
