package io.pais.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A field read in place is the double Java's parser returns, bit for bit — on the fast path (at most 15 significant
 * digits and 22 decimals) and off it (more digits, more decimals, exponents) — and a bad field is refused as the
 * copying reader refuses it.
 */
class DecimalFieldsTest {

  private static double inPlace(String field) {
    String line = "a, " + field + " ,b";
    return DecimalFields.number(line, 2, line.length() - 2, 1);
  }

  @Test
  void inPlaceEqualsJavasParserBitForBit() {
    SplittableRandom random = new SplittableRandom(17);
    for (int n = 0; n < 300_000; n++) {
      StringBuilder field = new StringBuilder();
      int sign = random.nextInt(4);
      field.append(sign == 0 ? "-" : sign == 1 ? "+" : "");
      int integer = random.nextInt(n % 3 == 0 ? 20 : 8);
      for (int i = 0; i < integer; i++) {
        field.append((char) ('0' + random.nextInt(10)));
      }
      int decimals = random.nextInt(n % 5 == 0 ? 30 : 10);
      if (decimals > 0 || integer == 0 || random.nextInt(8) == 0) {
        field.append('.');
      }
      for (int i = 0; i < decimals; i++) {
        field.append((char) ('0' + random.nextInt(10)));
      }
      if (integer == 0 && decimals == 0) {
        field.append('0');
      }
      if (random.nextInt(20) == 0) {
        field.append('e').append(random.nextInt(41) - 20);
      }
      String text = field.toString();
      assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)), Double.doubleToRawLongBits(inPlace(text)),
          text);
    }
    for (String edge : new String[] {"0", "-0", "-0.000", "+7", "5.", ".5", "9007199254740993", "0.1",
        "123456789012345", "1234567890123456", "0.0000000000000000000001", "0.00000000000000000000001",
        "1e308", "4.9e-324", "  3.25\t"}) {
      assertEquals(Double.doubleToRawLongBits(Double.parseDouble(edge.strip())),
          Double.doubleToRawLongBits(inPlace(edge)), edge);
    }
  }

  @Test
  void badFieldsAreRefusedByColumn() {
    for (String bad : new String[] {"", "-", ".", "1.2.3", "0x1p3", "1.5d", "2f", "1e", "abc", "1,5"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> inPlace(bad), bad);
      assertTrue(e.getMessage().contains("column 1"), e.getMessage());
      assertTrue(!bad.isEmpty() && !e.getMessage().contains(bad) || bad.isEmpty() || bad.equals("-")
          || bad.equals("."), "the value is never echoed: " + e.getMessage());
    }
    assertTrue(assertThrows(IllegalArgumentException.class, () -> inPlace("NaN")).getMessage().contains("NaN"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> inPlace("1e999")).getMessage()
        .contains("beyond the double range"));
  }
}
