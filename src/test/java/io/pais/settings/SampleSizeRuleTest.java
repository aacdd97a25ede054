package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.sampling.Sampler;
import org.junit.jupiter.api.Test;

/**
 * --sample-size auto: every point up to the limit, above it the sizes opt tries (largest first, growth capped), who
 * does either, and the flag's parsing.
 */
class SampleSizeRuleTest {

  @Test
  void autoReadsEveryPointUpToTheLimitOnly() {
    assertEquals(1 << 19, SampleSizeRule.Auto.EVERY_POINT_LIMIT);
    assertTrue(SampleSizeRule.auto().readsEveryPoint(SampleSizeRule.Auto.EVERY_POINT_LIMIT));
    assertFalse(SampleSizeRule.auto().readsEveryPoint(
        Math.nextUp((double) SampleSizeRule.Auto.EVERY_POINT_LIMIT)));
    assertTrue(SampleSizeRule.auto(1_000).readsEveryPoint(1_000));
    assertFalse(SampleSizeRule.auto(1_000).readsEveryPoint(1_000.5));
    assertFalse(SampleSizeRule.auto(0).readsEveryPoint(1));
    assertFalse(SampleSizeRule.given(new SampleSize.Fraction(0.3)).readsEveryPoint(10));
    IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> SampleSizeRule.auto(-1));
    assertEquals("the every-point limit must be >= 0, got -1", negative.getMessage());
  }

  @Test
  void onlyOptInAStrictReleaseUnderAutoReadsEveryPoint() {
    for (Sampler sampler : Sampler.values()) {
      SamplingSettings sampling = new SamplingSettings(sampler, SampleSizeRule.auto(), 0.5, CoreSupremum.EXACT,
          SchemeOptions.none());
      Sampler expected = sampler == Sampler.OPT ? Sampler.FULL : sampler;
      assertEquals(expected, sampling.samplerFor(18_000, true), sampler.id());
      assertEquals(sampler, sampling.samplerFor(18_000, false), sampler.id() + " paper");
      assertEquals(sampler, sampling.samplerFor(1e6, true), sampler.id() + " above the limit");
    }
    SamplingSettings given = new SamplingSettings(Sampler.OPT, SampleSizeRule.given(new SampleSize.Fraction(0.2)),
        0.5, CoreSupremum.EXACT, SchemeOptions.none());
    assertEquals(Sampler.OPT, given.samplerFor(18_000, true));
  }

  @Test
  void autoTriesTwentyTenAndFivePercentOfASmallPopulation() {
    assertArrayEquals(new double[] {3_600, 1_800, 900}, SampleSizeRule.auto().expectedSizes(18_000), 1e-9);
  }

  @Test
  void autoCapsTheGrowthAboveFivePercentAtFiftyThousandPoints() {
    // 20 % of 400k is 80k, capped at 50k; 10 % is 40k
    assertArrayEquals(new double[] {50_000, 40_000, 20_000}, SampleSizeRule.auto().expectedSizes(400_000), 1e-9);
    // 10 % of 600k is above the cap as well: one larger size
    assertArrayEquals(new double[] {50_000, 30_000}, SampleSizeRule.auto().expectedSizes(600_000), 1e-9);
    // from a million points on, 5 % is already at or above the cap: the sample stays at 5 %
    assertArrayEquals(new double[] {50_000}, SampleSizeRule.auto().expectedSizes(1_000_000), 1e-9);
    assertArrayEquals(new double[] {100_000}, SampleSizeRule.auto().expectedSizes(2_000_000), 1e-9);
  }

  @Test
  void everySizeIsAtMostThePopulationAndTheLastIsTheBase() {
    for (long n : new long[] {1, 7, 20, 999, 250_000, 250_001, 499_999, 10_000_000}) {
      double[] sizes = SampleSizeRule.auto().expectedSizes(n);
      assertEquals(SampleSizeRule.Auto.BASE.expected(n), sizes[sizes.length - 1], "n = " + n);
      for (int i = 0; i < sizes.length; i++) {
        assertTrue(sizes[i] <= n, "n = " + n);
        assertTrue(i == 0 || sizes[i] < sizes[i - 1], "strictly decreasing at n = " + n);
      }
    }
  }

  @Test
  void aGivenSizeIsTheOnlyOne() {
    SampleSizeRule given = SampleSizeRule.given(new SampleSize.Fraction(0.3));
    assertArrayEquals(new double[] {300}, given.expectedSizes(1_000), 1e-9);
    assertEquals(new SampleSize.Count(5_000), SampleSizeRule.given(new SampleSize.Count(5_000)).base());
  }

  @Test
  void onlyOptInAStrictReleaseTriesMoreThanTheBase() {
    for (Sampler sampler : Sampler.values()) {
      SamplingSettings sampling = new SamplingSettings(sampler, SampleSizeRule.auto(), 0.5, CoreSupremum.EXACT,
          SchemeOptions.none());
      int expected = sampler == Sampler.OPT ? 3 : 1;
      assertEquals(expected, sampling.sizesToTry(18_000, true).length, sampler.id());
      assertArrayEquals(new double[] {900}, sampling.sizesToTry(18_000, false), 1e-9, sampler.id() + " paper");
    }
  }

  @Test
  void sizeIsCountFollowsTheBase() {
    assertFalse(new SamplingSettings(Sampler.UNIF, SampleSizeRule.auto(), 0.5, CoreSupremum.EXACT,
        SchemeOptions.none()).sizeIsCount());
    assertTrue(new SamplingSettings(Sampler.UNIF, SampleSizeRule.given(new SampleSize.Count(10)), 0.5,
        CoreSupremum.EXACT, SchemeOptions.none()).sizeIsCount());
  }

  @Test
  void parsesAutoACountAndAPercentage() {
    assertInstanceOf(SampleSizeRule.Auto.class, SampleSizeRule.parse("sample-size", " auto "));
    assertEquals(SampleSizeRule.given(new SampleSize.Count(5_000)), SampleSizeRule.parse("sample-size", "5000"));
    assertEquals(SampleSizeRule.given(new SampleSize.Fraction(0.05)), SampleSizeRule.parse("sample-size", "5%"));
  }

  @Test
  void aBadSizeNamesTheFlagTheRuleAndTheValue() {
    for (String bad : new String[] {"", "Auto", "0", "1.5", "150%", "0%", "NaN", "Infinity", "-3", "many"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SampleSizeRule.parse("sample-size", bad), bad);
      assertEquals("sample-size must be auto, a whole count >= 1 or a percentage in (0, 100) like 5%, got '" + bad
          + "'", e.getMessage());
    }
  }
}
