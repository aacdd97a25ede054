package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.privacy.Seed;
import io.pais.sampling.KeyedCoins;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A strict release directory holds only public inputs and DP outputs (issue 25, item 2): no timing, no exact n,
 * no realised sample size, in any file; and a seeded release says what its seed is worth (item 4).
 */
@ExtendWith(SharedSparkSession.class)
class ReleaseContentsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int N = 1237;
  private static final double FRACTION = 0.3;
  /**
   * The release's n̂ is a DP estimate of N whose deviation here is about 19, so about one seed in 50 rounds it to N
   * itself; this scan cannot tell such a coincidence from a leak, so the seed is one whose n̂ is not N ("5eed" × 16
   * is: its n̂ came out 1237 once n̂ combined the DP centre's count).
   */
  private static final String SEED = "0x" + "5eed".repeat(15) + "5eee";
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

  private static Path input(Path dir) throws IOException {
    Random random = new Random(4);
    List<String> lines = new ArrayList<>(List.of("a,b,c"));
    for (int i = 0; i < N; i++) {
      lines.add(String.format(Locale.ROOT, "%.5f,%.5f,%.5f", (i % 4) * 3 + random.nextGaussian(),
          random.nextGaussian(), (i % 4) * -2 + random.nextGaussian()));
    }
    return Files.write(dir.resolve("points.csv"), lines);
  }

  private static JobRunner.Outcome release(SparkSession spark, Path input, Path output, String seed) {
    return JobRunner.run(spark, "--input", input.toString(), "--header", "--k", "4", "--epsilon", "3",
        "--clip-radius", "30", "--sampler", "unif", "--sample-size", "30%", "--init", "random-ball", "--seed", seed,
        "--output", output.toString());
  }

  /** Every number written in {@code text}, as exact decimals. */
  private static Set<BigDecimal> numbers(String text) {
    Set<BigDecimal> out = new HashSet<>();
    Matcher m = NUMBER.matcher(text);
    while (m.find()) {
      out.add(new BigDecimal(m.group()).stripTrailingZeros());
    }
    return out;
  }

  /** The number of points the unif sampler keeps: the same keyed coins as the job, read back here. */
  private static long realisedSampleSize(SparkSession spark, Path input) {
    Points points = PointReader.read(spark, new InputSpec(List.of(input.toString()), InputFormat.CSV, true, 0, ",",
        List.of(), List.of(), "", 0));
    KeyedCoins coins = KeyedCoins.seeded(Seed.parse(SEED));
    return points.rdd().filter(p -> coins.uniform(p.key()) < FRACTION).count();
  }

  @Test
  void aStrictReleaseDirectoryHoldsNoTimingNoExactCountAndNoSampleSize(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = input(tmp);
    Path output = tmp.resolve("release");
    JobRunner.Outcome o = release(spark, input, output, SEED);
    assertEquals(0, o.exit(), o.err());

    long realised = realisedSampleSize(spark, input);
    assertTrue(realised > 250 && realised < 500, "the sample this test scans for: " + realised);
    Set<BigDecimal> secret = new HashSet<>(List.of(BigDecimal.valueOf(N), BigDecimal.valueOf(realised)));
    // the console keeps the operator's timings; none of them may reach the release
    for (String line : o.out().lines().filter(l -> l.strip().startsWith("time")).toList()) {
      Matcher m = Pattern.compile("(\\d+\\.\\d+) s$").matcher(line.strip());
      assertTrue(m.find(), line);
      BigDecimal seconds = new BigDecimal(m.group(1)).stripTrailingZeros();
      if (seconds.compareTo(BigDecimal.ONE) >= 0) { // shorter ones may equal a public share like 0.05
        secret.add(seconds);
      }
    }
    try (Stream<Path> files = Files.walk(output)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(file);
        assertFalse(text.contains("stageSeconds") || text.toLowerCase(Locale.ROOT).contains("seconds"),
            file + " holds timings");
        Set<BigDecimal> written = numbers(text);
        for (BigDecimal s : secret) {
          assertFalse(written.contains(s), file.getFileName() + " holds the data-derived number " + s);
        }
      }
    }
    for (BigDecimal s : List.of(BigDecimal.valueOf(N), BigDecimal.valueOf(realised))) {
      assertFalse(numbers(o.out()).contains(s), "the console shows an exact count " + s);
    }
  }

  @Test
  void aSeededReleaseIsReproducibleAndSaysWhatItsSeedIsWorth(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = input(tmp);
    JobRunner.Outcome a = release(spark, input, tmp.resolve("a"), SEED);
    JobRunner.Outcome b = release(spark, input, tmp.resolve("b"), SEED);
    assertEquals(0, a.exit(), a.err());
    assertEquals(0, b.exit(), b.err());
    for (String name : List.of("centers.csv", "privacy-report.json")) {
      assertArrayEquals(Files.readAllBytes(tmp.resolve("a").resolve(name)),
          Files.readAllBytes(tmp.resolve("b").resolve(name)), name);
    }
    JsonNode report = JSON.readTree(tmp.resolve("a/privacy-report.json").toFile());
    assertEquals(256, report.get("seedBits").asInt());
    assertTrue(report.get("seededNote").asText().contains("at least 128 bits"), report.toString());
    assertTrue(a.out().contains("a 256-bit seed: private only while the seed stays secret"), a.out());
    assertFalse(Files.readString(tmp.resolve("a/run.json")).contains("5eed"), "the seed is never written");

    JobRunner.Outcome small = release(spark, input, tmp.resolve("c"), "7");
    assertEquals(0, small.exit(), small.err());
    assertTrue(small.out().contains("a 64-bit seed: reproducible run, not a private release"), small.out());
    JsonNode smallReport = JSON.readTree(tmp.resolve("c/privacy-report.json").toFile());
    assertTrue(smallReport.get("seededNote").asText().contains("too short"), smallReport.toString());
    assertFalse(Files.readString(tmp.resolve("c/centers.csv")).equals(Files.readString(tmp.resolve("a/centers.csv"))));

    JobRunner.Outcome bad = release(spark, input, tmp.resolve("d"), "0xnot-hex");
    assertTrue(bad.exit() != 0, bad.out());
    assertEquals(1, bad.err().strip().lines().count(), "one line: " + bad.err());
    assertTrue(bad.err().startsWith("pais: seed in hex"), bad.err());
    assertFalse(bad.err().contains("not-hex"), "the seed is never echoed");
  }

  @Test
  void theGuaranteeIsStatedForNonEmptyDataSetsAndAnEmptyInputReleasesNothing(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = input(tmp);
    Path output = tmp.resolve("release");
    assertEquals(0, release(spark, input, output, SEED).exit());
    String domain = JSON.readTree(output.resolve("privacy-report.json").toFile()).get("domain").asText();
    assertTrue(domain.startsWith("non-empty data sets of well-formed records of dimension 3"), domain);

    Path empty = Files.write(tmp.resolve("empty.csv"), List.of("a,b,c"));
    JobRunner.Outcome o = release(spark, empty, tmp.resolve("none"), SEED);
    assertEquals(1, o.exit(), o.out());
    assertTrue(o.err().startsWith("pais: no rows in input"), o.err());
    assertFalse(Files.exists(tmp.resolve("none")), "no release");
  }
}
