package io.pais.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.accounting.BudgetClaim;
import io.pais.io.PrivacyReportJson;
import io.pais.ml.PrivateKMeans;
import io.pais.ml.PrivateKMeansModel;
import io.pais.testing.Fixtures;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import io.pais.testing.WatchedFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Releases of the job against one budget ledger: their claims add up and each report names its claim; a release
 * that does not fit is refused before the input is touched; a run that fails before reading gives its claim back,
 * one that fails after reading keeps it; paper mode is refused.
 */
@ExtendWith(SharedSparkSession.class)
class BudgetJobTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path csv(Path dir, int rows, boolean ragged) throws IOException {
    Random random = new Random(9);
    StringBuilder text = new StringBuilder("a,b\n");
    for (int i = 0; i < rows; i++) {
      text.append(String.format(Locale.ROOT, "%.5f,%.5f%n", random.nextGaussian(), random.nextGaussian()));
    }
    if (ragged) {
      text.append("1,2,3\n");
    }
    return Files.writeString(Files.createDirectories(dir).resolve("points.csv"), text);
  }

  private static JobRunner.Outcome release(SparkSession spark, String input, Path output, String ledger,
      String epsilon, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", input, "--header", "--clip-radius", "5", "--k", "2",
        "--sampler", "full", "--epsilon", epsilon, "--seed", "3", "--output", output.toString(), "--budget-ledger",
        ledger));
    args.addAll(List.of(extra));
    return JobRunner.run(spark, args.toArray(String[]::new));
  }

  @Test
  void releasesSpendFromOneLedgerAndAnOverspendReadsNothing(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = csv(tmp.resolve("data"), 300, false);
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 2.5, 0, new Configuration());

    JobRunner.Outcome first = release(spark, input.toString(), tmp.resolve("r1"), ledger, "1");
    assertEquals(0, first.exit(), first.err());
    JobRunner.Outcome second = release(spark, input.toString(), tmp.resolve("r2"), ledger, "1");
    assertEquals(0, second.exit(), second.err());
    JsonNode report = JSON.readTree(tmp.resolve("r2").resolve("privacy-report.json").toFile());
    assertEquals(ledger, report.path("budgetLedger").path("ledger").asText());
    assertEquals(4, report.path("budgetLedger").path("claim").asLong(), "claim 1, reading 2, its release 3, claim 4");

    BudgetStatus status = BudgetLedger.open(ledger, new Configuration()).read();
    assertEquals(2, status.spentEpsilon());
    assertEquals(2, status.entries().stream().filter(e -> e.kind() == BudgetEntry.Kind.RELEASE).count());
    assertTrue(status.releaseOf(1).details().path("ledger").size() >= 3, "the release's stages are recorded");

    Configuration conf = spark.sparkContext().hadoopConfiguration();
    conf.set("fs.watched.impl", WatchedFileSystem.class.getName());
    conf.setBoolean("fs.watched.impl.disable.cache", true);
    try {
      WatchedFileSystem.reset();
      JobRunner.Outcome refused = release(spark, "watched://" + input, tmp.resolve("r3"), ledger, "1");
      assertEquals(1, refused.exit());
      assertTrue(refused.err().startsWith("pais: budget ledger") && refused.err().contains("requests epsilon = 1.0")
          && refused.err().contains("remaining epsilon = 0.5"), refused.err());
      assertEquals(1, refused.err().strip().lines().count(), refused.err());
      assertEquals(0, WatchedFileSystem.ACCESSES.get(), "the refused release never touched its input");
      assertFalse(Files.exists(tmp.resolve("r3")));
    } finally {
      conf.unset("fs.watched.impl");
    }
    assertEquals(2, BudgetLedger.open(ledger, new Configuration()).read().spentEpsilon());
  }

  /** Two jobs on one ledger whose total fits one of them, started together, five times: never both release. */
  @Test
  void twoJobsRacingOnOneLedgerNeverBothRelease(SparkSession spark, @TempDir Path tmp) throws Exception {
    Path input = csv(tmp.resolve("data"), 200, false);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 5; round++) {
        String ledger = tmp.resolve("ledger-" + round).toString();
        BudgetLedger.create(ledger, 1.5, 0, new Configuration());
        CountDownLatch start = new CountDownLatch(1);
        List<Future<JobRunner.Outcome>> runs = new ArrayList<>();
        for (int job = 0; job < 2; job++) {
          Path output = tmp.resolve("r" + round + "-" + job);
          runs.add(pool.submit(() -> {
            start.await();
            return release(spark, input.toString(), output, ledger, "1");
          }));
        }
        start.countDown();
        int released = 0;
        for (Future<JobRunner.Outcome> run : runs) {
          JobRunner.Outcome o = run.get();
          released += o.exit() == 0 ? 1 : 0;
          assertTrue(o.exit() == 0 || o.err().contains("refuses the release"), o.err());
        }
        assertEquals(1, released, "round " + round);
        assertEquals(1, BudgetLedger.open(ledger, new Configuration()).read().spentEpsilon());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theEstimatorsFitsSpendFromTheLedgerToo(SparkSession spark, @TempDir Path tmp) {
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 3, 0, new Configuration());
    PrivateKMeans kmeans = new PrivateKMeans().setK(3).setEpsilon(1.5).setClipRadius(25).setSeed(2)
        .setBudgetLedger(ledger);
    Dataset<Row> data = new VectorAssembler().setInputCols(new String[] {"x1", "x2", "x3", "x4", "x5"})
        .setOutputCol("features").transform(Fixtures.blobs(spark));
    kmeans.fit(data);
    PrivateKMeansModel second = kmeans.fit(data);
    BudgetClaim named = second.privacyReport().budgetClaim();
    assertEquals(4, named.claim(), "claim 1, reading 2, its release 3, claim 4");
    assertEquals(ledger, named.ledger());
    assertEquals(named, PrivacyReportJson.fromText(PrivacyReportJson.toText(second.privacyReport())).budgetClaim(),
        "the claim survives the report's JSON (a saved model's)");
    BudgetException refused = assertThrows(BudgetException.class, () -> kmeans.fit(data));
    assertTrue(refused.getMessage().contains("remaining epsilon = 0.0"), refused.getMessage());
    BudgetStatus status = BudgetLedger.open(ledger, new Configuration()).read();
    assertEquals(3, status.spentEpsilon());
    assertEquals("model " + kmeans.uid(), status.releaseOf(1).details().path("release").asText());
  }

  @Test
  void aRunThatStopsBeforeReadingGivesItsClaimBackOneThatReadKeepsIt(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 10, 0, new Configuration());
    Path taken = Files.createDirectories(tmp.resolve("taken"));
    Files.writeString(taken.resolve("notes.txt"), "not a release");
    JobRunner.Outcome blocked = release(spark, csv(tmp.resolve("good"), 100, false).toString(), taken, ledger, "2");
    assertEquals(1, blocked.exit(), blocked.err());
    BudgetStatus afterBlocked = BudgetLedger.open(ledger, new Configuration()).read();
    assertEquals(List.of(), afterBlocked.entries(), "the output's pre-flight runs before the claim: nothing claimed");
    assertEquals(0, afterBlocked.spentEpsilon());

    JobRunner.Outcome bad = release(spark, csv(tmp.resolve("bad"), 100, true).toString(), tmp.resolve("out"), ledger,
        "2");
    assertEquals(1, bad.exit(), bad.err());
    assertTrue(bad.err().contains("ragged row"), bad.err());
    assertTrue(bad.err().contains("claim 1 (epsilon = 2.0, delta = 0.0) stays spent"), "the one line says what "
        + "the failure spent: " + bad.err());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
    BudgetStatus afterBad = BudgetLedger.open(ledger, new Configuration()).read();
    assertEquals(2, afterBad.spentEpsilon(), "a run that read data keeps its claim, though it failed");
    assertEquals(BudgetStatus.ClaimState.FAILED, afterBad.state(1));
    assertFalse(Files.exists(tmp.resolve("out")));

    JobRunner.Outcome paper = JobRunner.run(spark, "--input", csv(tmp.resolve("p"), 50, false).toString(),
        "--header", "--privacy", "paper", "--k", "2", "--output", tmp.resolve("paper").toString(), "--budget-ledger",
        ledger);
    assertEquals(1, paper.exit());
    assertTrue(paper.err().contains("--budget-ledger is for strict releases"), paper.err());
    assertEquals(3, BudgetLedger.open(ledger, new Configuration()).read().entries().size(), "paper mode claimed "
        + "nothing");
  }

  /**
   * Issue 48, item 2: a run that fails on its flags, its configuration or its input's schema claims nothing — a
   * headerless CSV or a LibSVM file without --dimension, bounds of another dimension, an output that exists, a
   * release whose relation the ledger does not compose, too many k candidates — and the ledger stays empty.
   */
  @Test
  void aRunThatFailsOnItsFlagsOrSchemaClaimsNothing(SparkSession spark, @TempDir Path tmp) throws IOException {
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 6, 1e-6, new Configuration());
    Path headerless = Files.writeString(tmp.resolve("headerless.csv"), "1,2\n3,4\n5,6\n");
    Path libsvm = Files.writeString(tmp.resolve("points.libsvm"), "0 1:1 2:2\n1 1:3 2:4\n");
    Path input = csv(tmp.resolve("data"), 100, false);
    Path taken = Files.createDirectories(tmp.resolve("taken"));
    List<List<String>> runs = List.of(
        List.of("--input", headerless.toString(), "--format", "csv", "--clip-radius", "5", "--k", "2"),
        List.of("--input", libsvm.toString(), "--format", "libsvm", "--clip-radius", "5", "--k", "2"),
        List.of("--input", input.toString(), "--header", "--bounds", "-1:1,-1:1,-1:1", "--k", "2"),
        List.of("--input", input.toString(), "--header", "--clip-radius", "5", "--k", "2", "--output",
            taken.toString()),
        List.of("--input", input.toString(), "--header", "--clip-radius", "5", "--k", "2", "--sampler", "wor",
            "--delta", "1e-7"),
        List.of("--input", input.toString(), "--header", "--clip-radius", "5", "--k",
            "2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18"));
    for (List<String> flags : runs) {
      List<String> args = new ArrayList<>(flags);
      if (!args.contains("--output")) {
        args.addAll(List.of("--output", tmp.resolve("out").toString()));
      }
      args.addAll(List.of("--epsilon", "3", "--seed", "5", "--budget-ledger", ledger));
      JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
      assertEquals(1, o.exit(), flags + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().startsWith("pais: "), o.err());
      assertFalse(o.err().contains("stays spent"), o.err());
      assertEquals(List.of(), BudgetLedger.open(ledger, new Configuration()).read().entries(),
          flags + " claimed budget: " + o.err());
      assertFalse(Files.exists(tmp.resolve("out")), "nothing left behind");
    }
  }

  /** Issue 48, item 5, in the job: a substitution ledger charges an add/remove release twice. */
  @Test
  void aSubstitutionLedgerChargesAnAddRemoveReleaseTwice(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = csv(tmp.resolve("data"), 200, false);
    String ledger = tmp.resolve("ledger").toString();
    BudgetLedger.create(ledger, 3, 0, io.pais.accounting.Relation.SUBSTITUTION, new Configuration(), false);
    JobRunner.Outcome first = release(spark, input.toString(), tmp.resolve("r1"), ledger, "1");
    assertEquals(0, first.exit(), first.err());
    BudgetStatus status = BudgetLedger.open(ledger, new Configuration()).read();
    assertEquals(2, status.spentEpsilon(), "epsilon 1 under add/remove is 2 under substitution");
    assertEquals(1, status.claim(1).details().path("guarantee").path("epsilon").asDouble());
    JobRunner.Outcome second = release(spark, input.toString(), tmp.resolve("r2"), ledger, "1");
    assertEquals(1, second.exit());
    assertTrue(second.err().contains("requests epsilon = 2.0") && second.err().contains("counted under "
        + "substitution"), second.err());
  }
}
