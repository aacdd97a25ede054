package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edges of issue 26 that need the job: a disk that fails while the release is written, a data file given as
 * --config, the bounds, and runs interrupted by SIGTERM and SIGINT. Each ends in one line and leaves nothing.
 */
@ExtendWith(SharedSparkSession.class)
class EdgeCasesTest {

  private static Path csv(Path dir, int rows) throws IOException {
    Random random = new Random(5);
    StringBuilder text = new StringBuilder("a,b\n");
    for (int i = 0; i < rows; i++) {
      text.append(String.format(Locale.ROOT, "%.5f,%.5f%n", random.nextGaussian(), random.nextGaussian()));
    }
    return Files.writeString(dir.resolve("points.csv"), text);
  }

  private static List<String> args(Path input, Path output, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", input.toString(), "--header", "--clip-radius", "5",
        "--sampler", "full", "--output", output.toString()));
    args.addAll(List.of(extra));
    if (!args.contains("--k")) {
      args.addAll(List.of("--k", "2"));
    }
    return args;
  }

  private static void assertOneLine(JobRunner.Outcome o, String expected) {
    assertTrue(o.exit() != 0, o.out());
    assertTrue(o.err().startsWith("pais: ") && o.err().contains(expected), o.err());
    assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aDiskThatFailsWhileTheReleaseIsWrittenEndsInOneLineAndLeavesNothing(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = csv(Files.createDirectories(tmp.resolve("data")), 200);
    Path outDir = Files.createDirectories(tmp.resolve("outputs"));
    var conf = spark.sparkContext().hadoopConfiguration();
    conf.set("fs.fulldisk.impl", org.apache.hadoop.fs.FullDiskFileSystem.class.getName());
    conf.setBoolean("fs.fulldisk.impl.disable.cache", true);
    try {
      List<String> flags = new java.util.ArrayList<>(args(input, Path.of("fulldisk://" + outDir.resolve("out"))));
      flags.add("--allow-non-atomic-rename"); // the test's file system is not one pais knows to rename atomically
      JobRunner.Outcome o = JobRunner.run(spark, flags.toArray(String[]::new));
      assertOneLine(o, "a file system failed while writing");
      assertEquals(List.of(), names(outDir), "no temporary directory, no output");
    } finally {
      conf.unset("fs.fulldisk.impl");
    }
  }

  @Test
  void aDataFileGivenAsConfigIsRefusedWithoutQuotingIt(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path data = Files.writeString(tmp.resolve("in.csv"), "-0.028285,0.624815,-0.193457\n0.5,0.25,0.125\n");
    JobRunner.Outcome o = JobRunner.run(spark, "--config", data.toString(), "--input", data.toString(),
        "--clip-radius", "5", "--output", tmp.resolve("out").toString());
    assertOneLine(o, "holds a key that names no flag");
    assertFalse(o.err().contains("0.624815") || o.err().contains("-0.028285"), "no value quoted: " + o.err());
    Path typo = Files.writeString(tmp.resolve("my.properties"), "epsilom = 2\n");
    JobRunner.Outcome near = JobRunner.run(spark, "--config", typo.toString(), "--input", data.toString(),
        "--clip-radius", "5", "--output", tmp.resolve("out").toString());
    assertOneLine(near, "unknown key 'epsilom'");
    assertTrue(near.err().contains("did you mean 'epsilon'"), near.err());
  }

  @Test
  void theBoundsAreRefusedBeforeAnyWork(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = csv(tmp, 50);
    Path out = tmp.resolve("out");
    assertOneLine(JobRunner.run(spark, args(input, out, "--iterations", "100000").toArray(String[]::new)),
        "iterations must be a whole number in [1, 100]");
    assertOneLine(JobRunner.run(spark, args(input, out, "--k", "100000000").toArray(String[]::new)),
        "k must be in [1, 100000]");
    assertOneLine(JobRunner.run(spark, args(input, out, "--epsilon", "1e308").toArray(String[]::new)),
        "epsilon must be in [1.0E-4, 1000000.0]");
    assertOneLine(JobRunner.run(spark, args(input, out, "--epsilon", "1e-300").toArray(String[]::new)),
        "epsilon must be in");
    assertFalse(Files.exists(out));
  }

  /** The job in its own JVM, signalled once the first stage has begun. */
  private static void assertInterrupted(Path tmp, String signal, int expectedExit, boolean withLedger)
      throws Exception {
    Path input = csv(Files.createDirectories(tmp.resolve("data")), 400_000);
    Path outputs = Files.createDirectories(tmp.resolve("outputs"));
    Path log = tmp.resolve("pais.log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens") || option.startsWith("-Djdk.reflect") || option.startsWith("-Dio.netty")) {
        command.add(option);
      }
    }
    command.addAll(List.of("-Xmx1g", "-Dspark.ui.enabled=false", "-Dpais.log.file=" + log,
        "-Dlog4j2.configurationFile=file:" + Path.of("conf/log4j2.properties").toAbsolutePath(), "-cp",
        System.getProperty("java.class.path"), PaisJob.class.getName(), "--master", "local[2]"));
    command.addAll(args(input, outputs.resolve("out"), "--iterations", "50"));
    String ledger = tmp.resolve("ledger").toString();
    if (withLedger) {
      io.pais.budget.BudgetLedger.create(ledger, 10, 0, new org.apache.hadoop.conf.Configuration());
      command.addAll(List.of("--budget-ledger", ledger));
    }
    Path err = tmp.resolve("stderr.txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile())
        .redirectOutput(tmp.resolve("stdout.txt").toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process = builder.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!(Files.exists(log) && Files.readString(log).contains("stage DP-Lloyd iteration 2/50 begins"))) {
      assertTrue(process.isAlive(), "the job ended before it could be interrupted: " + Files.readString(err));
      assertTrue(System.nanoTime() < deadline, "the job did not reach DP-Lloyd in time");
      Thread.sleep(50);
    }
    new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the job stopped");
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(expectedExit, process.exitValue(), stderr);
    // the terminal also shows the job's progress lines; of pais's verdicts there is one, and no trace
    assertEquals(List.of("pais: interrupted"), stderr.lines().filter(l -> l.startsWith("pais: ")).toList(), stderr);
    assertFalse(stderr.contains("\tat ") || stderr.contains("Exception"), stderr);
    assertEquals(List.of(), names(outputs), "no temporary directory, no output");
    if (withLedger) { // issue 48, item 3: the interrupted run's claim is failed, not left reading
      io.pais.budget.BudgetStatus status = io.pais.budget.BudgetLedger.open(ledger,
          new org.apache.hadoop.conf.Configuration()).read();
      assertEquals(io.pais.budget.BudgetStatus.ClaimState.FAILED, status.state(1));
      assertTrue(status.entryOf(1, io.pais.budget.BudgetEntry.Kind.FAILED).details().path("reason").asText()
          .contains("interrupted"));
    }
  }

  @Test
  void sigtermEndsWithOneLineAndExit143(@TempDir Path tmp) throws Exception {
    assertInterrupted(tmp, "TERM", 143, true);
  }

  @Test
  void sigintEndsWithOneLineAndExit130(@TempDir Path tmp) throws Exception {
    assertInterrupted(tmp, "INT", 130, false);
  }
}
