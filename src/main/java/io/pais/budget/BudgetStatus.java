package io.pais.budget;

import io.pais.accounting.Relation;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/**
 * A ledger as read at one moment: its header's total, the relation it composes under, and its entries. The total
 * is the header's, or the latest {@code total} entry's. What is spent is every claim not given back, summed exactly
 * (each double is an exact binary fraction, so the sums and the comparisons with the total are exact); reported
 * values are rounded up, remaining ones down, so a reported figure never understates what was spent.
 *
 * @param headerEpsilon the ε declared when the ledger was made
 * @param headerDelta the δ declared when the ledger was made
 * @param relation the neighbouring relation every claim is composed under
 * @param entries every entry, in sequence order
 */
public record BudgetStatus(double headerEpsilon, double headerDelta, Relation relation, List<BudgetEntry> entries) {

  /** Where a claim stands. */
  public enum ClaimState {
    /** Taken; its run has not started reading (or stopped before it, killed): it can be returned. */
    CLAIMED,
    /** Its run started reading data: running, or killed while it ran. Spent for good. */
    READING,
    /** Its release is published. */
    PUBLISHED,
    /** Its run failed after reading data. Spent for good. */
    FAILED,
    /** Given back before any data was read. */
    RETURNED;

    /** In words, for the tool. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public BudgetStatus {
    entries = List.copyOf(entries);
  }

  /** The total ε: the latest total entry's, else the header's. */
  public double totalEpsilon() {
    BudgetEntry total = latestTotal();
    return total == null ? headerEpsilon : total.epsilon();
  }

  /** The total δ: the latest total entry's, else the header's. */
  public double totalDelta() {
    BudgetEntry total = latestTotal();
    return total == null ? headerDelta : total.delta();
  }

  private BudgetEntry latestTotal() {
    BudgetEntry found = null;
    for (BudgetEntry e : entries) {
      if (e.kind() == BudgetEntry.Kind.TOTAL) {
        found = e;
      }
    }
    return found;
  }

  /** Every claim, in order. */
  public List<BudgetEntry> claims() {
    return entries.stream().filter(e -> e.kind() == BudgetEntry.Kind.CLAIM).toList();
  }

  /** The claims not given back. */
  public List<BudgetEntry> spentClaims() {
    return claims().stream().filter(e -> !returned(e.sequence())).toList();
  }

  /** Claim {@code claim}'s entry, or null when there is no such claim. */
  public BudgetEntry claim(long claim) {
    return claims().stream().filter(e -> e.sequence() == claim).findFirst().orElse(null);
  }

  /** The entry of kind {@code kind} that refers to claim {@code claim}, or null. */
  public BudgetEntry entryOf(long claim, BudgetEntry.Kind kind) {
    return entries.stream().filter(e -> e.kind() == kind && e.claim() == claim).findFirst().orElse(null);
  }

  /** The entry that records claim {@code claim}'s release, or null. */
  public BudgetEntry releaseOf(long claim) {
    return entryOf(claim, BudgetEntry.Kind.RELEASE);
  }

  /** Whether claim {@code claim} was given back. */
  public boolean returned(long claim) {
    return entryOf(claim, BudgetEntry.Kind.RETURN) != null;
  }

  /** Where claim {@code claim} stands (it must exist). */
  public ClaimState state(long claim) {
    return returned(claim) ? ClaimState.RETURNED
        : releaseOf(claim) != null ? ClaimState.PUBLISHED
        : entryOf(claim, BudgetEntry.Kind.FAILED) != null ? ClaimState.FAILED
        : entryOf(claim, BudgetEntry.Kind.READING) != null ? ClaimState.READING
        : ClaimState.CLAIMED;
  }

  BigDecimal exactSpentEpsilon() {
    return spentClaims().stream().map(e -> new BigDecimal(e.epsilon())).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  BigDecimal exactSpentDelta() {
    return spentClaims().stream().map(e -> new BigDecimal(e.delta())).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** Whether a claim of (ε, δ) fits what remains, exactly. */
  boolean fits(double epsilon, double delta) {
    return exactSpentEpsilon().add(new BigDecimal(epsilon)).compareTo(new BigDecimal(totalEpsilon())) <= 0
        && exactSpentDelta().add(new BigDecimal(delta)).compareTo(new BigDecimal(totalDelta())) <= 0;
  }

  /** Whether a total of (ε, δ) holds what is spent, exactly. */
  boolean holdsSpent(double epsilon, double delta) {
    return exactSpentEpsilon().compareTo(new BigDecimal(epsilon)) <= 0
        && exactSpentDelta().compareTo(new BigDecimal(delta)) <= 0;
  }

  /** ε spent, rounded up to a double. */
  public double spentEpsilon() {
    return up(exactSpentEpsilon());
  }

  /** δ spent, rounded up to a double. */
  public double spentDelta() {
    return up(exactSpentDelta());
  }

  /** ε remaining, rounded down to a double. */
  public double remainingEpsilon() {
    return down(new BigDecimal(totalEpsilon()).subtract(exactSpentEpsilon()));
  }

  /** δ remaining, rounded down to a double. */
  public double remainingDelta() {
    return down(new BigDecimal(totalDelta()).subtract(exactSpentDelta()));
  }

  private static double up(BigDecimal exact) {
    double d = exact.round(MathContext.DECIMAL128).doubleValue();
    return new BigDecimal(d).compareTo(exact) >= 0 ? d : Math.nextUp(d);
  }

  private static double down(BigDecimal exact) {
    double d = exact.setScale(60, RoundingMode.FLOOR).doubleValue();
    return new BigDecimal(d).compareTo(exact) <= 0 ? d : Math.nextDown(d);
  }
}
