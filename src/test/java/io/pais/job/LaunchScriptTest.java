package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code submit/pais-standalone} hands to spark-submit, against a Spark home whose {@code bin/spark-submit}
 * only records its arguments and environment: the cluster's spark-defaults.conf is honoured (merged, not replaced),
 * the user's options (PAIS_SUBMIT_OPTS and those before "--") come last, the driver's logging is an absolute URI,
 * a loopback master keeps the driver on loopback, and cluster mode refuses relative paths in one line.
 */
class LaunchScriptTest {
  private static final Path ROOT = Path.of("").toAbsolutePath();

  private record Submitted(int exit, List<String> args, String env, String err) {
    /** The value after {@code --conf key=}, or null. */
    String conf(String key) {
      for (int i = 0; i + 1 < args.size(); i++) {
        if (args.get(i).equals("--conf") && args.get(i + 1).startsWith(key + "=")) {
          return args.get(i + 1).substring(key.length() + 1);
        }
      }
      return null;
    }
  }

  @Test
  void clusterSettingsAreMergedAndUserOptionsComeLast(@TempDir Path tmp) throws Exception {
    Path home = fakeSparkHome(tmp, """
        # the cluster's own settings
        spark.eventLog.enabled   true
        spark.serializer=org.apache.spark.serializer.JavaSerializer
        spark.driver.extraJavaOptions  -Dcluster.flag=1
        """);
    Submitted s = submit(tmp, home, Map.of("PAIS_SUBMIT_OPTS", "--executor-memory 2g"),
        "--executor-cores", "1", "--", "--input", "points.csv", "--k", "3");
    assertEquals(0, s.exit(), s.err());
    assertFalse(s.args().contains("--properties-file"), "Spark would then skip the cluster's defaults");
    // a key the cluster sets keeps its value (spark-submit loads the cluster's file itself)
    assertEquals(null, s.conf("spark.serializer"), String.join(" ", s.args()));
    assertEquals("pais", s.conf("spark.app.name"));
    String driver = s.conf("spark.driver.extraJavaOptions");
    assertTrue(driver.startsWith("-Dcluster.flag=1 "), driver);
    assertTrue(driver.contains("--add-opens=java.base/java.nio=ALL-UNNAMED"), driver);
    assertTrue(driver.contains("-Dlog4j2.configurationFile=file:" + ROOT.resolve("conf/log4j2.properties")), driver);
    assertTrue(s.conf("spark.executor.extraJavaOptions").contains("--add-opens"));
    // user options after the script's, then the jar, then the job's flags
    int jar = s.args().indexOf("/opt/pais.jar");
    int memory = s.args().indexOf("--executor-memory");
    int cores = s.args().indexOf("--executor-cores");
    int master = s.args().indexOf("--master");
    assertTrue(master >= 0 && master < memory && memory < cores && cores < jar, String.join(" ", s.args()));
    assertEquals(List.of("--input", "points.csv", "--k", "3"), s.args().subList(jar + 1, s.args().size()));
    assertTrue(s.env().contains("SPARK_LOCAL_IP=127.0.0.1"), "a loopback master keeps the driver on loopback");
  }

  @Test
  void standaloneClusterModeRefusesRelativePathsInOneLine(@TempDir Path tmp) throws Exception {
    Path home = fakeSparkHome(tmp, "");
    Submitted s = submit(tmp, home, Map.of("PAIS_DEPLOY_MODE", "cluster"), "--input", "data/points.csv", "--k", "3",
        "--output", "/abs/out");
    assertEquals(2, s.exit());
    assertEquals(1, s.err().strip().lines().count(), s.err());
    assertTrue(s.err().startsWith("pais: --input data/points.csv is relative"), s.err());
    assertTrue(s.args().isEmpty(), "spark-submit must not run");

    Submitted ok = submit(tmp, home, Map.of("PAIS_DEPLOY_MODE", "cluster"), "--input", "hdfs:///data/points.csv",
        "--output", "/abs/out");
    assertEquals(0, ok.exit(), ok.err());
    assertTrue(ok.err().contains("fire-and-forget"), ok.err());
  }

  @Test
  void aMissingSparkHomeIsOneLine(@TempDir Path tmp) throws Exception {
    Submitted s = submit(tmp, tmp.resolve("no-spark"), Map.of(), "--k", "3");
    assertEquals(2, s.exit());
    assertEquals(1, s.err().strip().lines().count(), s.err());
    assertTrue(s.err().startsWith("pais: set SPARK_HOME"), s.err());
  }

  @Test
  void aBogusMasterAndAnUnwritableLogFolderAreOneLineEach(@TempDir Path tmp) throws Exception {
    Path home = fakeSparkHome(tmp, "");
    Submitted master = submit(tmp, home, Map.of("PAIS_MASTER", "bogus"), "--k", "3");
    assertEquals(2, master.exit());
    assertEquals(1, master.err().strip().lines().count(), master.err());
    assertTrue(master.err().startsWith("pais: PAIS_MASTER (or --master) 'bogus' is not a Spark master URL"),
        master.err());
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    Submitted log = submit(tmp, home, Map.of("PAIS_LOG_FILE", file.resolve("logs/pais.log").toString()), "--k", "3");
    assertEquals(2, log.exit());
    assertEquals(1, log.err().strip().lines().count(), log.err());
    assertTrue(log.err().startsWith("pais: cannot write the log file"), log.err());
  }

  /** A Spark home whose spark-submit writes its arguments (one a line) and its environment to files. */
  private static Path fakeSparkHome(Path tmp, String clusterDefaults) throws IOException {
    Path home = tmp.resolve("spark");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("conf"));
    Files.writeString(home.resolve("conf/spark-defaults.conf"), clusterDefaults);
    Path submit = home.resolve("bin/spark-submit");
    Files.writeString(submit, "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > \"$SPARK_HOME/args\"\n"
        + "env > \"$SPARK_HOME/env\"\n");
    Files.setPosixFilePermissions(submit, PosixFilePermissions.fromString("rwxr-xr-x"));
    return home;
  }

  private static Submitted submit(Path tmp, Path home, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of(ROOT.resolve("submit/pais-standalone").toString()));
    command.addAll(List.of(args));
    Path err = tmp.resolve("err");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("SPARK_HOME", home.toString());
    builder.environment().remove("SPARK_CONF_DIR");
    builder.environment().remove("SPARK_LOCAL_IP");
    builder.environment().put("PAIS_MASTER", "spark://127.0.0.1:7077");
    builder.environment().put("PAIS_JAR", "/opt/pais.jar");
    builder.environment().put("PAIS_LOG_FILE", tmp.resolve("pais.log").toString());
    builder.environment().putAll(env);
    Process process = builder.start();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the script did not end");
    Path recorded = home.resolve("args");
    List<String> submitted = Files.exists(recorded) ? Files.readAllLines(recorded) : List.of();
    Files.deleteIfExists(recorded);
    Path environment = home.resolve("env");
    String seen = Files.exists(environment) ? Files.readString(environment) : "";
    return new Submitted(process.exitValue(), submitted, seen, Files.readString(err, StandardCharsets.UTF_8));
  }
}
