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
}
