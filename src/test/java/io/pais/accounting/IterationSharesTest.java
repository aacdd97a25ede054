package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/** The iterations' shares of DP-Lloyd's ε: never more than the plan's in all, and weighted as the class says. */
class IterationSharesTest {

  @Test
  void theSharesNeverSpendMoreThanThePlanToTheLastUlp() {
    for (int t = 1; t <= 200; t++) {
      for (int reach : new int[] {1, 2, 4, 8}) {
        IterationShares shares = IterationShares.lastHeavy(t, reach);
        double inverses = 0;
        for (int i = 1; i <= t; i++) {
          inverses += 1 / shares.scale(i);
        }
        assertTrue(inverses <= t, "T = " + t + ", reach " + reach + ": sum 1/phi = " + inverses);
        // exact rational arithmetic on the doubles themselves: sum 1/phi_t <= T
        BigDecimal exact = BigDecimal.ZERO;
        for (int i = 1; i <= t; i++) {
          exact = exact.add(BigDecimal.ONE.divide(new BigDecimal(shares.scale(i)),
              MathContext.DECIMAL128));
        }
        assertTrue(exact.compareTo(BigDecimal.valueOf(t)) <= 0, "T = " + t + ": " + exact);
      }
    }
  }

  @Test
  void theLastIterationWeighsTwoAndTheFirstItsReachToTheTwoThirds() {
    IterationShares two = IterationShares.lastHeavy(2, 1);
    assertEquals(1.5, two.scale(1), 1e-8); // shares 1/3 and 2/3 of epsilon
    assertEquals(0.75, two.scale(2), 1e-8);
    IterationShares five = IterationShares.lastHeavy(5, 2);
    double w1 = Math.cbrt(4);
    double total = w1 + 3 + IterationShares.LAST_WEIGHT;
    assertEquals(total / (5 * w1), five.scale(1), 1e-8);
    assertEquals(total / 5, five.scale(3), 1e-8);
    assertEquals(total / (5 * IterationShares.LAST_WEIGHT), five.scale(5), 1e-8);
    assertFalse(five.isEqual());
    String line = five.describeAfter("scales");
    assertTrue(line.startsWith("scales; ") && line.contains("(0.304)"), line); // the last one's share: 2 / 6.587
  }

  @Test
  void equalSharesAndOneIterationKeepThePlansScalesExactly() {
    for (IterationShares shares : new IterationShares[] {IterationShares.equal(6), IterationShares.lastHeavy(1, 2)}) {
      assertTrue(shares.isEqual());
      assertEquals("scales", shares.describeAfter("scales"));
      for (int t = 1; t <= shares.iterations(); t++) {
        assertEquals(1.0, shares.scale(t));
      }
    }
  }

  @Test
  void badArgumentsAreRefusedWithTheirName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IterationShares.equal(0));
    assertTrue(e.getMessage().contains("iterations (T)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IterationShares.lastHeavy(3, 0));
    assertTrue(e.getMessage().contains("firstReach"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IterationShares.equal(3).scale(4));
    assertTrue(e.getMessage().contains("iteration must be in [1, 3]"), e.getMessage());
  }
}
