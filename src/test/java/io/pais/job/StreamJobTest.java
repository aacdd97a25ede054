package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.clustering.ClusteringResult;
import io.pais.clustering.PrivateKMeansRelease;
import io.pais.clustering.StageListener;
import io.pais.io.PrivacyReportJson;
import io.pais.io.Points;
import io.pais.sampling.KeyedPoint;
import io.pais.sampling.SamplingKeys;
import io.pais.settings.KMeansSettings;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --stream} on a folder of files on local Spark: one release per event-time window, each equal bit for bit to
 * the release of all that window's records under the same seed and constants; restarts that publish nothing twice;
 * late records dropped as documented; constants that are not public refused before anything is read.
 */
@ExtendWith(SharedSparkSession.class)
class StreamJobTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** 2026-01-01T00:00:00Z, seconds. */
  private static final long T0 = 1_767_225_600L;
  private static final int WINDOWS = 6;
  private static final int FILES = 8;
  private static final double[][] MEANS = {{-4, -4}, {4, -3}, {0, 5}};

  /** One record of the generated stream: its file, its line, its event time and its point. */
  record Line(int file, int line, double seconds, String user, double[] x) {}

  /**
   * Records over six hours of event time, spread over eight files whose time ranges follow each other (a file
   * holds records of one or two windows, in shuffled order); written with a header, their modification times in
   * name order so the stream reads them in that order.
   */
  static List<Line> writeStream(Path folder, long seed) throws IOException {
    return writeStream(folder, seed, false);
  }

  /** The same, with a first column {@code key} holding each line's sampling key as the job draws it. */
  static List<Line> writeStream(Path folder, long seed, boolean withKey) throws IOException {
    return writeStream(folder, seed, withKey, 0);
  }

  /** The same, with a last column {@code user} naming one of {@code users} users (none when 0). */
  static List<Line> writeStream(Path folder, long seed, boolean withKey, int users) throws IOException {
    Files.createDirectories(folder);
    Random random = new Random(seed);
    List<Line> lines = new ArrayList<>();
    double span = WINDOWS * 3600.0;
    for (int f = 0; f < FILES; f++) {
      List<String> text = new ArrayList<>();
      text.add((withKey ? "key,t,x,y,label" : "t,x,y,label") + (users > 0 ? ",user" : ""));
      List<double[]> rows = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        double seconds = T0 + span * (f + random.nextDouble()) / FILES;
        int c = random.nextInt(MEANS.length);
        rows.add(new double[] {seconds, MEANS[c][0] + random.nextGaussian(), MEANS[c][1] + random.nextGaussian(), c});
      }
      for (double[] row : rows) {
        double seconds = Math.floor(row[0] * 1000) / 1000;
        String x = String.format(Locale.ROOT, "%.6f", row[1]);
        String y = String.format(Locale.ROOT, "%.6f", row[2]);
        String key = withKey ? SamplingKeys.fileLine(f, text.size() + 1) + "," : "";
        String user = users > 0 ? "u" + random.nextInt(users) : null;
        text.add(String.format(Locale.ROOT, "%s%.3f,%s,%s,%d", key, seconds, x, y, (int) row[3])
            + (user == null ? "" : "," + user));
        lines.add(new Line(f, text.size(), seconds, user, new double[] {Double.parseDouble(x),
            Double.parseDouble(y)}));
      }
      Path file = folder.resolve(String.format(Locale.ROOT, "part-%02d.csv", f));
      Files.write(file, text);
      Files.setLastModifiedTime(file, FileTime.fromMillis(1_700_000_000_000L + f * 10_000L));
    }
    return lines;
  }

  static List<String> streamArgs(Path input, Path checkpoint, Path output, String... extra) {
    List<String> args = new ArrayList<>(List.of("--stream", "--input", input.toString(), "--header", "--event-time",
        "t", "--drop", "label", "--dimension", "2", "--k", "3", "--epsilon", "1", "--clip-radius", "12",
        "--center", "0,0", "--norm-bound", "10", "--sampler", "unif", "--sample-size", "50%", "--iterations", "5",
        "--init", "sphere-packing", "--budget-summary", "0", "--window", "1h", "--watermark", "0s", "--trigger",
        "available-now", "--option", "maxFilesPerTrigger=2", "--checkpoint", checkpoint.toString(), "--output",
        output.toString(), "--seed", "20261129"));
    args.addAll(List.of(extra));
    return args;
  }

  private static KMeansSettings settingsOf(List<String> args) {
    PaisJob job = new PaisJob();
    CommandLine cli = PaisJob.commandLine(job);
    cli.setDefaultValueProvider(new ConfDefaults(null));
    cli.parseArgs(args.toArray(String[]::new));
    return job.flags.settings();
  }

  private static List<Path> windows(Path output) throws IOException {
    if (!Files.exists(output)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(output)) {
      return list.filter(p -> p.getFileName().toString().startsWith("window=")).sorted().toList();
    }
  }

  @Test
  void fiveWindowsEachEqualBitForBitToTheReleaseOfAllItsRecords(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = tmp.resolve("landing");
    List<Line> lines = writeStream(input, 1);
    List<String> args = streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases"));
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err() + o.out());
    List<Path> published = windows(tmp.resolve("releases"));
    // the sixth hour's records close the fifth window; the sixth stays open (no record passed its end)
    assertEquals(5, published.size(), published.toString());
    KMeansSettings settings = settingsOf(args);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    for (int w = 0; w < 5; w++) {
      Path dir = published.get(w);
      long start = (T0 + 3600L * w) * 1000;
      JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
      assertEquals(java.time.Instant.ofEpochMilli(start).toString(), run.at("/stream/windowStart").asText());
      List<KeyedPoint> records = new ArrayList<>();
      for (Line line : lines) {
        if (Math.floorDiv((long) Math.floor(line.seconds() * 1000), 3_600_000L) * 3_600_000L == start) {
          records.add(new KeyedPoint(SamplingKeys.fileLine(line.file(), line.line()), line.x()));
        }
      }
      records.sort(java.util.Comparator.comparingLong(KeyedPoint::key));
      ClusteringResult batch = PrivateKMeansRelease.fit(settings, new Points(jsc.parallelize(records, 1), 2,
          "window " + w, true), message -> { }, StageListener.NONE, false);
      JsonNode centres = JSON.readTree(dir.resolve("centers.json").toFile()).get("centers");
      for (int j = 0; j < 3; j++) {
        double[] streamed = new double[2];
        for (int t = 0; t < 2; t++) {
          streamed[t] = centres.get(j).get(t).asDouble();
        }
        assertArrayEquals(batch.centres()[j], streamed, 0.0, "window " + w + " centre " + j);
      }
      assertEquals(PrivacyReportJson.toJson(batch.report()), JSON.readTree(dir.resolve("privacy-report.json")
          .toFile()), "window " + w);
    }
    assertTrue(o.out().contains("published to"), o.out());

    // a restart reads nothing new and publishes nothing again
    JobRunner.Outcome again = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, again.exit(), again.err());
    assertEquals(published, windows(tmp.resolve("releases")));
    assertTrue(again.out().contains("0 windows published"), again.out());
  }

  @Test
  void lateRecordsAreDroppedAndTheNextWindowClosesOnTime(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = tmp.resolve("landing");
    writeStream(input, 2);
    List<String> args = streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases"));
    assertEquals(0, JobRunner.run(spark, args.toArray(String[]::new)).exit());
    List<Path> before = windows(tmp.resolve("releases"));
    String first = Files.readString(before.get(1).resolve("centers.csv"));
    // a file with records of the second window (closed) and one past the sixth window's end
    Path late = input.resolve("part-90.csv");
    Files.write(late, List.of("t,x,y,label", (T0 + 3600 + 10) + ",1,1,0", (T0 + 3600 * 6 + 5) + ",2,2,1"));
    Files.setLastModifiedTime(late, FileTime.fromMillis(1_800_000_000_000L));
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err());
    List<Path> after = windows(tmp.resolve("releases"));
    assertEquals(6, after.size(), after.toString());
    assertEquals(first, Files.readString(after.get(1).resolve("centers.csv")), "a closed window is never redone");
    assertTrue(o.out().contains("1 window published"), o.out());

    // the constants are fixed when the stream starts: a restart with another epsilon is refused before it reads
    List<String> other = new ArrayList<>(args);
    other.set(other.indexOf("--epsilon") + 1, "2");
    JobRunner.Outcome refused = JobRunner.run(spark, other.toArray(String[]::new));
    assertEquals(1, refused.exit(), refused.out());
    assertTrue(refused.err().contains("belongs to a stream started with other constants (configuration)"),
        refused.err());
    assertEquals(after, windows(tmp.resolve("releases")));
  }

  @Test
  void constantsThatAreNotPublicAreRefusedBeforeAnythingIsRead(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = tmp.resolve("landing");
    writeStream(input, 3);
    List<String> args = new ArrayList<>(streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases")));
    int centre = args.indexOf("--center");
    args.remove(centre + 1);
    args.remove(centre);
    int iterations = args.indexOf("--iterations");
    args.set(iterations + 1, "auto");
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(1, o.exit(), o.out());
    assertTrue(o.err().contains("--center") && o.err().contains("--iterations as a number"), o.err());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertFalse(Files.exists(tmp.resolve("checkpoint")));
    assertFalse(Files.exists(tmp.resolve("releases")));
  }

  @Test
  void theEstimatorsFitStreamPublishesTheJobsReleases(SparkSession spark, @TempDir Path tmp) throws Exception {
    Path input = tmp.resolve("landing");
    writeStream(input, 7, true);
    List<String> args = new ArrayList<>(streamArgs(input, tmp.resolve("job-checkpoint"), tmp.resolve("job")));
    args.set(args.indexOf("label"), "label,key");
    assertEquals(0, JobRunner.run(spark, args.toArray(String[]::new)).exit());

    org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType().add("key", "long")
        .add("t", "double").add("x", "double").add("y", "double").add("label", "int");
    org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> rows = spark.readStream().schema(schema)
        .option("header", "true").option("maxFilesPerTrigger", "2").csv(input.toString());
    org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> points = new org.apache.spark.ml.feature.VectorAssembler()
        .setInputCols(new String[] {"x", "y"}).setOutputCol("features").transform(rows);
    io.pais.ml.PrivateKMeans kmeans = new io.pais.ml.PrivateKMeans().setK(3).setMaxIter(5).setEpsilon(1)
        .setClipRadius(12).setCenter(new double[] {0, 0}).setNormBound(10).setSampler("unif").setSampleSize(0.5)
        .setInitMode("sphere-packing").setBudgetSummary(0).setDimension(2).setSeed(20261129L);
    org.apache.spark.sql.streaming.StreamingQuery query = kmeans.fitStream(points, io.pais.stream.StreamOptions
        .of(tmp.resolve("checkpoint").toString(), tmp.resolve("releases").toString()).withEventTimeCol("t")
        .withWindow("1h", "0s").withTrigger("available-now"));
    query.awaitTermination();
    List<Path> streamed = windows(tmp.resolve("releases"));
    List<Path> job = windows(tmp.resolve("job"));
    assertEquals(5, streamed.size(), streamed.toString());
    for (int w = 0; w < 5; w++) {
      assertEquals(job.get(w).getFileName(), streamed.get(w).getFileName());
      assertEquals(Files.readString(job.get(w).resolve("centers.csv")), Files.readString(streamed.get(w)
          .resolve("centers.csv")), "window " + w);
    }
  }

  @Test
  void aBoundOnRecordsPerUserKeepsTheFirstOfEachUserAndChargesTheLedgerForThem(SparkSession spark,
      @TempDir Path tmp) throws IOException {
    Path input = tmp.resolve("landing");
    List<Line> lines = writeStream(input, 8, false, 40);
    String ledger = tmp.resolve("ledger").toString();
    io.pais.budget.BudgetLedger.create(ledger, 100, 0, new org.apache.hadoop.conf.Configuration());
    List<String> args = streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases"), "--user-column",
        "user", "--records-per-user", "3", "--budget-ledger", ledger);
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertEquals(0, o.exit(), o.err() + o.out());
    List<Path> published = windows(tmp.resolve("releases"));
    assertEquals(5, published.size());
    KMeansSettings settings = settingsOf(args);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    for (int w = 0; w < 5; w++) {
      long start = (T0 + 3600L * w) * 1000;
      // each user's first three records of the window, in the order they arrived (the keys' order)
      java.util.Map<String, Integer> taken = new java.util.HashMap<>();
      List<KeyedPoint> records = new ArrayList<>();
      int all = 0;
      for (Line line : lines) {
        if (Math.floorDiv((long) Math.floor(line.seconds() * 1000), 3_600_000L) * 3_600_000L == start) {
          all++;
          if (taken.merge(line.user(), 1, Integer::sum) <= 3) {
            records.add(new KeyedPoint(SamplingKeys.fileLine(line.file(), line.line()), line.x()));
          }
        }
      }
      assertTrue(records.size() < all, "the bound must drop records for the test to mean anything");
      records.sort(java.util.Comparator.comparingLong(KeyedPoint::key));
      ClusteringResult batch = PrivateKMeansRelease.fit(settings, new Points(jsc.parallelize(records, 1), 2,
          "window " + w, true), message -> { }, StageListener.NONE, false);
      JsonNode centres = JSON.readTree(published.get(w).resolve("centers.json").toFile()).get("centers");
      for (int j = 0; j < 3; j++) {
        assertEquals(batch.centres()[j][0], centres.get(j).get(0).asDouble(), 0.0, "window " + w);
        assertEquals(batch.centres()[j][1], centres.get(j).get(1).asDouble(), 0.0, "window " + w);
      }
      JsonNode run = JSON.readTree(published.get(w).resolve("run.json").toFile());
      assertTrue(run.at("/stream/privacyModel").asText().startsWith("user level in a window: at most 3 records"),
          run.at("/stream/privacyModel").asText());
    }
    io.pais.budget.BudgetStatus status = io.pais.budget.BudgetLedger.open(ledger,
        new org.apache.hadoop.conf.Configuration()).read();
    assertEquals(5, status.claims().size());
    assertEquals(15.0, status.spentEpsilon(), 0.0, "each window charged 3 x epsilon");
    assertTrue(o.out().contains("claim 1 on the budget ledger"), o.out());
  }

  @Test
  void aWindowWithNoRecordsIsReleasedAsEveryOtherSoItsPublicationRevealsNothing(SparkSession spark,
      @TempDir Path tmp) throws IOException {
    Path input = tmp.resolve("landing");
    Files.createDirectories(input);
    Random random = new Random(9);
    for (int hour : new int[] {0, 2, 3}) {
      List<String> text = new ArrayList<>(List.of("t,x,y,label"));
      for (int i = 0; i < (hour == 3 ? 1 : 300); i++) {
        text.add(String.format(Locale.ROOT, "%d,%.4f,%.4f,0", T0 + hour * 3600 + random.nextInt(3600),
            random.nextGaussian(), random.nextGaussian()));
      }
      Path file = input.resolve("part-" + hour + ".csv");
      Files.write(file, text);
      Files.setLastModifiedTime(file, FileTime.fromMillis(1_700_000_000_000L + hour * 10_000L));
    }
    JobRunner.Outcome o = JobRunner.run(spark, streamArgs(input, tmp.resolve("checkpoint"), tmp.resolve("releases"))
        .toArray(String[]::new));
    assertEquals(0, o.exit(), o.err() + o.out());
    List<Path> published = windows(tmp.resolve("releases"));
    assertEquals(3, published.size(), published.toString());
    Path empty = published.get(1);
    assertTrue(empty.getFileName().toString().startsWith("window=20260101T010000Z"), empty.toString());
    JsonNode report = JSON.readTree(empty.resolve("privacy-report.json").toFile());
    JsonNode other = JSON.readTree(published.get(0).resolve("privacy-report.json").toFile());
    assertEquals(other.get("epsilon"), report.get("epsilon"));
    assertEquals(3, JSON.readTree(empty.resolve("centers.json").toFile()).get("centers").size());
  }
}
