package io.pais.budget;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A ledger as read at one moment: its total and its entries. What is spent is every claim not given back, summed
 * exactly (each double is an exact binary fraction, so the sums and the comparisons with the total are exact);
 * reported values are rounded up, remaining ones down, so a reported figure never understates what was spent.
 *
 * @param totalEpsilon the ε declared when the ledger was made
 * @param totalDelta the δ declared when the ledger was made
 * @param entries every entry, in sequence order
 */
public record BudgetStatus(double totalEpsilon, double totalDelta, List<BudgetEntry> entries) {

  public BudgetStatus {
    entries = List.copyOf(entries);
  }

  /** The claims not given back. */
  public List<BudgetEntry> spentClaims() {
    Set<Long> returned = new HashSet<>();
    for (BudgetEntry e : entries) {
      if (e.kind() == BudgetEntry.Kind.RETURN) {
        returned.add(e.claim());
      }
    }
    return entries.stream().filter(e -> e.kind() == BudgetEntry.Kind.CLAIM && !returned.contains(e.sequence()))
        .toList();
  }

  /** The entry that records claim {@code claim}'s release, or null. */
  public BudgetEntry releaseOf(long claim) {
    return entries.stream().filter(e -> e.kind() == BudgetEntry.Kind.RELEASE && e.claim() == claim).findFirst()
        .orElse(null);
  }

  /** Whether claim {@code claim} was given back. */
  public boolean returned(long claim) {
    return entries.stream().anyMatch(e -> e.kind() == BudgetEntry.Kind.RETURN && e.claim() == claim);
  }

  BigDecimal exactSpentEpsilon() {
    return spentClaims().stream().map(e -> new BigDecimal(e.epsilon())).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  BigDecimal exactSpentDelta() {
    return spentClaims().stream().map(e -> new BigDecimal(e.delta())).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** Whether a claim of (ε, δ) fits what remains, exactly. */
  boolean fits(double epsilon, double delta) {
    return exactSpentEpsilon().add(new BigDecimal(epsilon)).compareTo(new BigDecimal(totalEpsilon)) <= 0
        && exactSpentDelta().add(new BigDecimal(delta)).compareTo(new BigDecimal(totalDelta)) <= 0;
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
    return down(new BigDecimal(totalEpsilon).subtract(exactSpentEpsilon()));
  }

  /** δ remaining, rounded down to a double. */
  public double remainingDelta() {
    return down(new BigDecimal(totalDelta).subtract(exactSpentDelta()));
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
