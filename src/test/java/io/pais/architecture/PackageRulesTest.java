package io.pais.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages' rules, read from the sources: the core (the math, the accounting, DP-Lloyd, the settings) imports no
 * Spark, Scala or Hadoop class and nothing of pais outside the core, so it stays testable in milliseconds; every
 * package says what it is in a package-info.java.
 */
class PackageRulesTest {
  private static final Path MAIN = Path.of("src/main/java/io/pais");
  /** The Spark-free core. A subpackage (sampling.spark) is not part of its parent. */
  private static final Set<String> CORE = Set.of("math", "privacy", "sampling", "accounting", "estimation", "noise",
      "lloyd", "settings");
  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);

  @Test
  void theCoreImportsNeitherSparkNorTheSparkLayer() {
    List<String> violations = new ArrayList<>();
    for (String name : CORE) {
      for (Path file : sources(MAIN.resolve(name))) {
        Matcher m = IMPORT.matcher(read(file));
        while (m.find()) {
          String imported = m.group(1);
          if (imported.startsWith("org.apache.spark") || imported.startsWith("scala.")
              || imported.startsWith("org.apache.hadoop") || imported.startsWith("io.pais.")
              && !CORE.contains(packageOf(imported))) {
            violations.add(MAIN.relativize(file) + " imports " + imported);
          }
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void everyPackageSaysWhatItIs() throws IOException {
    Set<Path> packages = new TreeSet<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> packages.add(p.getParent()));
    }
    assertTrue(packages.size() >= 16, "packages found: " + packages);
    List<Path> missing = packages.stream().filter(p -> !Files.exists(p.resolve("package-info.java"))).toList();
    assertEquals(List.of(), missing);
  }

  @Test
  void theRuleWouldCatchASparkImport() {
    Matcher m = IMPORT.matcher("package io.pais.math;\n\nimport org.apache.spark.api.java.JavaRDD;\n");
    assertTrue(m.find() && m.group(1).startsWith("org.apache.spark"), "the import pattern reads an import line");
    assertEquals("sampling.spark", packageOf("io.pais.sampling.spark.PoissonSampler"));
    assertEquals("accounting", packageOf("io.pais.accounting.SamplerGuarantees.CoreSupremum"));
  }

  /** The package below io.pais of an imported class ("sampling.spark" for io.pais.sampling.spark.X). */
  private static String packageOf(String imported) {
    String[] parts = imported.substring("io.pais.".length()).split("\\.");
    StringBuilder name = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length && Character.isLowerCase(parts[i].charAt(0)); i++) {
      name.append('.').append(parts[i]);
    }
    return name.toString();
  }

  /** The .java files directly in {@code dir} (its subpackages are packages of their own). */
  private static List<Path> sources(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> java = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      assertTrue(!java.isEmpty(), "no sources in " + dir);
      return java;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
