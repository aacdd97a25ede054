package io.pais.estimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The elbow rule on DP costs: where the cost flattens, robust to a noisy rise, the largest when it never flattens. */
class ElbowRuleTest {

  @Test
  void picksTheSmallestKAfterWhichTheCostFlattens() {
    int[] ks = {2, 4, 6, 8};
    // four true clusters: big drops up to k = 4, then about 2 % per added centre
    assertEquals(1, ElbowRule.choose(ks, new double[] {1000, 300, 290, 280}));
    // the step 2 -> 4 gains 10 % per centre (20 % over two), 4 -> 6 gains 4 % per centre
    assertEquals(1, ElbowRule.choose(ks, new double[] {100, 80, 73.6, 70}));
    assertEquals(0, ElbowRule.choose(ks, new double[] {100, 95, 90, 85}), "no step gains 5 % per centre");
    assertEquals(3, ElbowRule.choose(ks, new double[] {1000, 500, 250, 125}), "every step gains: the largest");
  }

  @Test
  void aNoisyRiseStopsTheSearchAndZeroCostsAreFlat() {
    assertEquals(1, ElbowRule.choose(new int[] {3, 5, 7}, new double[] {500, 100, 140}));
    assertEquals(0, ElbowRule.choose(new int[] {3, 5}, new double[] {0, 0}));
  }

  @Test
  void refusesMismatchedOrUnsortedInputNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ElbowRule.choose(new int[] {2, 4}, new double[] {1}));
    assertTrue(e.getMessage().contains("one cost per candidate"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ElbowRule.choose(new int[] {4, 2}, new double[] {1, 1}));
    assertTrue(e.getMessage().contains("candidates must increase, got 4 then 2"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ElbowRule.choose(new int[] {2, 4}, new double[] {1, Double.NaN}));
    assertTrue(e.getMessage().contains("training cost of candidate k = 4"), e.getMessage());
  }
}
