package io.pais.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.experiments.ExperimentRunner;
import io.pais.job.PaisJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages' rules, read from the sources: the core (the math, the accounting, DP-Lloyd, the settings) imports no
 * Spark, Scala or Hadoop class and nothing of pais outside the core (the release's planning included), so it stays testable in milliseconds; the
 * packages' references form no cycle (so each sits on a floor and refers only to floors below); every package says
 * what it is in a package-info.java.
 */
class PackageRulesTest {
  private static final Path MAIN = Path.of("src/main/java/io/pais");
  private static final Path TESTS = Path.of("src/test/java/io/pais");
  /** What a suite that runs Spark names: Spark, Scala or Hadoop imports, a session, an RDD or a Dataset. */
  private static final Pattern SPARK_IN_TEST = Pattern.compile(
      "import (?:static )?(?:org\\.apache\\.spark|scala\\.|org\\.apache\\.hadoop)|SparkSession|JavaRDD|Dataset<");
  /** The Spark-free core. A subpackage (sampling.spark) is not part of its parent. */
  private static final Set<String> CORE = Set.of("math", "privacy", "sampling", "accounting", "estimation", "noise",
      "lloyd", "settings", "planning");
  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);
  /** A reference to a pais class, imported or written out in the code: its package is group 1. */
  private static final Pattern REFERENCE = Pattern.compile("\\bio\\.pais\\.([a-z]\\w*(?:\\.[a-z]\\w*)*)\\.[A-Z]");

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

  /**
   * The spark-line profile (pom.xml) skips the core's suites on the 4.x lines because they run no Spark: its pattern
   * must name exactly the core, or a Spark-touching suite would be skipped there (or a core one kept), and no suite
   * in a core package may touch Spark (a test helper's Spark methods included).
   */
  @Test
  void theSparkLineProfileSkipsExactlyTheCoresSuitesAndTheyRunNoSpark() {
    Matcher m = Pattern.compile("%regex\\[io/pais/\\(([a-z|]+)\\)/").matcher(read(Path.of("pom.xml")));
    assertTrue(m.find(), "the spark-line profile's pattern of the core's suites is in pom.xml");
    assertEquals(CORE, Set.of(m.group(1).split("\\|")));
    List<String> violations = new ArrayList<>();
    for (String name : CORE) {
      Path dir = TESTS.resolve(name);
      if (Files.isDirectory(dir)) {
        for (Path file : sources(dir)) {
          if (SPARK_IN_TEST.matcher(read(file)).find()) {
            violations.add(TESTS.relativize(file).toString());
          }
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void thePackagesReferToEachOtherWithoutACycle() throws IOException {
    Map<String, Set<String>> references = new TreeMap<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String name = MAIN.relativize(file.getParent()).toString().replace('/', '.');
        Set<String> used = references.computeIfAbsent(name, n -> new TreeSet<>());
        Matcher m = REFERENCE.matcher(withoutComments(read(file)));
        while (m.find()) {
          if (!m.group(1).equals(name)) {
            used.add(m.group(1));
          }
        }
      }
    }
    assertTrue(references.size() >= 16, "packages found: " + references.keySet());
    assertEquals(List.of(), cycle(references));
  }

  @Test
  void theCycleRuleWouldCatchACycle() {
    Map<String, Set<String>> references = Map.of("math", Set.of(), "lloyd", Set.of("math", "noise"),
        "noise", Set.of("math", "clustering"), "clustering", Set.of("lloyd"));
    assertEquals(List.of("clustering", "lloyd", "noise", "clustering"), cycle(references));
    assertEquals(List.of(), cycle(Map.of("lloyd", Set.of("math"), "math", Set.of())));
    assertEquals("a  b ", withoutComments("a /* io.pais.x.Y */ b // io.pais.z.W"));
  }

  @Test
  void theExperimentsAreCompiledOutsideTheProduct() throws Exception {
    Path product = Path.of(PaisJob.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path experiments = Path.of(ExperimentRunner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertNotEquals(product, experiments, "the experiments compile into the classes the job jar is made of");
    assertTrue(Files.exists(product.resolve("io/pais/job/PaisJob.class")), "the product's classes are in " + product);
    assertFalse(Files.exists(product.resolve("io/pais/experiments")),
        "experiments among the product's classes (left by a build from before they moved: mvn clean)");
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

  /** A cycle of references (its first package repeated at its end), or an empty list when there is none. */
  private static List<String> cycle(Map<String, Set<String>> references) {
    Map<String, Integer> state = new HashMap<>(); // absent: unvisited, 1: on the path, 2: done
    Deque<String> path = new ArrayDeque<>();
    for (String start : new TreeSet<>(references.keySet())) {
      List<String> found = cycleFrom(start, references, state, path);
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private static List<String> cycleFrom(String name, Map<String, Set<String>> references, Map<String, Integer> state,
      Deque<String> path) {
    Integer seen = state.get(name);
    if (seen != null && seen == 2) {
      return List.of();
    }
    if (seen != null) {
      List<String> onPath = new ArrayList<>(path);
      Collections.reverse(onPath);
      List<String> found = new ArrayList<>(onPath.subList(onPath.indexOf(name), onPath.size()));
      found.add(name);
      return found;
    }
    state.put(name, 1);
    path.push(name);
    for (String used : new TreeSet<>(references.getOrDefault(name, Set.of()))) {
      List<String> found = cycleFrom(used, references, state, path);
      if (!found.isEmpty()) {
        return found;
      }
    }
    path.pop();
    state.put(name, 2);
    return List.of();
  }

  private static String withoutComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
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
