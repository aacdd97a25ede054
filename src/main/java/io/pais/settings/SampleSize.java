package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * A sample size as the user gives it: a whole number of records, or a fraction of the population that is resolved
 * once the population is known.
 */
public sealed interface SampleSize extends Serializable {

  /** A whole number of records, at least 1. */
  record Count(long records) implements SampleSize {
    public Count {
      Checks.require(records >= 1, "a sample size count must be >= 1, got " + records);
    }

    @Override
    public double expected(long population) {
      return records;
    }

    @Override
    public long records(long population) {
      return records;
    }

    @Override
    public double rate(double population) {
      return records / population;
    }

    @Override
    public String describe() {
      return Long.toString(records);
    }
  }

  /** A fraction of the population, in (0, 1). */
  record Fraction(double share) implements SampleSize {
    public Fraction {
      Checks.require(share > 0 && share < 1, "a sample size fraction must be in (0, 1), got " + share);
    }

    @Override
    public double expected(long population) {
      return share * population;
    }

    @Override
    public long records(long population) {
      return Math.max(1, Math.round(share * population));
    }

    @Override
    public double rate(double population) {
      return share;
    }

    @Override
    public String describe() {
      return java.math.BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }
  }

  /** The expected size in a population of {@code population}: the count, or the fraction of it. */
  double expected(long population);

  /** A whole number of records from {@code population}: the count, or the fraction rounded (at least 1). */
  long records(long population);

  /** The sampling rate in a population of {@code population}: m/n (above 1 when m exceeds it), or the fraction. */
  double rate(double population);

  /** As the job's flags take it: the count, or the fraction as a percentage ("5%"). */
  String describe();

  /**
   * A number as the ML params give it: a value in (0, 1) is a fraction, a whole number ≥ 1 a count.
   *
   * @param setting the setting's name, for the message
   */
  static SampleSize of(String setting, double value) {
    if (value > 0 && value < 1) {
      return new Fraction(value);
    }
    Checks.require(value >= 1 && value == Math.rint(value) && value <= Long.MAX_VALUE, setting + " must be a whole "
        + "count >= 1 or a fraction in (0, 1), got " + value);
    return new Count((long) value);
  }

  /**
   * A size flag: "5000" is a count, "5%" a fraction (the percentage in (0, 100)).
   *
   * @param setting the flag's name, for the message
   */
  static SampleSize parse(String setting, String text) {
    Checks.notNull(setting, text);
    String t = text.strip();
    try {
      if (t.endsWith("%")) {
        double percent = Double.parseDouble(t.substring(0, t.length() - 1));
        Checks.require(percent > 0 && percent < 100, setting + " as a percentage must be in (0, 100), got " + text);
        return new Fraction(percent / 100);
      }
      double count = Double.parseDouble(t);
      Checks.require(count >= 1 && count == Math.rint(count) && count <= Long.MAX_VALUE, setting + " must be a whole "
          + "count >= 1 or a percentage like 5%, got " + text);
      return new Count((long) count);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(setting + " must be a count or a percentage like 5%, got " + text);
    }
  }
}
