package io.pais.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A plain setting's value is checked against its range and named as its user wrote it. */
class PlainValueTest {

  @Test
  void aValueOutsideItsRangeIsRefusedNamingTheSettingAndTheRule() {
    IllegalArgumentException flag = assertThrows(IllegalArgumentException.class,
        () -> SettingValues.of(Vocabulary.FLAGS, Map.of(Setting.BUDGET_K_SELECTION, 1.0)));
    assertEquals("--budget-k-selection must be in (0, 1), got 1.0", flag.getMessage());
    IllegalArgumentException param = assertThrows(IllegalArgumentException.class,
        () -> SettingValues.of(Vocabulary.PARAMS, Map.of(Setting.BUDGET_K_SELECTION, Double.NaN)));
    assertEquals("budgetKSelection must be in (0, 1), got NaN", param.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> SettingValues.of(Vocabulary.FLAGS, Map.of(Setting.EPSILON, 1.0)), "epsilon is no plain setting");
  }

  @Test
  void unsetValuesTakeTheirDefaultsAndWholeNumbersPassForShares() {
    assertEquals(Defaults.K_SELECTION_SHARE, SettingValues.defaults().doubleValue(Setting.BUDGET_K_SELECTION));
    assertEquals(0.25, SettingValues.of(Vocabulary.FLAGS, Map.of(Setting.BUDGET_K_SELECTION, 0.25))
        .doubleValue(Setting.BUDGET_K_SELECTION));
    PlainValue share = PlainValue.share(0.5);
    assertEquals("(0, 1)", share.range());
    assertTrue(share.accepts(0.5) && !share.accepts(0) && !share.accepts(1) && !share.accepts("0.5"));
    assertFalse(share.accepts(Double.POSITIVE_INFINITY));
  }

  @Test
  void rangesReadAsTheyAreWrittenAndHoldTheirBounds() {
    PlainValue count = PlainValue.number("[1, inf)", 5);
    assertEquals(PlainValue.Type.INT, count.type());
    assertEquals("[1, inf)", count.range());
    assertTrue(count.accepts(1) && count.accepts(Integer.MAX_VALUE) && !count.accepts(0) && !count.accepts(1.5));
    PlainValue quantile = PlainValue.number("(0, 1]", 0.975);
    assertTrue(quantile.accepts(1.0) && !quantile.accepts(0.0) && !quantile.accepts(-0.5));
    PlainValue any = PlainValue.number("(-inf, inf)", 1.0);
    assertTrue(any.accepts(-1e300) && !any.accepts(Double.NEGATIVE_INFINITY) && !any.accepts(Double.NaN));
    assertEquals("minNoisyCount must be finite, got NaN", assertThrows(IllegalArgumentException.class,
        () -> SettingValues.of(Vocabulary.PARAMS, Map.of(Setting.MIN_NOISY_COUNT, Double.NaN))).getMessage());
    assertEquals("--coreset-sample-size must be a whole number, got 2.5", assertThrows(IllegalArgumentException.class,
        () -> SettingValues.of(Vocabulary.FLAGS, Map.of(Setting.CORESET_SAMPLE_SIZE, 2.5))).getMessage());
    PlainValue toggle = PlainValue.toggle(true);
    assertTrue(toggle.accepts(false) && !toggle.accepts(1) && !toggle.accepts("true"));
  }

  @Test
  void aDeclarationOutOfOrderIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> PlainValue.number("(0, 1)", 1.0), "default outside");
    assertThrows(IllegalArgumentException.class, () -> PlainValue.number("0 to 1", 0.5), "unreadable range");
    assertThrows(IllegalArgumentException.class, () -> PlainValue.number("(1, 0)", 0.5), "unordered range");
  }

  /** A plain setting's text states its range as the check applies it ({=RANGE} in its text, never retyped). */
  @Test
  void everyNumericPlainSettingsTextStatesItsRange() {
    for (Setting setting : Setting.values()) {
      if (setting.plain() != null && setting.plain().type() != PlainValue.Type.BOOLEAN
          && setting != Setting.MIN_NOISY_COUNT) { // any finite number: nothing to state
        for (Vocabulary vocabulary : Vocabulary.values()) {
          assertTrue(setting.text(vocabulary).contains(setting.plain().range()), setting + ": " + setting.text(
              vocabulary));
        }
      }
    }
  }
}
