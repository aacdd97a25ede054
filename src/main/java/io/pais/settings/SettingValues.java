package io.pais.settings;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The values of the plain settings ({@link PlainValue}) a run is given, each checked against its range, the rest at
 * their defaults: what the job's flags and the Spark ML params hand over without a line of code per setting.
 */
public final class SettingValues implements Serializable {
  private static final long serialVersionUID = 1L;
  private final EnumMap<Setting, Object> values;

  private SettingValues(EnumMap<Setting, Object> values) {
    this.values = values;
  }

  /** Every plain setting at its default. */
  public static SettingValues defaults() {
    return of(Vocabulary.FLAGS, Map.of());
  }

  /** {@code given} (plain settings only; a missing one takes its default), each checked, named in {@code names}. */
  public static SettingValues of(Vocabulary names, Map<Setting, Object> given) {
    EnumMap<Setting, Object> values = new EnumMap<>(Setting.class);
    for (Setting setting : Setting.values()) {
      if (setting.plain() != null) {
        Object value = given.getOrDefault(setting, setting.plain().defaultValue());
        values.put(setting, setting.plain().check(names.name(setting), value));
      }
    }
    given.keySet().stream().filter(s -> s.plain() == null).findFirst().ifPresent(s -> {
      throw new IllegalArgumentException(s + " is not a plain setting");
    });
    return new SettingValues(values);
  }

  public double doubleValue(Setting setting) {
    return ((Number) get(setting)).doubleValue();
  }

  public int intValue(Setting setting) {
    return (Integer) get(setting);
  }

  public boolean booleanValue(Setting setting) {
    return (Boolean) get(setting);
  }

  private Object get(Setting setting) {
    Object value = values.get(setting);
    if (value == null) {
      throw new IllegalArgumentException(setting + " is not a plain setting (plain: " + Arrays.toString(
          values.keySet().toArray()) + ")");
    }
    return value;
  }

  /** Every plain setting's value, in the settings' order. */
  public Map<Setting, Object> asMap() {
    return Collections.unmodifiableMap(values);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SettingValues v && values.equals(v.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(values);
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
