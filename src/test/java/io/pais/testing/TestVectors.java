package io.pais.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code ../shared/testvectors/privacy-math-vectors.txt}: the independent numeric vectors every formula of
 * the math core is checked against. Lines are split into sections by their "## n." headers and parsed as
 * {@code key=value} pairs.
 */
public final class TestVectors {
  private static final Pattern PAIR = Pattern.compile("([A-Za-z_*0-9'][A-Za-z_*0-9'()]*)=\\(?(-?[0-9.eE+-]+|inf|nan)");

  private TestVectors() {}

  /** The shared folder: the system property {@code pais.shared.dir}, else ../shared. */
  public static Path sharedDir() {
    String dir = System.getProperty("pais.shared.dir", "../shared");
    return Path.of(dir).toAbsolutePath().normalize();
  }

  /** All lines of the privacy-math vectors file. */
  public static List<String> lines() {
    return lines("privacy-math-vectors.txt");
  }

  /** All lines of a vectors file in the shared testvectors folder. */
  public static List<String> lines(String name) {
    Path file = sharedDir().resolve("testvectors").resolve(name);
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("test vectors not found at " + file + " (set -Dpais.shared.dir)", e);
    }
  }

  /** The lines of section {@code header} (a line starting with it) up to the next "## " or "### " header. */
  public static List<String> section(String header) {
    List<String> out = new ArrayList<>();
    boolean in = false;
    for (String line : lines()) {
      if (line.startsWith("## ") || line.startsWith("### ")) {
        in = line.substring(line.indexOf(' ') + 1).startsWith(header);
        continue;
      }
      if (in) {
        out.add(line);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("no section " + header + " in the test vectors");
    }
    return out;
  }

  /** The key=value pairs of a line in order; a later key of the same name is stored with a suffix #2, #3… */
  public static Map<String, Double> pairs(String line) {
    Map<String, Double> out = new LinkedHashMap<>();
    Matcher m = PAIR.matcher(line);
    while (m.find()) {
      String key = m.group(1);
      String text = m.group(2);
      double value;
      try {
        value = switch (text) {
          case "inf" -> Double.POSITIVE_INFINITY;
          case "nan" -> Double.NaN;
          default -> Double.parseDouble(text);
        };
      } catch (NumberFormatException notANumber) {
        continue; // e.g. "i=0..1999": a range in prose, not a value
      }
      String unique = key;
      for (int i = 2; out.containsKey(unique); i++) {
        unique = key + "#" + i;
      }
      out.put(unique, value);
    }
    return out;
  }

  /** The number after the first occurrence of {@code label} in {@code line}. */
  public static double after(String line, String label) {
    int at = line.indexOf(label);
    if (at < 0) {
      throw new IllegalStateException("no '" + label + "' in: " + line);
    }
    Matcher m = Pattern.compile("-?[0-9.]+(?:[eE][+-]?[0-9]+)?").matcher(line);
    if (!m.find(at + label.length())) {
      throw new IllegalStateException("no number after '" + label + "' in: " + line);
    }
    return Double.parseDouble(m.group());
  }

  /** Relative difference |a − b| / max(|b|, tiny). */
  public static double relErr(double a, double b) {
    return Math.abs(a - b) / Math.max(Math.abs(b), Double.MIN_NORMAL);
  }
}
