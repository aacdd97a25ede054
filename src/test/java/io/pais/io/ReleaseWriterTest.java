package io.pais.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.Relation;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer cannot be fooled (issue 26, items 1, 2 and 5): of two runs racing on one output exactly one publishes
 * and the other fails with one line and leaves nothing; a disk that fails mid-write leaves nothing; the output's
 * problems are found before any work.
 */
class ReleaseWriterTest {
  private static final Configuration CONF = new Configuration();

  private static PrivacyReport report() {
    return PrivacyReport.builder().epsilon(1, "test").delta(0, Relation.ADD_REMOVE).sampler(Sampler.FULL)
        .geometry(Geometry.L2).iterations(1).k(1).dimension(1).expectedSampleSize(1).noise(1, 1, 1, "test")
        .ledger("strict", io.pais.accounting.PrivacyLedger.pure(1)).build();
  }

  private static ObjectNode run(String who) {
    ObjectNode run = ReleaseWriter.newObject();
    run.put("who", who);
    return run;
  }

  private static ReleaseWriter writer(Path output, boolean overwrite) {
    return new ReleaseWriter(output.toString(), List.of(), CONF, overwrite);
  }

  private static List<String> siblings(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void ofTwoRacingWritersExactlyOnePublishesAndTheOtherLeavesNothing(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    ReleaseWriter first = writer(output, false);
    ReleaseWriter second = writer(output, false);
    first.prepare();
    second.prepare();
    // the first run's publish is delayed until the second has published whole
    first.beforePublish = () -> second.write(new double[][] {{2}}, report(), run("second"));
    InputException lost = assertThrows(InputException.class,
        () -> first.write(new double[][] {{1}}, report(), run("first")));
    assertTrue(lost.getMessage().contains("another release appeared there"), lost.getMessage());
    assertEquals(List.of("out"), siblings(tmp), "no temporary directory left, no release nested in another");
    assertEquals(List.of("centers.csv", "centers.json", "privacy-report.json", "run.json"), siblings(output));
    assertTrue(Files.readString(output.resolve("run.json")).contains("second"), "the winner's release, whole");
  }

  @Test
  void aRaceOverAnEarlierReleaseLeavesTheWinnersReleaseAndNothingElse(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    writer(output, false).write(new double[][] {{0}}, report(), run("earlier"));
    ReleaseWriter first = writer(output, true);
    ReleaseWriter second = writer(output, true);
    first.prepare();
    second.prepare();
    first.beforePublish = () -> second.write(new double[][] {{2}}, report(), run("second"));
    assertThrows(InputException.class, () -> first.write(new double[][] {{1}}, report(), run("first")));
    assertEquals(List.of("out"), siblings(tmp));
    assertTrue(Files.readString(output.resolve("run.json")).contains("second"));

    // a publish that fails for another reason puts the earlier release back
    ReleaseWriter failing = writer(output, true);
    failing.prepare();
    failing.beforePublish = () -> {
      throw new IllegalStateException("injected");
    };
    assertThrows(IllegalStateException.class, () -> failing.write(new double[][] {{3}}, report(), run("third")));
    assertEquals(List.of("out"), siblings(tmp));
    assertTrue(Files.readString(output.resolve("run.json")).contains("second"), "the earlier release is back");
  }

  @Test
  void aFullDiskLeavesNothingBehind(@TempDir Path tmp) throws IOException {
    Configuration conf = new Configuration();
    conf.set("fs.fulldisk.impl", org.apache.hadoop.fs.FullDiskFileSystem.class.getName());
    conf.setBoolean("fs.fulldisk.impl.disable.cache", true);
    ReleaseWriter writer = new ReleaseWriter("fulldisk://" + tmp.resolve("out"), List.of(), conf, false);
    writer.prepare();
    assertEquals(1, siblings(tmp).size(), "the pre-flight created the temporary directory");
    assertThrows(FSError.class, () -> writer.write(new double[][] {{1}}, report(), run("x")));
    assertEquals(List.of(), siblings(tmp), "the temporary directory is removed, whatever was thrown");
  }

  @Test
  void outputProblemsAreFoundBeforeAnyWork(@TempDir Path tmp) throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    InputException parentIsFile = assertThrows(InputException.class, () -> writer(file.resolve("out"), false)
        .prepare());
    assertTrue(parentIsFile.getMessage().contains("is a file"), parentIsFile.getMessage());
    InputException colon = assertThrows(InputException.class, () -> writer(tmp.resolve("a:b"), false));
    assertTrue(colon.getMessage().contains("':'"), colon.getMessage());
    assertTrue(writer(tmp.resolve("fine"), false) != null);
    new ReleaseWriter("file://" + tmp.resolve("uri-form"), List.of(), CONF, false).prepare();
    InputException glob = assertThrows(InputException.class, () -> writer(tmp.resolve("out*"), false));
    assertTrue(glob.getMessage().contains("glob"), glob.getMessage());

    // an output a glob of the inputs would read as data next time
    Path data = Files.createDirectories(tmp.resolve("data"));
    Files.writeString(data.resolve("x.csv"), "1,2\n");
    InputException globbed = assertThrows(InputException.class, () -> new ReleaseWriter(
        data.resolve("out").toString(), List.of(data + "/*"), CONF, false).prepare());
    assertTrue(globbed.getMessage().contains("would read it"), globbed.getMessage());
    new ReleaseWriter(tmp.resolve("elsewhere").toString(), List.of(data + "/*"), CONF, false).prepare();
  }

  @Test
  void overwriteReplacesOnlyADirectoryHoldingNothingButARelease(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    writer(output, false).write(new double[][] {{0}}, report(), run("earlier"));
    Files.writeString(output.resolve("notes.txt"), "mine");
    InputException extra = assertThrows(InputException.class, () -> writer(output, true).prepare());
    assertTrue(extra.getMessage().contains("holds more than an earlier release"), extra.getMessage());
    assertFalse(extra.getMessage().contains("notes.txt"), "names no file of the user's");
    assertEquals("mine", Files.readString(output.resolve("notes.txt")));
    Files.delete(output.resolve("notes.txt"));
    writer(output, true).write(new double[][] {{1}}, report(), run("again"));
    assertTrue(Files.readString(output.resolve("run.json")).contains("again"));
  }

  @Test
  void aRunThatPublishesNothingRemovesTheFoldersItCreated(@TempDir Path tmp) throws IOException {
    Files.createDirectories(tmp.resolve("out"));
    Files.writeString(tmp.resolve("out/mine.txt"), "the user's");
    ReleaseWriter failed = writer(tmp.resolve("out/deep/er/release"), false);
    failed.prepare();
    assertTrue(Files.isDirectory(tmp.resolve("out/deep/er")), "the pre-flight made the parents");
    failed.close(); // as after a failure
    assertEquals(List.of("mine.txt"), siblings(tmp.resolve("out")), "the parents it made are gone, nothing else");
  }

  @Test
  void aKilledRunsTemporaryDirectoryIsReportedByTheNext(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    ReleaseWriter killed = writer(output, false);
    killed.prepare(); // and never closed: as a kill -9 leaves it
    ReleaseWriter next = writer(output, false);
    next.prepare();
    assertEquals(1, next.leftovers().size());
    assertTrue(next.leftovers().get(0).getName().startsWith(".out.pais-tmp-"));
    next.close();
  }
}
