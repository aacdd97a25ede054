package io.pais.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import picocli.CommandLine;

/**
 * Default flag values from {@code pais-defaults.properties}: the copy inside the jar (from {@code conf/}), then a
 * user file given with {@code --config}, each key a flag name without "--". Flags on the command line win.
 */
final class ConfDefaults implements CommandLine.IDefaultValueProvider {
  static final String RESOURCE = "pais-defaults.properties";

  private final Properties properties = new Properties();
  private final Properties userProperties = new Properties();
  private final Path userFile;

  ConfDefaults(Path userFile) {
    this.userFile = userFile;
    try (InputStream in = ConfDefaults.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the bundled " + RESOURCE, e);
    }
    if (userFile != null) {
      try (Reader reader = Files.newBufferedReader(userFile, StandardCharsets.UTF_8)) {
        userProperties.load(reader);
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read --config " + userFile + " (" + e.getClass().getSimpleName()
            + ")");
      }
      properties.putAll(userProperties);
    }
  }

  /**
   * Refuses a key of the user's file that names no flag of {@code spec}, as an unknown flag is refused, with
   * the closest flag name suggested: a misspelt "epsilom" must not silently run at the default epsilon.
   */
  void requireKnownKeys(CommandLine.Model.CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (CommandLine.Model.OptionSpec option : spec.options()) {
      names.add(option.longestName().replaceFirst("^--", ""));
    }
    for (String key : new TreeSet<>(userProperties.stringPropertyNames())) {
      if (!names.contains(key)) {
        String closest = names.stream().min(Comparator.comparingInt(n -> editDistance(key, n))).orElse("");
        // a near miss of a flag name is the user's typo, quoted; anything else may be a data row of a data file
        // given as --config by mistake, never quoted
        if (key.matches("[a-z][a-z0-9-]*") && editDistance(key, closest) <= 2) {
          throw new IllegalArgumentException("unknown key '" + key + "' in --config " + userFile + " (did you mean '"
              + closest + "'?)");
        }
        throw new IllegalArgumentException("--config " + userFile + " holds a key that names no flag: a config file "
            + "holds lines KEY = VALUE with flag names as keys (is it a data file? give data with --input)");
      }
    }
  }

  /** Levenshtein distance: insertions, deletions and substitutions of one character each cost 1. */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  @Override
  public String defaultValue(CommandLine.Model.ArgSpec argSpec) {
    if (argSpec instanceof CommandLine.Model.OptionSpec option) {
      String value = properties.getProperty(option.longestName().replaceFirst("^--", ""));
      return value == null ? null : value.strip();
    }
    return null;
  }

  /** The value of {@code --config} in raw arguments, or null. */
  static Path configFile(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--config") && i + 1 < args.length) {
        return Path.of(args[i + 1]);
      }
      if (args[i].startsWith("--config=")) {
        return Path.of(args[i].substring("--config=".length()));
      }
    }
    return null;
  }
}
