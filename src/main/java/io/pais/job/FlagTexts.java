package io.pais.job;

import io.pais.settings.Setting;
import io.pais.settings.Vocabulary;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.ResourceBundle;

/**
 * The job's option descriptions for picocli, read from {@link Setting}'s texts in the flags' vocabulary: picocli looks
 * an option up by its name without "--". A flag with a default shows it as the defaults file (or --config) sets it.
 */
final class FlagTexts extends ResourceBundle {
  private static final Set<String> KEYS = Arrays.stream(Setting.values()).filter(Setting::isOption)
      .map(Setting::flag).collect(Collectors.toUnmodifiableSet());

  @Override
  protected Object handleGetObject(String key) {
    return Setting.ofFlag(key).map(FlagTexts::description).orElse(null);
  }

  /** picocli formats descriptions as format strings: a literal % is written %%. */
  static String description(Setting setting) {
    return setting.text(Vocabulary.FLAGS).replace("%", "%%")
        + (setting.jobDefault().isPresent() ? " (default: ${DEFAULT-VALUE})" : "");
  }

  @Override
  protected Set<String> handleKeySet() {
    return KEYS;
  }

  @Override
  public Enumeration<String> getKeys() {
    return Collections.enumeration(KEYS);
  }
}
