package io.pais.settings;

import io.pais.math.Checks;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a plain setting holds — a number or a switch, with its range and its default — so that its value flows from
 * the job's flag or the Spark ML param to its consumer without code of its own ({@link SettingValues}): the job's
 * option, the param, its validation, the range its text states and its record in run.json are made from this.
 *
 * @param type what it holds
 * @param min the least value (numbers; -Infinity: no least)
 * @param minIncluded whether {@code min} itself is allowed
 * @param max the largest value (numbers; +Infinity: no largest)
 * @param maxIncluded whether {@code max} itself is allowed
 * @param defaultValue the default, of {@code type}'s Java type
 */
public record PlainValue(Type type, double min, boolean minIncluded, double max, boolean maxIncluded,
    Object defaultValue) {
  private static final Pattern RANGE = Pattern.compile("([\\[(])\\s*(\\S+)\\s*,\\s*(\\S+)\\s*([])])");

  /** What a plain setting holds. */
  public enum Type {
    DOUBLE(Double.class),
    INT(Integer.class),
    BOOLEAN(Boolean.class);

    private final Class<?> javaType;

    Type(Class<?> javaType) {
      this.javaType = javaType;
    }

    public Class<?> javaType() {
      return javaType;
    }
  }

  public PlainValue {
    Checks.notNull("type", type);
    Checks.require(type.javaType().isInstance(defaultValue), "a plain setting's default must be a "
        + type.javaType().getSimpleName() + ", got " + defaultValue);
    Checks.require(!Double.isNaN(min) && !Double.isNaN(max) && min <= max, "a plain setting's range must be ordered, "
        + "got " + min + " to " + max);
  }

  /** A share of ε, in (0, 1). */
  public static PlainValue share(double defaultShare) {
    return number("(0, 1)", defaultShare);
  }

  /**
   * A number in {@code range}, written as a reader writes it — "(0, 1]", "[1, inf)", "(-inf, inf)" —, of the type of
   * its default (an Integer default makes a whole-number setting).
   */
  public static PlainValue number(String range, Number defaultValue) {
    Matcher m = RANGE.matcher(range.strip());
    Checks.require(m.matches(), "a plain setting's range must read like (0, 1] or [1, inf), got '" + range + "'");
    Type type = defaultValue instanceof Integer ? Type.INT : Type.DOUBLE;
    Object value = type == Type.DOUBLE ? (Object) defaultValue.doubleValue() : defaultValue;
    PlainValue plain = new PlainValue(type, bound(m.group(2)), m.group(1).equals("["), bound(m.group(3)),
        m.group(4).equals("]"), value);
    Checks.require(plain.accepts(value), "a plain setting's default must lie in its range " + range + ", got " + value);
    return plain;
  }

  /** A switch, on or off. */
  public static PlainValue toggle(boolean defaultValue) {
    return new PlainValue(Type.BOOLEAN, 0, true, 1, true, defaultValue);
  }

  private static double bound(String text) {
    return switch (text) {
      case "inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  /** {@code value} when it is of the type and in the range, else one line naming {@code name}, the rule and it. */
  Object check(String name, Object value) {
    if (type == Type.DOUBLE && value instanceof Number number) {
      value = number.doubleValue(); // a whole number given where a share is asked for
    }
    Checks.require(type.javaType().isInstance(value), name + " must be " + (type == Type.INT ? "a whole number"
        : "a " + type.name().toLowerCase(Locale.ROOT)) + ", got " + value);
    if (type != Type.BOOLEAN) {
      double v = ((Number) value).doubleValue();
      boolean above = minIncluded ? v >= min : v > min;
      boolean below = maxIncluded ? v <= max : v < max;
      Checks.require(above && below, name + (min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY
          ? " must be finite" : " must be in " + range()) + ", got " + value);
    }
    return value;
  }

  /** Whether {@code value} is of the type and in the range. */
  public boolean accepts(Object value) {
    try {
      check("value", value);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The range as a reader writes it: "(0, 1)", "[1, inf)"; a switch's is "true or false". */
  public String range() {
    if (type == Type.BOOLEAN) {
      return "true or false";
    }
    return (minIncluded ? "[" : "(") + plain(min) + ", " + plain(max) + (maxIncluded ? "]" : ")");
  }

  private static String plain(double value) {
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
