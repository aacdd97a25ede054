package io.pais.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile builds what it documents, checked without a Docker daemon: its Spark images are the pom's lines, what
 * it copies exists, the jar it takes is the one the build writes, and the build stage has every folder the pom's
 * resources come from (the Python package included).
 */
class DockerfileTest {
  private static final Path DOCKERFILE = Path.of("Dockerfile");

  @Test
  void theImagesAreThePomsSparkLines() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    String docker = Files.readString(DOCKERFILE);
    String defaultImage = "ARG SPARK_IMAGE=apache/spark:" + property(pom, "spark.version") + "-scala"
        + property(pom, "scala.binary.version") + "-java17-ubuntu";
    assertTrue(docker.contains(defaultImage + "\n"), "the default image must be the pom's 3.5 line: " + defaultImage);
    String profile = pom.substring(pom.indexOf("<id>spark-4.0</id>"));
    assertTrue(docker.contains("SPARK_IMAGE=apache/spark:" + property(profile, "spark.version") + "-scala"
        + property(profile, "scala.binary.version") + "-java17-ubuntu") && docker.contains("MAVEN_PROFILES=-Pspark-4.0"),
        "the 4.x example must build the spark-4.0 profile (the 2.13 jar) on its Spark's image");
  }

  @Test
  void everyCopyHasItsSourceAndTheJarIsTheOneTheBuildWrites() throws IOException {
    List<String> lines = Files.readAllLines(DOCKERFILE);
    List<String> copied = new ArrayList<>();
    for (String line : lines) {
      Matcher copy = Pattern.compile("^COPY (?!--from)(\\S+) (\\S+)$").matcher(line);
      if (copy.matches()) {
        assertTrue(Files.exists(Path.of(copy.group(1))), "COPY of a path the repository lacks: " + line);
        copied.add(copy.group(1));
      }
    }
    // what the pom's resources read must be in the build stage, or the jar lacks it (src/main/resources, conf, python)
    for (String needed : List.of("pom.xml", "src/main", "conf", "python/pais")) {
      assertTrue(copied.contains(needed), "the build stage must COPY " + needed);
    }
    String docker = String.join("\n", lines);
    assertTrue(docker.contains("find target -name 'pais-spark-*.jar' ! -name 'original-*'")
        && docker.contains("/src/pais.jar") && docker.contains("COPY --from=build /src/pais.jar /opt/pais/pais.jar"),
        "the image must take the shaded jar from wherever the profile writes it");
    assertEquals(1, docker.split("COPY --from=build", -1).length - 1, "one jar into the image");
  }

  private static String property(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">").matcher(pom);
    assertTrue(m.find(), "no " + name + " in the pom");
    return m.group(1);
  }
}
