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
  void aSecondRunOnAnOutputBeingWrittenIsRefusedAtPreFlight(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    ReleaseWriter first = writer(output, false);
    first.prepare();
    assertTrue(Files.isDirectory(output), "the pre-flight reserved the output, empty");
    InputException busy = assertThrows(InputException.class, () -> writer(output, false).prepare());
    assertTrue(busy.getMessage().contains("being written by another run"), busy.getMessage());
    InputException busyToo = assertThrows(InputException.class, () -> writer(output, true).prepare(),
        "--overwrite does not replace a reservation either");
    assertTrue(busyToo.getMessage().contains("being written by another run"), busyToo.getMessage());
    first.write(new double[][] {{1}}, report(), run("first"));
    assertEquals(List.of("out"), siblings(tmp), "no temporary directory or lock left");
    assertEquals(List.of("centers.csv", "centers.json", "privacy-report.json", "run.json"), siblings(output));
  }

  /**
   * Issue 48, item 1: a directory that appears at the output while a release is written (another job's release, a
   * user's folder) is never moved aside or deleted — without --overwrite the run fails with one line, touching
   * nothing. The publish is paused between the pre-flight and the rename to make the race deterministic.
   */
  @Test
  void aDirectoryThatAppearsAtTheOutputWhileTheReleaseIsWrittenIsNeverTouched(@TempDir Path tmp)
      throws IOException {
    for (boolean intoTheReservation : new boolean[] {false, true}) {
      Path output = tmp.resolve("out-" + intoTheReservation);
      ReleaseWriter run = writer(output, false);
      run.prepare();
      run.beforePublish = () -> {
        try {
          if (!intoTheReservation) { // the reservation replaced by someone's own folder
            Files.delete(output);
            Files.createDirectories(output.resolve("theirs"));
          }
          Files.writeString(output.resolve("report.txt"), "someone else's");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      };
      InputException lost = assertThrows(InputException.class,
          () -> run.write(new double[][] {{1}}, report(), run("late")));
      assertTrue(lost.getMessage().contains("something appeared there") && lost.getMessage().contains(
          "nothing there was touched"), lost.getMessage());
      assertEquals(1, lost.getMessage().lines().count());
      assertEquals("someone else's", Files.readString(output.resolve("report.txt")), "not a byte of it lost");
      assertEquals(List.of("out-" + intoTheReservation), siblings(tmp).stream().filter(n -> n.contains(
          "out-" + intoTheReservation)).toList(), "no temporary directory, set-aside copy or lock left");
      assertFalse(Files.exists(output.resolve("run.json")), "nothing of this run was published");
    }
  }

  /** The other job's release appears while this one's is written: it stands, whole; this run fails. */
  @Test
  void anotherJobsReleaseThatAppearsMeanwhileStandsWhole(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    ReleaseWriter first = writer(output, false);
    first.prepare();
    first.beforePublish = () -> {
      try { // another job (unaware of the reservation) removes the empty folder and publishes its release there
        Files.delete(output);
        writer(output, false).write(new double[][] {{2}}, report(), run("other"));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
    assertThrows(InputException.class, () -> first.write(new double[][] {{1}}, report(), run("first")));
    assertTrue(Files.readString(output.resolve("run.json")).contains("other"), "the other release, whole");
    assertEquals(List.of("out"), siblings(tmp));
  }

  /** N runs racing for one output, each from its own thread: at most one publishes, nothing else is lost. */
  @Test
  void ofManyRunsRacingForOneOutputAtMostOnePublishesAndNothingIsLost(@TempDir Path tmp) throws Exception {
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
    try {
      for (int round = 0; round < 20; round++) {
        Path output = tmp.resolve("out-" + round);
        boolean withEarlier = round % 2 == 1;
        if (withEarlier) {
          writer(output, false).write(new double[][] {{0}}, report(), run("earlier"));
        }
        // every run passes (or fails) its pre-flight before any publishes: they race, none comes after another
        java.util.concurrent.CyclicBarrier prepared = new java.util.concurrent.CyclicBarrier(6);
        List<java.util.concurrent.Future<Boolean>> runs = new java.util.ArrayList<>();
        for (int t = 0; t < 6; t++) {
          String who = "run-" + t;
          runs.add(pool.submit(() -> {
            ReleaseWriter run = writer(output, withEarlier);
            boolean ready;
            try {
              run.prepare();
              ready = true;
            } catch (InputException e) {
              assertEquals(1, e.getMessage().lines().count());
              ready = false;
            }
            prepared.await();
            if (!ready) {
              return false;
            }
            try {
              run.write(new double[][] {{1}}, report(), run(who));
              return true;
            } catch (InputException e) {
              assertEquals(1, e.getMessage().lines().count());
              return false;
            }
          }));
        }
        int published = 0;
        for (java.util.concurrent.Future<Boolean> r : runs) {
          published += r.get() ? 1 : 0;
        }
        assertTrue(published <= 1, "round " + round + ": " + published + " runs published");
        assertEquals(List.of("centers.csv", "centers.json", "privacy-report.json", "run.json"), siblings(output));
        assertEquals(List.of(output.getFileName().toString()), siblings(tmp).stream().filter(n -> n.contains(
            output.getFileName().toString() + ".") || n.equals(output.getFileName().toString())).toList(),
            "nothing but the output");
        if (published == 0) {
          assertTrue(Files.readString(output.resolve("run.json")).contains("earlier"), "the earlier release stays");
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anEarlierReleaseIsReplacedOnlyIfItIsTheOneCheckedAtPreFlight(@TempDir Path tmp) throws IOException {
    Path output = tmp.resolve("out");
    writer(output, false).write(new double[][] {{0}}, report(), run("earlier"));
    ReleaseWriter first = writer(output, true);
    ReleaseWriter second = writer(output, true);
    first.prepare();
    second.prepare();
    first.beforePublish = () -> second.write(new double[][] {{2}}, report(), run("second"));
    InputException changed = assertThrows(InputException.class,
        () -> first.write(new double[][] {{1}}, report(), run("first")));
    assertTrue(changed.getMessage().contains("changed or moved"), changed.getMessage());
    assertEquals(List.of("out"), siblings(tmp));
    assertTrue(Files.readString(output.resolve("run.json")).contains("second"), "the second run's release stands");

    // a file added to the earlier release after the pre-flight: it is not replaced, and the file stays
    ReleaseWriter third = writer(output, true);
    third.prepare();
    third.beforePublish = () -> {
      try {
        Files.writeString(output.resolve("notes.txt"), "mine");
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
    assertThrows(InputException.class, () -> third.write(new double[][] {{3}}, report(), run("third")));
    assertEquals("mine", Files.readString(output.resolve("notes.txt")));
    assertTrue(Files.readString(output.resolve("run.json")).contains("second"));
    Files.delete(output.resolve("notes.txt"));

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
    ReleaseWriter writer = new ReleaseWriter("fulldisk://" + tmp.resolve("out"), List.of(), conf, false, true);
    writer.prepare();
    assertEquals(3, siblings(tmp).size(), "the pre-flight made its lock, its temporary directory, the reservation");
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

  /**
   * Issue 48, item 7: what a run killed with kill -9 left (its lock, its temporary directory, the empty
   * reservation) is removed by the next run when the lock proves its owner gone — a process of this host that no
   * longer runs — and is otherwise left alone and named.
   */
  @Test
  void whatAKilledRunLeftIsRemovedOnlyWhenItsOwnerIsProvablyGone(@TempDir Path tmp) throws Exception {
    Path output = tmp.resolve("out");
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    RunOwner dead = new RunOwner(RunOwner.current().host(), gone.pid(), gone.info().startInstant()
        .map(java.time.Instant::toString).orElse("1970-01-01T00:00:00Z"));
    ReleaseWriter killed = writer(output, false);
    killed.owner = dead;
    killed.prepare(); // and never closed: as kill -9 leaves it
    Files.writeString(tmp.resolve(".out.notes"), "the user's"); // beside it, not pais's
    assertEquals(4, siblings(tmp).size());

    ReleaseWriter next = writer(output, false);
    next.prepare();
    assertEquals(1, next.notes().size(), next.notes().toString());
    assertTrue(next.notes().get(0).contains("is gone") && next.notes().get(0).contains(
        "removed its temporary directory"), next.notes().get(0));
    assertEquals(List.of(), next.leftovers());
    next.write(new double[][] {{1}}, report(), run("next"));
    assertEquals(List.of(".out.notes", "out"), siblings(tmp), "the user's file stays");

    // a run of another host (or one alive) is never proven gone: its files stay and are named
    Path other = tmp.resolve("other");
    ReleaseWriter elsewhere = writer(other, false);
    elsewhere.owner = new RunOwner("another-host", 1, "2026-01-01T00:00:00Z");
    elsewhere.prepare();
    InputException busy = assertThrows(InputException.class, () -> writer(other, false).prepare());
    assertTrue(busy.getMessage().contains("being written by another run"), busy.getMessage());
    ReleaseWriter alive = writer(tmp.resolve("third"), false);
    alive.prepare();
    assertEquals(List.of(), new AbandonedRuns(org.apache.hadoop.fs.FileSystem.getLocal(CONF).getRaw(), CONF,
        new org.apache.hadoop.fs.Path(tmp.resolve("third").toString())).remove(), "a live owner is not gone");
    alive.close();
    elsewhere.close();
  }

  @Test
  void anObjectStoreWithoutAtomicRenameIsRefusedUnlessTheUserAcceptsIt(@TempDir Path tmp) {
    Configuration conf = new Configuration();
    conf.set("fs.s3a.impl", ObjectStoreDouble.class.getName());
    conf.setBoolean("fs.s3a.impl.disable.cache", true);
    InputException refused = assertThrows(InputException.class, () -> new ReleaseWriter("s3a://bucket/out",
        List.of(), conf, false).prepare());
    assertTrue(refused.getMessage().contains("without an atomic create and rename")
        && refused.getMessage().contains("--allow-non-atomic-rename"), refused.getMessage());
    assertFalse(FileSystemSafety.isAtomic(new org.apache.hadoop.fs.Path("gs://b/x"), conf));
    assertFalse(FileSystemSafety.isAtomic(new org.apache.hadoop.fs.Path("abfs://c@a/x"), conf));
    assertTrue(FileSystemSafety.isAtomic(new org.apache.hadoop.fs.Path("hdfs://nn:8020/x"), conf));
    assertTrue(FileSystemSafety.isAtomic(new org.apache.hadoop.fs.Path(tmp.toString()), conf));
    Configuration foreignHdfs = new Configuration();
    foreignHdfs.set("fs.AbstractFileSystem.hdfs.impl", "com.example.OtherHdfs");
    assertFalse(FileSystemSafety.isAtomic(new org.apache.hadoop.fs.Path("hdfs://nn:8020/x"), foreignHdfs),
        "HDFS through another binding promises nothing");
  }
}
