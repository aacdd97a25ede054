package io.pais.budget;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.BudgetClaim;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyReport;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * One release's claim on a budget ledger, from before it reads data to its publication: taken first (a release that
 * does not fit is refused and reads nothing), given back only when the run stops before reading, and closed with a
 * record of what the release spent. A claim neither given back nor closed stays spent: a run that failed after
 * reading keeps it.
 */
public final class ReleaseClaim {
  private final BudgetLedger ledger;
  private final BudgetEntry claim;

  private ReleaseClaim(BudgetLedger ledger, BudgetEntry claim) {
    this.ledger = ledger;
    this.claim = claim;
  }

  /**
   * Claims (ε, δ) on the ledger at {@code location}.
   *
   * @param details what the claim records: the output, the input, the configuration
   */
  public static ReleaseClaim take(String location, Configuration conf, double epsilon, double delta,
      ObjectNode details) {
    BudgetLedger ledger = BudgetLedger.open(location, conf);
    return new ReleaseClaim(ledger, ledger.claim(epsilon, delta, details));
  }

  /** The claim's sequence number in its ledger. */
  public long sequence() {
    return claim.sequence();
  }

  /** The ledger as it is now (what remains after this claim, and any since). */
  public BudgetStatus ledgerNow() {
    return ledger.read();
  }

  /** Gives the claim back: the run stopped before it read any data. */
  public void giveBack(String reason) {
    ledger.giveBack(claim.sequence(), reason);
  }

  /** Refuses a release whose guarantee the claim does not cover (checked before it is published). */
  public void requireCovers(PrivacyReport report) {
    double epsilon = report.epsilon();
    double delta = report.delta();
    if (!(epsilon <= claim.epsilon() && delta <= claim.delta())) {
      throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s: the release's guarantee (epsilon = "
          + "%s, delta = %s) exceeds its claim %d (epsilon = %s, delta = %s); nothing was published",
          ledger.location(), epsilon, delta, claim.sequence(), claim.epsilon(), claim.delta()));
    }
  }

  /** The ledger and the claim, as a release's report names them. */
  public BudgetClaim reference() {
    return new BudgetClaim(ledger.location(), claim.sequence(), claim.epsilon(), claim.delta());
  }

  /**
   * Closes the claim with the published release: where it went, its guarantee and its ledger's stages.
   *
   * @param release where the release went (an output path, or a model's uid)
   */
  public void recordRelease(String release, PrivacyReport report) {
    ObjectNode details = JsonNodeFactory.instance.objectNode();
    details.put("release", release);
    details.put("epsilon", report.epsilon());
    details.put("delta", report.delta());
    ArrayNode stages = details.putArray("ledger");
    for (LedgerEntry e : report.ledger()) {
      stages.addObject().put("stage", e.stage().label()).put("epsilon", e.epsilon()).put("delta", e.delta());
    }
    ledger.recordRelease(claim.sequence(), details);
  }
}
