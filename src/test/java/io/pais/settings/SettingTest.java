package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The settings' one declaration is whole: every text belongs to a setting, every setting has its texts. */
class SettingTest {

  @Test
  void everyTextBelongsToASettingAndEverySettingHasItsTexts() {
    Set<String> keys = new TreeSet<>();
    for (Setting setting : Setting.values()) {
      keys.add(setting.key());
      keys.add(setting.key() + ".flags");
      keys.add(setting.key() + ".params");
    }
    List<String> strays = SettingTexts.keys().stream().filter(k -> !keys.contains(k)).sorted().toList();
    assertEquals(List.of(), strays, "texts of no setting");
    for (Setting setting : Setting.values()) {
      if (setting.isOption()) {
        assertRendered(setting, Vocabulary.FLAGS);
      }
      if (setting.isParam()) {
        assertRendered(setting, Vocabulary.PARAMS);
      }
    }
  }

  @Test
  void namesAreUniqueAndSpelledAsTheirSurfacesSpellThem() {
    List<String> flags = new ArrayList<>();
    List<String> params = new ArrayList<>();
    for (Setting setting : Setting.values()) {
      assertTrue(setting.flag() != null || setting.param() != null, setting + " has neither a flag nor a param");
      if (setting.isOption()) {
        assertTrue(setting.flag().matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"), setting.flag());
        flags.add(setting.flag());
      }
      if (setting.isParam()) {
        assertTrue(setting.param().matches("[a-z][A-Za-z0-9]*"), setting.param());
        params.add(setting.param());
      }
      assertEquals(setting, Setting.ofKey(setting.key()).orElseThrow());
    }
    assertEquals(flags.size(), new TreeSet<>(flags).size(), "a flag declared twice: " + flags);
    assertEquals(params.size(), new TreeSet<>(params).size(), "a param declared twice: " + params);
    assertEquals("--k", Vocabulary.FLAGS.name(Setting.K_CANDIDATES), "the candidates are given to --k");
    assertFalse(Setting.K_CANDIDATES.isOption());
  }

  @Test
  void textsTakeTheirFiguresFromTheCode() {
    assertTrue(Setting.K.text(Vocabulary.PARAMS).contains("[" + KMeansSettings.MIN_K + ", " + KMeansSettings.MAX_K
        + "]"), Setting.K.text(Vocabulary.PARAMS));
    assertTrue(Setting.EPSILON.text(Vocabulary.FLAGS).contains("[0.0001, 1000000]"), Setting.EPSILON.text(
        Vocabulary.FLAGS));
    assertTrue(Setting.SAMPLE_SIZE.text(Vocabulary.FLAGS).contains(SampleSizeRule.Auto.EVERY_POINT_LIMIT
        + ", above it the largest of 20%, 10% and 5%"), Setting.SAMPLE_SIZE.text(Vocabulary.FLAGS));
    assertTrue(Setting.BUDGET_INIT.text(Vocabulary.PARAMS).contains("initMode private-coreset"));
    assertTrue(Setting.BUDGET_INIT.text(Vocabulary.FLAGS).contains("--init private-coreset"));
    assertEquals("5%", new SampleSize.Fraction(0.05).describe());
    assertEquals("12.5%", new SampleSize.Fraction(0.125).describe());
    assertEquals("300", new SampleSize.Count(300).describe());
  }

  @Test
  void theDefaultsAreTheSettingsOwn() {
    assertEquals(Arrays.asList("25", "auto", "3.0", "auto", "opt"), Arrays.asList(Setting.K.jobDefault().orElseThrow(),
        Setting.ITERATIONS.jobDefault().orElseThrow(), Setting.EPSILON.jobDefault().orElseThrow(),
        Setting.SAMPLE_SIZE.jobDefault().orElseThrow(), Setting.SAMPLER.jobDefault().orElseThrow()));
    assertTrue(Setting.CLIP_RADIUS.jobDefault().isEmpty());
  }

  private static void assertRendered(Setting setting, Vocabulary vocabulary) {
    String text = setting.text(vocabulary);
    assertFalse(text.isBlank(), setting + " has no text");
    assertFalse(text.contains("{") || text.contains("null"), setting + ": " + text);
    if (vocabulary == Vocabulary.PARAMS) {
      assertFalse(text.contains(" --"), setting + "'s param text names a flag: " + text);
    }
  }
}
