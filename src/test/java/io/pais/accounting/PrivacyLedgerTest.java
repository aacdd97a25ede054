package io.pais.accounting;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The ledger adds up what the stages spend and refuses what the budget cannot cover. */
class PrivacyLedgerTest {

  @Test
  void sharesAddUpToTheBudgetAndOverspendingIsRefused() {
    PrivacyLedger ledger = PrivacyLedger.pure(3.0);
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.CENTRE, 0.15));
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.NORM_HISTOGRAM, 0.15));
    assertEquals(2.7, ledger.remainingEpsilon(), 1e-15);
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, ledger.remainingEpsilon()));
    assertEquals(3.0, ledger.totalEpsilon(), "the rest brings the total to the budget, not a rounding above it");
    assertEquals(0.0, ledger.totalDelta());
    assertEquals(3, ledger.entries().size());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ledger.spend(Fixtures.ledgerEntry(LedgerStage.INIT_SUMS, 0.01)));
    assertTrue(e.getMessage().contains("stage 'init: sums' asks for epsilon = 0.01") && e.getMessage().contains(
        "of the budget is left"), e.getMessage());
    assertEquals(3, ledger.entries().size(), "a refused spend records nothing");
  }

  @Test
  void entriesAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> Fixtures.ledgerEntry(LedgerStage.CENTRE, -0.1));
    assertThrows(IllegalArgumentException.class, () -> Fixtures.ledgerEntry(LedgerStage.CENTRE, Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new LedgerEntry(LedgerStage.DP_LLOYD, "m", 1, 1.5, "1", "1", "r"));
    assertThrows(IllegalArgumentException.class, () -> PrivacyLedger.pure(0));
    assertThrows(IllegalArgumentException.class, () -> new PrivacyLedger(1, Double.NaN, Composition.BASIC, Relation.ADD_REMOVE));
  }

  @Test
  void deltasComposeToo() {
    PrivacyLedger ledger = new PrivacyLedger(2, 1e-6, Composition.BASIC, Relation.SUBSTITUTION);
    ledger.spend(new LedgerEntry(LedgerStage.DP_LLOYD, "m", 1, 4e-7, "1", "1", "r"));
    ledger.spend(new LedgerEntry(LedgerStage.DP_LLOYD, "m", 1, 6e-7, "1", "1", "r"));
    assertEquals(1e-6, ledger.totalDelta(), 1e-18);
    assertThrows(IllegalArgumentException.class, () -> ledger.spend(new LedgerEntry(LedgerStage.DP_LLOYD, "m", 0, 1e-7, "1", "1",
        "r")));
  }
}
