package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.budget.BudgetEntry;
import io.pais.budget.BudgetLedger;
import io.pais.budget.BudgetStatus;
import io.pais.testing.ForkedJvm;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream charged to a budget ledger: it stops with one line when the ledger cannot cover the next window and goes
 * on once budget is added; killed with SIGKILL while a window is being released, its restart publishes no window
 * twice, charges none twice, and publishes none that was not charged.
 */
@ExtendWith(SharedSparkSession.class)
class StreamRestartTest {

  private static List<String> names(Path output) throws IOException {
    if (!Files.exists(output)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(output)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The forked job's JVM: the shipped logging (Spark's log to a file, the terminal pais's lines), as a user has it. */
  private static List<String> jvmOptions(Path tmp) {
    return List.of("-Xmx1g", "-Dpais.log.file=" + tmp.resolve("pais.log"), "-Dlog4j2.configurationFile=file:"
        + Path.of("conf/log4j2.properties").toAbsolutePath());
  }

  /** The windows of the ledger's claims, each claim's window once. */
  private static List<String> claimedWindows(BudgetStatus status) {
    List<String> windows = new ArrayList<>();
    for (BudgetEntry claim : status.claims()) {
      windows.add(claim.details().get("window").asText());
    }
    return windows;
  }

  @Test
  void aLedgerThatRunsOutStopsTheStreamWithOneLineAndMoreBudgetResumesIt(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = tmp.resolve("landing");
    StreamJobTest.writeStream(input, 4);
    String ledger = tmp.resolve("ledger").toString();
    Configuration conf = new Configuration();
    BudgetLedger.create(ledger, 3, 0, conf);
    List<String> args = StreamJobTest.streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases"),
        "--budget-ledger", ledger);
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(1, o.exit(), o.out());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("the stream stops before window 2026-01-01 03:00:00"), o.err());
    assertEquals(3, names(tmp.resolve("releases")).size(), names(tmp.resolve("releases")).toString());
    BudgetStatus status = BudgetLedger.open(ledger, conf).read();
    assertEquals(3, status.claims().size());
    assertEquals(3.0, status.spentEpsilon(), 1e-12);

    BudgetLedger.open(ledger, conf).setTotal(10, 0, "the stream's next windows");
    JobRunner.Outcome resumed = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, resumed.exit(), resumed.err());
    assertEquals(5, names(tmp.resolve("releases")).size());
    status = BudgetLedger.open(ledger, conf).read();
    List<String> windows = claimedWindows(status);
    assertEquals(5, windows.size());
    assertEquals(5, new HashSet<>(windows).size(), windows.toString());
    for (BudgetEntry claim : status.claims()) {
      assertEquals(BudgetStatus.ClaimState.PUBLISHED, status.state(claim.sequence()));
    }
  }

  @Test
  void killedDuringAWindowsReleaseTheRestartPublishesAndChargesNoWindowTwice(SparkSession spark, @TempDir Path tmp)
      throws Exception {
    Path input = tmp.resolve("landing");
    StreamJobTest.writeStream(input, 5);
    String ledger = tmp.resolve("ledger").toString();
    Configuration conf = new Configuration();
    BudgetLedger.create(ledger, 100, 0, conf);
    Path checkpoint = tmp.resolve("checkpoint");
    Path output = tmp.resolve("releases");
    List<String> args = new ArrayList<>(StreamJobTest.streamArgs(input, checkpoint, output, "--budget-ledger",
        ledger));
    args.set(args.indexOf("available-now"), "1s");
    Process running = new ProcessBuilder(ForkedJvm.command(jvmOptions(tmp), PaisJob.class.getName(), args))
        .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
    // killed once a window's claim is marked reading: its release has read records and is not recorded yet
    String killedDuring = null;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (killedDuring == null && System.nanoTime() < deadline && running.isAlive()) {
      if (Files.exists(Path.of(ledger))) {
        BudgetStatus now = BudgetLedger.open(ledger, conf).read();
        for (BudgetEntry claim : now.claims()) {
          if (now.state(claim.sequence()) == BudgetStatus.ClaimState.READING) {
            running.destroyForcibly(); // SIGKILL: no hook runs
            killedDuring = claim.details().get("window").asText();
            break;
          }
        }
      }
      Thread.sleep(2);
    }
    running.destroyForcibly();
    running.waitFor(1, TimeUnit.MINUTES);
    assertTrue(killedDuring != null, "no window release was caught: " + Files.readString(tmp.resolve("err.txt")));

    args.set(args.indexOf("1s"), "available-now");
    JobRunner.Outcome restart = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, restart.exit(), restart.err() + restart.out());
    assertTrue(restart.out().contains("stays unpublished") || restart.out().contains("was published by the run that "
        + "stopped"), restart.out());

    // every published window once, complete, and charged; every claim a window's, none twice
    List<String> published = names(output);
    assertTrue(published.stream().allMatch(n -> n.startsWith("window=")), "nothing but releases: " + published);
    for (String name : published) {
      assertTrue(Files.exists(output.resolve(name).resolve("run.json")), name);
    }
    BudgetStatus status = BudgetLedger.open(ledger, conf).read();
    List<String> charged = claimedWindows(status);
    assertEquals(new HashSet<>(charged).size(), charged.size(), "a window charged twice: " + charged);
    Set<String> publishedWindows = new HashSet<>();
    published.forEach(n -> publishedWindows.add(n.substring("window=".length())));
    assertTrue(charged.containsAll(publishedWindows), "published " + publishedWindows + ", charged " + charged);
    // the one killed is either published (the kill came after its rename) or abandoned: charged, unpublished
    assertEquals(5, charged.size(), charged.toString());
    Set<String> unpublished = new HashSet<>(charged);
    unpublished.removeAll(publishedWindows);
    assertTrue(unpublished.isEmpty() || unpublished.equals(Set.of(killedDuring)), unpublished + " " + killedDuring);
    assertEquals(charged.size(), status.spentEpsilon(), 1e-9);
    assertFalse(restart.out().contains("Exception"), restart.out());
  }

  @Test
  void sigtermStopsTheStreamWithOneLineAndTheRestartGoesOn(SparkSession spark, @TempDir Path tmp) throws Exception {
    Path input = tmp.resolve("landing");
    StreamJobTest.writeStream(input, 6);
    Path checkpoint = tmp.resolve("checkpoint");
    Path output = tmp.resolve("releases");
    List<String> args = new ArrayList<>(StreamJobTest.streamArgs(input, checkpoint, output));
    args.set(args.indexOf("available-now"), "1s");
    Process running = new ProcessBuilder(ForkedJvm.command(jvmOptions(tmp), PaisJob.class.getName(), args))
        .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (names(output).isEmpty() && System.nanoTime() < deadline && running.isAlive()) {
      Thread.sleep(20);
    }
    running.destroy(); // SIGTERM
    assertTrue(running.waitFor(2, TimeUnit.MINUTES), "the stream did not stop on SIGTERM");
    assertEquals(143, running.exitValue(), Files.readString(tmp.resolve("err.txt")));
    String err = Files.readString(tmp.resolve("err.txt"));
    assertTrue(err.contains("pais: stream stopped (SIGINT or SIGTERM)"), err);
    assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace: " + err);
    JobRunner.Outcome restart = JobRunner.run(spark, args.stream().map(a -> a.equals("1s") ? "available-now" : a)
        .toArray(String[]::new));
    assertEquals(0, restart.exit(), restart.err() + restart.out());
    assertTrue(names(output).size() >= 4 && names(output).stream().allMatch(n -> n.startsWith("window=")),
        names(output).toString());
  }
}
