package io.pais.ml;

import io.pais.settings.CoordinateBounds;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;
import scala.Function1;
import scala.runtime.AbstractFunction1;

/**
 * The validators of the pais stages' params. Each throws with the param, the rule and the value; Spark's own only
 * answer true/false, and its message does not say which rule failed.
 */
final class ParamRules {
  private ParamRules() {}

  /** A serializable test of a param value. */
  interface Check<T> extends java.util.function.Predicate<T>, Serializable {}

  /** A serializable message for a rejected value. */
  interface Message<T> extends java.util.function.Function<T, String>, Serializable {}

  static <T> Function1<T, Object> validator(Check<T> ok, Message<T> message) {
    return new ExplainingValidator<>(ok, message);
  }

  static Function1<String, Object> nonEmpty(String name) {
    return validator(v -> v != null && !v.isBlank(), v -> name + " must be a non-empty column name, got '" + v + "'");
  }

  static Function1<String, Object> parsesAsBounds() {
    return validator(v -> {
      try {
        CoordinateBounds.parse(v);
        return true;
      } catch (IllegalArgumentException e) {
        return false;
      }
    }, v -> "bounds must be lo:hi for every coordinate or a comma-separated lo:hi per coordinate (finite, lo <= hi), "
        + "got '" + v + "'");
  }

  static Function1<String, Object> oneOf(String name, String... allowed) {
    return validator(v -> v != null && Arrays.asList(allowed).contains(v.toLowerCase(Locale.ROOT)),
        v -> name + " must be one of " + String.join(", ", allowed) + ", got '" + v + "'");
  }

  static Function1<Object, Object> finiteAbove(String name, double lo) {
    return validator(v -> {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d) && d > lo;
    }, v -> name + " must be finite and > " + lo + ", got " + v);
  }

  static Function1<Object, Object> inRange(String name, double lo, double hi) {
    return validator(v -> {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d) && d >= lo && d <= hi;
    }, v -> name + " must be in [" + lo + ", " + hi + "], got " + v);
  }

  static Function1<double[], Object> finiteArray(String name) {
    return validator(v -> v != null && v.length > 0 && Arrays.stream(v).allMatch(Double::isFinite),
        v -> name + " must be a non-empty array of finite numbers");
  }

  /** A validator that explains itself: Spark calls it, and on failure we throw our own message. */
  private static final class ExplainingValidator<T> extends AbstractFunction1<T, Object> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Check<T> ok;
    private final Message<T> message;

    ExplainingValidator(Check<T> ok, Message<T> message) {
      this.ok = ok;
      this.message = message;
    }

    @Override
    public Object apply(T value) {
      if (!ok.test(value)) {
        throw new IllegalArgumentException(message.apply(value));
      }
      return Boolean.TRUE;
    }
  }
}
