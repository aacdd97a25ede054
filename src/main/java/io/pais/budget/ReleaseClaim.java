package io.pais.budget;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.BudgetClaim;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.Relation;
import io.pais.io.FailureReport;
import io.pais.io.SpentClaimException;
import io.pais.math.Checks;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * One release's claim on a budget ledger, from before it reads data to its publication: taken once every check
 * that depends on flags and schema has passed (a release that does not fit is refused and reads nothing), marked
 * {@code reading} just before the first record is read, given back only while no record was read, and closed with
 * a record of what the release spent — or, when the run fails after reading, marked failed and kept spent.
 */
public final class ReleaseClaim {
  private final BudgetLedger ledger;
  private final BudgetEntry claim;
  private final double epsilon;
  private final double delta;
  private final Relation relation;

  private ReleaseClaim(BudgetLedger ledger, BudgetEntry claim, double epsilon, double delta, Relation relation) {
    this.ledger = ledger;
    this.claim = claim;
    this.epsilon = epsilon;
    this.delta = delta;
    this.relation = relation;
  }

  /**
   * Claims the (ε, δ) of a release made with {@code settings} on the ledger at {@code location}, charged under the
   * ledger's relation: strict releases only, since a paper-mode release is not private end to end and no budget
   * covers it.
   *
   * @param name the ledger's name where the user set it (a flag or a param), for the refusal
   * @param details what the claim records: the output, the input, the configuration
   * @param allowNonAtomic whether a ledger on a file system without atomic rename is accepted
   */
  public static ReleaseClaim take(String location, String name, KMeansSettings settings, Configuration conf,
      ObjectNode details, boolean allowNonAtomic) {
    requireStrict(name, settings);
    return take(location, settings.epsilon(), settings.sampling().delta(), settings.sampling().relation(), conf,
        details, allowNonAtomic);
  }

  /** Claims (ε, δ) under {@code relation} on the ledger at {@code location}: any private release's claim. */
  public static ReleaseClaim take(String location, double epsilon, double delta, Relation relation,
      Configuration conf, ObjectNode details, boolean allowNonAtomic) {
    BudgetLedger ledger = BudgetLedger.open(location, conf, allowNonAtomic);
    return new ReleaseClaim(ledger, ledger.claim(epsilon, delta, relation, details), epsilon, delta, relation);
  }

  /**
   * Checks, without claiming, what a claim would check from the settings alone: a strict release, and a ledger that
   * opens, is intact, composes the release's relation and has its (ε, δ) left. Runs before the input is opened.
   */
  public static void check(String location, String name, KMeansSettings settings, Configuration conf,
      boolean allowNonAtomic) {
    requireStrict(name, settings);
    BudgetLedger.open(location, conf, allowNonAtomic).requireFits(settings.epsilon(), settings.sampling().delta(),
        settings.sampling().relation());
  }

  private static void requireStrict(String name, KMeansSettings settings) {
    Checks.require(settings.privacy() instanceof PrivacyMode.Strict, name + " is for strict releases: a paper-mode "
        + "release is not private end to end, so no budget covers it");
  }

  /** The claim's sequence number in its ledger. */
  public long sequence() {
    return claim.sequence();
  }

  /** The ledger as it is now (what remains after this claim, and any since). */
  public BudgetStatus ledgerNow() {
    return ledger.read();
  }

  /**
   * Marks the claim {@code reading}: call it just before the first record is read; it can never be returned after.
   * When that cannot be written (the ledger is unwritable, or the claim was returned meanwhile) nothing was read,
   * so the claim goes back (where it still can) and the failure propagates.
   */
  public void startReading() {
    try {
      ledger.startReading(claim.sequence());
    } catch (RuntimeException e) {
      try {
        giveBack("the run could not record that it started reading; it read nothing");
      } catch (RuntimeException notReturned) { // returned already, or the ledger cannot be written
        e.addSuppressed(notReturned);
      }
      throw e;
    }
  }

  /** Gives the claim back: the run stopped before it read any data. */
  public void giveBack(String reason) {
    ledger.giveBack(claim.sequence(), reason);
  }

  /**
   * The failure of a run that had started reading, its one line followed by what the claim keeps spent; the
   * ledger records the failure (best effort: a ledger that cannot take it still holds the claim as reading).
   */
  public SpentClaimException failed(Throwable failure) {
    String oneLine = FailureReport.oneLine(failure);
    RuntimeException notRecorded = recordFailure(oneLine);
    if (notRecorded != null) {
      failure.addSuppressed(notRecorded);
    }
    return new SpentClaimException(oneLine + spentNote(), failure);
  }

  /**
   * Marks the claim failed, with why, when its run stops after it started reading (an interrupted run too): the
   * claim stays spent. Returns what kept the ledger from recording it (the claim was published or marked failed
   * already, or the ledger cannot be written), or null.
   */
  public RuntimeException recordFailure(String reason) {
    try {
      ledger.recordFailure(claim.sequence(), reason);
      return null;
    } catch (RuntimeException notRecorded) {
      return notRecorded;
    }
  }

  /** What the claim keeps spent, appended to a failure's line. */
  private String spentNote() {
    return String.format(Locale.ROOT, "; budget ledger %s: claim %d (epsilon = %s, delta = %s) stays spent, since "
        + "the run had read data", ledger.location(), claim.sequence(), claim.epsilon(), claim.delta());
  }

  /**
   * The release's report naming this claim; a release whose guarantee the claim does not cover (a larger ε or δ,
   * another relation) is refused (checked before it is published).
   */
  public PrivacyReport cover(PrivacyReport report) {
    return report.withBudgetClaim(cover(report.epsilon(), report.delta(), report.relation()));
  }

  /**
   * The claim, for a release of guarantee (ε, δ) under {@code relation}; one that the claim does not cover is refused
   * (checked before it is published).
   */
  public BudgetClaim cover(double releaseEpsilon, double releaseDelta, Relation releaseRelation) {
    if (!(releaseEpsilon <= epsilon && releaseDelta <= delta && releaseRelation == relation)) {
      throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s: the release's guarantee (epsilon = "
          + "%s, delta = %s, %s) exceeds its claim %d (epsilon = %s, delta = %s, %s); nothing was published",
          ledger.location(), releaseEpsilon, releaseDelta, releaseRelation.description(), claim.sequence(),
          epsilon, delta, relation.description()));
    }
    return new BudgetClaim(ledger.location(), claim.sequence(), claim.epsilon(), claim.delta());
  }

  /**
   * Closes the claim with the published release: where it went, its guarantee and its ledger's stages.
   *
   * @param release where the release went (an output path, or a model's uid)
   */
  public void recordRelease(String release, PrivacyReport report) {
    recordRelease(release, report.epsilon(), report.delta(), report.ledger());
  }

  /** The same for any release: its guarantee and its ledger's stages. */
  public void recordRelease(String release, double releaseEpsilon, double releaseDelta, List<LedgerEntry> entries) {
    ObjectNode details = JsonNodeFactory.instance.objectNode();
    details.put("release", release);
    details.put("epsilon", releaseEpsilon);
    details.put("delta", releaseDelta);
    ArrayNode stages = details.putArray("ledger");
    for (LedgerEntry e : entries) {
      stages.addObject().put("stage", e.stage().label()).put("epsilon", e.epsilon()).put("delta", e.delta());
    }
    ledger.recordRelease(claim.sequence(), details);
  }
}
