package io.pais.budget;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.BudgetClaim;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyReport;
import io.pais.math.Checks;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
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
   * Claims the (ε, δ) of a release made with {@code settings} on the ledger at {@code location}: strict releases
   * only, since a paper-mode release is not private end to end and no budget covers it.
   *
   * @param name the ledger's name where the user set it (a flag or a param), for the refusal
   * @param details what the claim records: the output, the input, the configuration
   */
  public static ReleaseClaim take(String location, String name, KMeansSettings settings, Configuration conf,
      ObjectNode details) {
    Checks.require(settings.privacy() instanceof PrivacyMode.Strict, name + " is for strict releases: a paper-mode "
        + "release is not private end to end, so no budget covers it");
    BudgetLedger ledger = BudgetLedger.open(location, conf);
    return new ReleaseClaim(ledger, ledger.claim(settings.epsilon(), settings.sampling().delta(), details));
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

  /**
   * The release's report naming this claim; a release whose guarantee the claim does not cover is refused (checked
   * before it is published).
   */
  public PrivacyReport cover(PrivacyReport report) {
    if (!(report.epsilon() <= claim.epsilon() && report.delta() <= claim.delta())) {
      throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s: the release's guarantee (epsilon = "
          + "%s, delta = %s) exceeds its claim %d (epsilon = %s, delta = %s); nothing was published",
          ledger.location(), report.epsilon(), report.delta(), claim.sequence(), claim.epsilon(), claim.delta()));
    }
    return report.withBudgetClaim(new BudgetClaim(ledger.location(), claim.sequence(), claim.epsilon(),
        claim.delta()));
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
