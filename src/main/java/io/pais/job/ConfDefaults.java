package io.pais.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Default flag values from {@code pais-defaults.properties}: the copy inside the jar (from {@code conf/}), then a
 * user file given with {@code --config}, each key a flag name without "--". Flags on the command line win.
 */
final class ConfDefaults implements CommandLine.IDefaultValueProvider {
  static final String RESOURCE = "pais-defaults.properties";

  private final Properties properties = new Properties();

  ConfDefaults(Path userFile) {
    try (InputStream in = ConfDefaults.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the bundled " + RESOURCE, e);
    }
    if (userFile != null) {
      try (Reader reader = Files.newBufferedReader(userFile, StandardCharsets.UTF_8)) {
        properties.load(reader);
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read --config " + userFile + ": " + e.getMessage());
      }
    }
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
