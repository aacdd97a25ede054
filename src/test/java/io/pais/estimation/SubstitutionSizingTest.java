package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.Composition;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import org.junit.jupiter.api.Test;

/**
 * Under substitution a record leaves one histogram bin and joins another, so the histogram's noise doubles for the
 * same ε; the centre's cost does not change (its sum moves by 2R0 at twice the add/remove sensitivity, its count
 * not at all), and each entry says so.
 */
class SubstitutionSizingTest {

  private static LedgerEntry histogram(Relation relation) {
    PrivacyLedger ledger = new PrivacyLedger(1, 0, Composition.BASIC, relation);
    PrivateNormHistogram.release(new long[] {5, 7, 0}, 2.0, 0.5, ledger, NoiseRandomness.seeded(1).provider());
    return ledger.entries().get(0);
  }

  @Test
  void theHistogramDoublesItsNoiseUnderSubstitution() {
    assertEquals("2.00000 per bin", histogram(Relation.ADD_REMOVE).noiseScale());
    LedgerEntry substitution = histogram(Relation.SUBSTITUTION);
    assertEquals("4.00000 per bin", substitution.noiseScale());
    assertEquals(0.5, substitution.epsilon());
    assertTrue(substitution.sensitivity().startsWith("l1 2"), substitution.sensitivity());
  }

  @Test
  void theCentreStatesItsSubstitutionSensitivity() {
    PrivacyLedger ledger = new PrivacyLedger(1, 0, Composition.BASIC, Relation.SUBSTITUTION);
    PrivateCentre.release(new double[] {3, 4}, 10, new double[2], 5, Geometry.L2, 0.4, ledger,
        NoiseRandomness.seeded(2).provider());
    LedgerEntry e = ledger.entries().get(0);
    assertEquals(0.4, e.epsilon());
    // cost 2R0/sumScale with sumScale = R0/(eps/2): exactly eps
    assertTrue(e.sensitivity().startsWith("sum: 10.0000 (twice the clip radius") && e.sensitivity().endsWith(
        "count: 0"), e.sensitivity());
    assertEquals("sum: 25.0000; count: 5.00000", e.noiseScale());
  }
}
