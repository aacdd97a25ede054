package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 49, item 4: n̂·ε/(k·d), and what the console and report say when it is little. */
class BudgetPerCentreTest {

  @Test
  void isPointsPerCentreAndCoordinatePerUnitOfEpsilon() {
    BudgetPerCentre wine = BudgetPerCentre.of(178, 1, 3, 13);
    assertEquals(178 / 39.0, wine.value(), 1e-12);
    assertTrue(wine.isLittle());
    assertFalse(BudgetPerCentre.of(100_000, 1, 10, 20).isLittle());
    assertFalse(new BudgetPerCentre(BudgetPerCentre.LITTLE_BELOW).isLittle(), "50 itself is enough");
  }

  @Test
  void theAdviceSaysWhatWouldReachTheThreshold() {
    // 5,000 points, epsilon 1, k = 10, d = 20: 25, half of 50, so epsilon 2, or k <= 5, or d <= 10
    String advice = BudgetPerCentre.of(5_000, 1, 10, 20).advice(1, 10, 20);
    assertTrue(advice.contains("about 25.0,"), advice);
    assertTrue(advice.contains("epsilon 2.00, or k <= 5, or d <= 10 would reach 50"), advice);
    assertTrue(advice.contains("10 centres in 20 dimensions"), advice);
    // wine at its k: 4.6, about 11 times too little, so no k >= 1 would do
    String wine = BudgetPerCentre.of(178, 1, 3, 13).advice(1, 3, 13);
    assertTrue(wine.contains("epsilon 11.0, or d <= 1 would reach 50") && !wine.contains("k <="), wine);
  }

  @Test
  void refusesWhatIsNotABudget() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> BudgetPerCentre.of(Double.NaN, 1, 2, 3))
        .getMessage().contains("pointCount"));
    assertThrows(IllegalArgumentException.class, () -> BudgetPerCentre.of(10, 0, 2, 3));
    assertThrows(IllegalArgumentException.class, () -> BudgetPerCentre.of(10, 1, 0, 3));
    assertThrows(IllegalArgumentException.class, () -> new BudgetPerCentre(-1));
  }
}
