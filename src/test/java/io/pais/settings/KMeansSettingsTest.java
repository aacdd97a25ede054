package io.pais.settings;

import io.pais.accounting.BudgetAllocation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.BaseNoise;
import io.pais.sampling.Sampler;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The one settings path: the builder's defaults, its rules in either vocabulary, and the size and T types. */
class KMeansSettingsTest {

  @Test
  void aBuilderStartsFromTheDefaults() {
    KMeansSettings s = KMeansSettings.builder().strict(5).build();
    assertEquals(Defaults.K, s.k());
    assertEquals(Defaults.ITERATIONS, s.iterations());
    assertEquals(Defaults.EPSILON, s.epsilon());
    assertEquals(Defaults.SAMPLER, s.sampling().sampler());
    assertEquals(Defaults.SAMPLE_SIZE, s.sampling().size());
    assertEquals(SchemeOptions.none(), s.sampling().scheme());
    assertEquals(new Guards(Defaults.GUARDS, Defaults.MIN_NOISY_COUNT), s.guards());
    StrictRelease release = s.strictRelease();
    assertEquals(5, release.clipRadius());
    assertEquals(new BudgetAllocation.Shares(Defaults.CENTRE_SHARE, Defaults.HISTOGRAM_SHARE, Defaults.INIT_SHARE,
        Defaults.SUMMARY_SHARE, 0.5), release.shares());
    assertEquals(Defaults.NORM_QUANTILE, release.normQuantile());
    assertEquals(Initialisation.PRIVATE_CORESET, s.initialisation(), "auto is the coreset in a strict release");
    assertEquals(Initialisation.RANDOM_BALL, KMeansSettings.builder().paper().build().initialisation(),
        "auto is random-ball in paper mode");
    assertEquals(new PrivacyMode.Paper(Preprocessing.PAPER, PublicConstants.none()),
        KMeansSettings.builder().paper().build().privacy());
  }

  @Test
  void aRuleNamesTheSettingsAsItsUserWroteThem() {
    assertMessage(() -> KMeansSettings.builder(Vocabulary.FLAGS).build(),
        "--privacy strict needs --clip-radius (R0) or --bounds");
    assertMessage(() -> KMeansSettings.builder(Vocabulary.PARAMS).build(),
        "privacyMode = strict needs clipRadius (R0) or bounds");
    assertMessage(() -> KMeansSettings.builder(Vocabulary.FLAGS).paper().normBound(3.0).build(),
        "--norm-bound and --center need --preprocess public");
    assertMessage(() -> KMeansSettings.builder(Vocabulary.PARAMS).paper().normBound(3.0).build(),
        "normBound and center need preprocessing = public");
    assertMessage(() -> KMeansSettings.builder().strict(5).bounds(io.pais.settings.CoordinateBounds.parse("0:1"))
        .build(), "--bounds gives the clip radius");
    assertMessage(() -> KMeansSettings.builder().strict(5).preprocessing(Preprocessing.PAPER).build(),
        "--preprocess paper reads the centre");
    assertMessage(() -> KMeansSettings.builder().strict(5).epsilon(Double.POSITIVE_INFINITY).build(),
        "--epsilon must be finite in a strict release");
    assertMessage(() -> KMeansSettings.builder().paper().clipRadius(5.0).build(),
        "--clip-radius, --origin and --bounds belong to --privacy strict");
    assertMessage(() -> KMeansSettings.builder().paper().initialisation(Initialisation.PRIVATE_CORESET).build(),
        "--init private-coreset spends a share");
    assertMessage(() -> KMeansSettings.builder().strict(5).value(Setting.DELTA, 1e-6).build(),
        "--noise, --delta, --stage1-size and --stage1-cached belong to the uniform schemes");
    assertMessage(() -> KMeansSettings.builder().strict(5).sampler(Sampler.MUST_OW).value(Setting.DELTA, 1e-6).build(),
        "--stage1-size (n1) is required for must-ow");
    assertMessage(() -> KMeansSettings.builder().strict(5).sampler(Sampler.WOR).noise(BaseNoise.GAUSSIAN)
        .value(Setting.DELTA, 1e-6)
        .outliers(Outliers.DROP).build(), "--outliers drop changes the number of records");
    assertMessage(() -> KMeansSettings.builder().k(0).strict(5).build(), "k must be in [1, 100000]");
    assertMessage(() -> KMeansSettings.builder().epsilon(Double.NaN).strict(5).build(), "--epsilon must be in");
  }

  /** Issue 48, item 7: one k rule for the job and the Estimator; the k candidates capped, with the reason. */
  @Test
  void kIsAtLeastOneAndTheCandidatesAreCapped() {
    assertEquals(1, KMeansSettings.builder().strict(5).k(1).build().k(), "k = 1 releases a DP mean");
    assertMessage(() -> KMeansSettings.builder().strict(5).k(0).build(), "k must be in [1, 100000]");
    java.util.List<Integer> seventeen = java.util.stream.IntStream.rangeClosed(2, 18).boxed().toList();
    assertMessage(() -> KMeansSettings.builder(Vocabulary.FLAGS).strict(5).kCandidates(seventeen).build(),
        "--k takes at most 16 candidates, got 17");
    assertEquals(16, KMeansSettings.builder().strict(5).kCandidates(seventeen.subList(0, 16)).build().kCandidates()
        .size());
  }

  @Test
  void theSettingsDoNotShareTheCallersArrays() {
    double[] centre = {1, 2};
    KMeansSettings s = KMeansSettings.builder().strict(5).centre(centre).build();
    centre[0] = 99;
    assertArrayEquals(new double[] {1, 2}, s.privacy().constants().centre());
    s.privacy().constants().centre()[1] = 99;
    assertArrayEquals(new double[] {1, 2}, s.privacy().constants().centre());
  }

  @Test
  void aSampleSizeIsACountOrAFraction() {
    assertEquals(new SampleSize.Fraction(0.05), SampleSize.parse("sample-size", "5%"));
    assertEquals(new SampleSize.Count(5000), SampleSize.parse("sample-size", "5000"));
    assertEquals(new SampleSize.Count(1000), SampleSize.parse("sample-size", "1e3"));
    assertEquals(new SampleSize.Fraction(0.25), SampleSize.of("sampleSize", 0.25));
    assertEquals(new SampleSize.Count(1), SampleSize.of("sampleSize", 1));
    for (String bad : new String[] {"0", "10.5", "100%", "0%", "-3", "NaN", "Infinity", "five"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SampleSize.parse("sample-size", bad), bad);
      assertTrue(e.getMessage().startsWith("sample-size") && e.getMessage().contains(bad), e.getMessage());
    }
    for (double bad : new double[] {0, -1, 2.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertMessage(() -> SampleSize.of("sampleSize", bad), "sampleSize must be a whole count >= 1 or a fraction");
    }
    SampleSize fraction = new SampleSize.Fraction(0.1);
    assertEquals(0.1 * 1005, fraction.expected(1005));
    assertEquals(101, fraction.records(1005));
    assertEquals(1, new SampleSize.Fraction(0.001).records(10), "at least one record");
    assertEquals(0.1, fraction.rate(1005));
    SampleSize count = new SampleSize.Count(50);
    assertEquals(50, count.expected(1005));
    assertEquals(50.0 / 1005, count.rate(1005));
  }

  @Test
  void iterationsAreFixedOrAuto() {
    assertEquals(Iterations.auto(), Iterations.parse("auto"));
    assertEquals(Iterations.fixed(12), Iterations.parse(" 12 "));
    assertEquals(Iterations.auto(), Iterations.ofMaxIter(0));
    assertEquals(Iterations.fixed(3), Iterations.ofMaxIter(3));
    assertMessage(() -> Iterations.parse("0"), "iterations must be a whole number >= 1 or auto, got '0'");
    assertMessage(() -> Iterations.parse("101"), "iterations must be a whole number in [1, 100]");
    assertMessage(() -> Iterations.parse("many"), "iterations must be a whole number >= 1 or auto");
  }

  private static void assertMessage(Supplier<?> call, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::get);
    assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
  }
}
