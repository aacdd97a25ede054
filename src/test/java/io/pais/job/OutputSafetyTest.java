package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job never deletes or replaces what it did not write: an output on, above or inside an input is refused
 * before any work (every byte of the input survives), and --overwrite replaces only an earlier release.
 */
@ExtendWith(SharedSparkSession.class)
class OutputSafetyTest {

  private static Path smallCsv(Path dir) throws IOException {
    Files.createDirectories(dir);
    Random random = new Random(3);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      lines.add(random.nextGaussian() + "," + random.nextGaussian());
    }
    return Files.write(dir.resolve("points.csv"), lines);
  }

  private static JobRunner.Outcome run(SparkSession spark, String input, Path output, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", input, "--k", "2", "--iterations", "2", "--sampler", "full",
        "--clip-radius", "5", "--dimension", "2",
        "--seed", "1", "--output", output.toString()));
    args.addAll(List.of(extra));
    return JobRunner.run(spark, args.toArray(String[]::new));
  }

  private static void assertRefused(JobRunner.Outcome o, String expected) {
    assertEquals(1, o.exit(), o.out() + o.err());
    assertTrue(o.err().startsWith("pais: ") && o.err().contains(expected), o.err());
    assertEquals(1, o.err().strip().lines().count(), "one line: " + o.err());
  }

  private static byte[] bytes(Path p) throws IOException {
    return Files.readAllBytes(p);
  }

  @Test
  void outputOnTheInputFileItsDirectoryOrAnAncestorIsRefusedAndTheInputSurvives(SparkSession spark,
      @TempDir Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    Path input = smallCsv(data);
    Path sibling = Files.writeString(tmp.resolve("unrelated.txt"), "keep me");
    byte[] before = bytes(input);

    assertRefused(run(spark, input.toString(), input, "--overwrite"), "is the input");
    assertRefused(run(spark, input.toString(), data, "--overwrite"), "contains the input");
    assertRefused(run(spark, input.toString(), tmp, "--overwrite"), "contains the input");
    assertRefused(run(spark, data.toString(), data.resolve("release"), "--overwrite"), "lies inside the input");
    assertRefused(run(spark, data + "/*.csv", data, "--overwrite"), "contains the input");
    assertRefused(run(spark, "file://" + input, data, "--overwrite"), "contains the input");

    assertArrayEquals(before, bytes(input));
    assertEquals("keep me", Files.readString(sibling));
    assertFalse(Files.exists(data.resolve("release")));
  }

  @Test
  void symbolicLinksAreResolvedBeforeComparing(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path data = tmp.resolve("data");
    Path input = smallCsv(data);
    Path link = Files.createSymbolicLink(tmp.resolve("link-to-data"), data);
    byte[] before = bytes(input);
    assertRefused(run(spark, input.toString(), link, "--overwrite"), "contains the input");
    assertRefused(run(spark, link.resolve("points.csv").toString(), data, "--overwrite"), "contains the input");
    assertRefused(run(spark, input.toString(), link.resolve("points.csv"), "--overwrite"), "is the input");
    assertArrayEquals(before, bytes(input));
  }

  @Test
  void aForeignDirectoryOrARegularFileIsNeverReplaced(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = smallCsv(tmp.resolve("data"));
    Path foreign = Files.createDirectories(tmp.resolve("photos"));
    Path photo = Files.writeString(foreign.resolve("holiday.jpg"), "not a release");
    Path file = Files.writeString(tmp.resolve("notes.txt"), "my notes");

    assertRefused(run(spark, input.toString(), foreign, "--overwrite"), "did not write");
    assertRefused(run(spark, input.toString(), file, "--overwrite"), "is a file");
    assertRefused(run(spark, input.toString(), foreign), "exists");
    assertEquals("not a release", Files.readString(photo));
    assertEquals("my notes", Files.readString(file));
  }

  @Test
  void anEarlierReleaseIsReplacedWholeWithNoChecksumOrTemporaryFilesLeft(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path input = smallCsv(tmp.resolve("data"));
    Path output = tmp.resolve("release");
    assertEquals(0, run(spark, input.toString(), output).exit());
    JobRunner.Outcome again = run(spark, input.toString(), output, "--overwrite");
    assertEquals(0, again.exit(), again.err());
    try (Stream<Path> files = Files.list(output)) {
      assertEquals(List.of("centers.csv", "centers.json", "privacy-report.json", "run.json"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
    try (Stream<Path> files = Files.list(tmp)) {
      assertEquals(List.of("data", "release"), files.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }
}
