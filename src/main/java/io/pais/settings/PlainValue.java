package io.pais.settings;

import io.pais.math.Checks;
import java.math.BigDecimal;

/**
 * What a plain setting holds — a number or a switch, with its range and its default — so that its value flows from
 * the job's flag or the Spark ML param to its consumer without code of its own ({@link SettingValues}): the job's
 * option, the param, its validation and its record in run.json are made from this.
 *
 * @param type what it holds
 * @param min the least value (numbers)
 * @param minIncluded whether {@code min} itself is allowed
 * @param max the largest value (numbers)
 * @param maxIncluded whether {@code max} itself is allowed
 * @param defaultValue the default, of {@code type}'s Java type
 */
public record PlainValue(Type type, double min, boolean minIncluded, double max, boolean maxIncluded,
    Object defaultValue) {

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
  }

  /** A share of ε, in (0, 1). */
  public static PlainValue share(double defaultShare) {
    return new PlainValue(Type.DOUBLE, 0, false, 1, false, defaultShare);
  }

  /** {@code value} when it is of the type and in the range, else one line naming {@code name}, the rule and it. */
  Object check(String name, Object value) {
    if (type == Type.DOUBLE && value instanceof Number number) {
      value = number.doubleValue(); // a whole number given where a share is asked for
    }
    Checks.require(type.javaType().isInstance(value), name + " must be a "
        + type.name().toLowerCase(java.util.Locale.ROOT) + ", got " + value);
    if (type != Type.BOOLEAN) {
      double v = ((Number) value).doubleValue();
      boolean above = minIncluded ? v >= min : v > min;
      boolean below = maxIncluded ? v <= max : v < max;
      Checks.require(above && below, name + " must be in " + range() + ", got " + value);
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

  /** The range as a reader writes it: "(0, 1)", "[1, 100]". */
  public String range() {
    return (minIncluded ? "[" : "(") + plain(min) + ", " + plain(max) + (maxIncluded ? "]" : ")");
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
