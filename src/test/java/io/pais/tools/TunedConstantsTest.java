package io.pais.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The register of tuned constants is whole and true (docs/reference/tuning.md is made from it). */
class TunedConstantsTest {
  /** A constant declared under a javadoc that cites docs/results/: a measured choice, which the register must list. */
  private static final Pattern CITED = Pattern.compile("/\\*\\*((?:(?!\\*/).)*docs/results/(?:(?!\\*/).)*)\\*/\\s*"
      + "(?:public |private |protected )?static final (?:double|int|long|float|double\\[\\]) ([A-Z][A-Z0-9_]*) =",
      Pattern.DOTALL);

  @Test
  void everyRegisteredConstantIsInTheCodeAndEveryDecisionHasItsRecord() throws IOException {
    String records = Files.readString(Path.of(TunedConstants.Decision.PAGE), StandardCharsets.UTF_8);
    Set<String> headings = records.lines().filter(l -> l.startsWith("## ")).map(l -> l.substring(3).strip())
        .collect(Collectors.toSet());
    for (TunedConstants c : TunedConstants.values()) {
      c.declaration();
    }
    for (TunedConstants.Decision d : TunedConstants.Decision.values()) {
      assertTrue(headings.contains(d.heading()), d + ": no record \"" + d.heading() + "\" in "
          + TunedConstants.Decision.PAGE);
      assertTrue(Arrays.stream(TunedConstants.values()).anyMatch(c -> c.provenance() == d), d + " chose no constant");
    }
  }

  @Test
  void everyConstantWhoseJavadocCitesAMeasurementIsRegistered() throws IOException {
    Set<String> registered = Arrays.stream(TunedConstants.values())
        .map(c -> c.owner().replaceFirst("\\$.*", "") + "." + c.field()).collect(Collectors.toSet());
    List<String> missing = new ArrayList<>();
    Path main = Path.of("src/main/java");
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String type = main.relativize(file).toString().replace('/', '.').replaceFirst("\\.java$", "");
        Matcher m = CITED.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
          if (!registered.contains(type + "." + m.group(2))) {
            missing.add(type + "." + m.group(2));
          }
        }
      }
    }
    assertEquals(List.of(), missing, "tuned constants missing from io.pais.tools.TunedConstants");
  }

  @Test
  void theScanFindsACitedConstant() {
    Matcher m = CITED.matcher("  /** Chosen with the benchmark (docs/results/history.md, \"X\"). */\n"
        + "  public static final "
        + "double SHARE = 0.3;");
    assertTrue(m.find());
    assertEquals("SHARE", m.group(2));
  }
}
