package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Amplification by Poisson subsampling: the base ε a group's noise is set for amplifies to at most the ε the ledger
 * records, to the last ulp and close to it, under both relations and across the range of ε and rates a release meets.
 */
class SubsampleAmplificationTest {
  private static final double[] EPSILONS = {1e-9, 1e-3, 0.1, 0.6, 1, 3, 10, 100, 1e4};
  private static final double[] RATES = {1e-7, 1e-3, 0.05, 0.25, 0.5, 0.999};

  @Test
  void theBaseEpsilonAmplifiesToAtMostTheRecordedEpsilonAndCloseToIt() {
    for (Relation relation : Relation.values()) {
      for (double epsilon : EPSILONS) {
        for (double rate : RATES) {
          double base = SubsampleAmplification.baseEpsilon(epsilon, rate, relation);
          double back = SubsampleAmplification.amplified(base, rate, relation);
          String what = relation + ", epsilon " + epsilon + ", rate " + rate + ": base " + base + " -> " + back;
          assertTrue(back <= epsilon, what);
          assertTrue(back >= epsilon * (1 - 1e-10), what);
          assertTrue(base >= epsilon, what);
        }
      }
    }
  }

  @Test
  void aGroupsNoiseEpsilonsAmplifyTogetherToAtMostTheirRecordedSum() {
    // the coreset's split of its share: 10 %, 45 %, the rest
    for (Relation relation : Relation.values()) {
      for (double share : EPSILONS) {
        double[] recorded = {share * 0.10, share * 0.45, share * (1 - 0.10 - 0.45)};
        double sum = recorded[0] + recorded[1] + recorded[2];
        for (double rate : RATES) {
          SubsampleAmplification a = SubsampleAmplification.poisson(rate, sum, relation);
          double base = 0;
          for (double e : recorded) {
            base += a.noiseEpsilon(e);
          }
          assertTrue(SubsampleAmplification.amplified(base, rate, relation) <= sum,
              relation + ", share " + share + ", rate " + rate);
        }
      }
    }
  }

  @Test
  void knownValues() {
    // γ = 1/2, ε₀ = log(1 + 2(e − 1)): log(1 + (e^ε₀ − 1)/2) = 1
    double base = Math.log1p(2 * Math.expm1(1));
    assertEquals(1, SubsampleAmplification.amplified(base, 0.5, Relation.ADD_REMOVE), 1e-15);
    assertEquals(2 * Math.log1p(0.5 * Math.expm1(base / 2)),
        SubsampleAmplification.amplified(base, 0.5, Relation.SUBSTITUTION), 1e-15);
    // substitution is two add/remove steps at half the base: tighter than amplifying the full base once
    assertTrue(SubsampleAmplification.amplified(base, 0.5, Relation.SUBSTITUTION)
        < SubsampleAmplification.amplified(base, 0.5, Relation.ADD_REMOVE));
    // past overflow of e^ε₀: log space, ε₀ + log γ in the limit
    assertEquals(1000 + Math.log(0.25), SubsampleAmplification.amplified(1000, 0.25, Relation.ADD_REMOVE), 1e-9);
  }

  /**
   * Why a group is amplified as a whole: the map ε₀ ↦ ε is convex and 0 at 0, so amplifying each stage alone and
   * summing would report less than the group's true amplified ε.
   */
  @Test
  void theGroupAmplifiesToMoreThanItsPartsAlone() {
    double whole = SubsampleAmplification.amplified(2, 0.1, Relation.ADD_REMOVE);
    double parts = 2 * SubsampleAmplification.amplified(1, 0.1, Relation.ADD_REMOVE);
    assertTrue(whole > parts, whole + " vs " + parts);
  }

  @Test
  void rateOneIsNoSubsampling() {
    SubsampleAmplification none = SubsampleAmplification.poisson(1, 0.6, Relation.ADD_REMOVE);
    assertSame(SubsampleAmplification.NONE, none);
    assertEquals(0.3, none.noiseEpsilon(0.3));
    assertEquals("", none.note());
    SubsampleAmplification some = SubsampleAmplification.poisson(0.2, 0.6, Relation.ADD_REMOVE);
    assertTrue(some.subsampled() && some.noiseFactor() > 1, "factor " + some.noiseFactor());
    assertTrue(some.note().contains("rate 0.2,"), some.note());
  }

  @Test
  void invalidInputsAreRefusedNamingTheRule() {
    for (double rate : new double[] {0, -0.5, 1.5, Double.NaN}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SubsampleAmplification.poisson(rate, 1, Relation.ADD_REMOVE));
      assertTrue(e.getMessage().contains("subsample rate must be in (0, 1]") && e.getMessage().contains("" + rate),
          e.getMessage());
    }
    for (double epsilon : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SubsampleAmplification.poisson(0.5, epsilon, Relation.ADD_REMOVE));
      assertTrue(e.getMessage().contains("finite and > 0") && e.getMessage().contains("" + epsilon), e.getMessage());
    }
  }
}
