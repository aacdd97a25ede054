package io.pais.io;

/**
 * Numeric fields in plain decimal notation ([sign] digits [. digits] [e [sign] digits], surrounding blanks allowed),
 * nothing else. Errors name the column and the rule, never the field's value.
 */
final class DecimalFields {
  private DecimalFields() {}

  /** Powers of ten that are exact doubles. */
  private static final double[] EXACT_POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

  /**
   * The field line[from, to) as {@link #number(String, int)} reads it, without copying it when it is a plain
   * decimal of at most 15 significant digits and 22 decimals and no exponent — what data files mostly hold. Then
   * its digits are an exact integer m < 2⁵³ and 10^decimals an exact double, so m / 10^decimals, one correctly
   * rounded division, is the correctly rounded value: the double Java's parser returns (the fast path of Clinger's
   * algorithm, which that parser takes too). Anything else goes to {@link #number(String, int)}.
   */
  static double number(String line, int from, int to, int column) {
    int i = from;
    int end = to;
    while (i < end && Character.isWhitespace(line.charAt(i))) {
      i++;
    }
    while (end > i && Character.isWhitespace(line.charAt(end - 1))) {
      end--;
    }
    boolean negative = i < end && line.charAt(i) == '-';
    if (i < end && (line.charAt(i) == '-' || line.charAt(i) == '+')) {
      i++;
    }
    long digits = 0;
    int significant = 0;
    int decimals = -1; // −1 before the point
    int seen = 0;
    for (; i < end; i++) {
      char c = line.charAt(i);
      if (isDigit(c)) {
        seen++;
        if (decimals >= 0) {
          decimals++;
        }
        if (significant > 0 || c != '0') {
          significant++;
        }
        digits = digits * 10 + (c - '0');
        if (significant > 15) {
          break;
        }
      } else if (c == '.' && decimals < 0) {
        decimals = 0;
      } else {
        break;
      }
    }
    if (i < end || seen == 0 || decimals > 22) {
      return number(line.substring(from, to), column);
    }
    double magnitude = decimals <= 0 ? digits : digits / EXACT_POWERS_OF_TEN[decimals];
    return negative ? -magnitude : magnitude;
  }

  /**
   * A field as a number in plain decimal notation ([sign] digits [. digits] [e [sign] digits], surrounding blanks
   * allowed), nothing else: Java's own parser also takes hexadecimal ("0x1p3") and type suffixes ("1.5d", "2f"),
   * which no data file means as numbers.
   */
  static double number(String field, int column) {
    String t = field.strip();
    if (!isDecimal(t)) {
      String lower = t.toLowerCase(java.util.Locale.ROOT).replaceFirst("^[+-]", "");
      throw new IllegalArgumentException((lower.equals("nan") || lower.startsWith("inf")
          ? "NaN or infinite value" : "non-numeric field") + " in column " + column);
    }
    double v = Double.parseDouble(t);
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("NaN or infinite value in column " + column + " (beyond the double range)");
    }
    return v;
  }

  /** Whether {@code s} is a number in plain decimal notation: [+-] digits [. digits] [(e|E) [+-] digits]. */
  static boolean isDecimal(String s) {
    int i = skipSign(s, 0);
    int integer = skipDigits(s, i);
    int digits = integer - i;
    i = integer;
    if (i < s.length() && s.charAt(i) == '.') {
      int fraction = skipDigits(s, i + 1);
      digits += fraction - (i + 1);
      i = fraction;
    }
    if (digits == 0) {
      return false;
    }
    if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      int exponentStart = skipSign(s, i + 1);
      i = skipDigits(s, exponentStart);
      if (i == exponentStart) {
        return false;
      }
    }
    return i == s.length();
  }

  /** The index after an optional sign at {@code i}. */
  private static int skipSign(String s, int i) {
    return i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-') ? i + 1 : i;
  }

  /** The index after the run of digits starting at {@code i}. */
  private static int skipDigits(String s, int i) {
    while (i < s.length() && isDigit(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
