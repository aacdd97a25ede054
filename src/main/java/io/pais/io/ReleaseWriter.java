package io.pais.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.PrivacyReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a release (centres, privacy report, run record) to any Hadoop path, all or nothing, and never deletes or
 * replaces anything it did not check at the moment of replacing it.
 *
 * <p>Before any work ({@link #prepare}) the output is checked ({@link OutputGuard}), its file system must create
 * and rename atomically ({@link FileSystemSafety}), and the run records who it is in a lock file beside the output
 * ({@code .NAME.pais-lock-ID}: host, pid, process start) and makes its hidden temporary directory
 * ({@code .NAME.pais-tmp-ID}). A new output is then reserved: created, empty, in one step that fails when anything
 * is there. At the end every file goes into the temporary directory, which is published by a rename onto that
 * reservation that fails unless it is still an empty directory — whatever appeared there meanwhile (another run's
 * release, a folder of the user's) stays untouched and this run fails with one line. An earlier release named by
 * overwrite is fingerprinted at pre-flight (its files' names and bytes); at publish it is moved aside, fingerprinted
 * again, and deleted file by file only once the new release is in place; anything else found there is put back.
 *
 * <p>Anything thrown — an {@link Error} such as a full disk's {@code FSError} included — removes the temporary
 * directory, the reservation (while empty) and the lock before it propagates. A run killed with {@code kill -9}
 * leaves them; the next run on that output removes them when it can prove their owner gone (the same host, no live
 * process with that pid and start), and otherwise names them.
 */
public final class ReleaseWriter implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** The flag that accepts a file system without atomic rename. */
  public static final String NON_ATOMIC_FLAG = "--allow-non-atomic-rename";

  private final Path output;
  private final List<String> inputs;
  private final Configuration conf;
  private final boolean overwrite;
  private final boolean allowNonAtomic;
  /** Runs just before the publishing rename (tests delay the publish with it to force a race). */
  Runnable beforePublish = () -> { };
  /** Who this run is, as its lock records it (tests stand in a process that is gone). */
  RunOwner owner = RunOwner.current();
  /** This run's id: its files beside the output end in it. */
  private final String id = UUID.randomUUID().toString();
  private FileSystem fs;
  private Path tmp;
  private Path lock;
  /** Whether this run created the output, empty, to hold the name. */
  private boolean reserved;
  /** The fingerprint of the earlier release to replace, or null when the output was new. */
  private String earlier;
  private boolean published;
  /** The output's missing ancestors the pre-flight created, deepest first: removed again when nothing is published. */
  private final List<Path> createdParents = new ArrayList<>();
  /** What the pre-flight cleaned up of runs proven gone, for the operator. */
  private final List<String> notes = new ArrayList<>();

  /**
   * @param output the release directory
   * @param inputs the input paths or globs the release is computed from: the output may not touch them
   * @param overwrite whether an earlier release (a directory holding only pais's release files) may be replaced
   * @param allowNonAtomic whether a file system without atomic rename is accepted (the run records it)
   */
  public ReleaseWriter(String output, List<String> inputs, Configuration conf, boolean overwrite,
      boolean allowNonAtomic) {
    this.output = OutputGuard.outputPath(output);
    this.inputs = List.copyOf(inputs);
    this.conf = conf;
    this.overwrite = overwrite;
    this.allowNonAtomic = allowNonAtomic;
  }

  /** A writer for a file system with atomic rename. */
  public ReleaseWriter(String output, List<String> inputs, Configuration conf, boolean overwrite) {
    this(output, inputs, conf, overwrite, false);
  }

  /**
   * Before any work: refuses an output that equals, contains or lies inside an input, exists and may not be
   * replaced, or sits on a file system without atomic rename; removes what runs proven gone left there; takes the
   * lock, makes the temporary directory, and reserves a new output or fingerprints the earlier release.
   */
  public void prepare() {
    FileSystemSafety.require(output, conf, allowNonAtomic, "output", NON_ATOMIC_FLAG);
    OutputGuard.checkPlacement(output, inputs, conf);
    try {
      fs = withoutChecksumFiles(output.getFileSystem(conf));
    } catch (IOException e) {
      throw new InputException("cannot open the file system of output " + output + " ("
          + e.getClass().getSimpleName() + ")");
    }
    Path parent = output.getParent();
    try {
      if (fs.exists(parent) && !fs.getFileStatus(parent).isDirectory()) {
        throw new InputException("cannot write output " + output + ": its parent " + parent + " is a file");
      }
    } catch (IOException e) {
      throw cannotCreate(e);
    }
    notes.addAll(new AbandonedRuns(fs, conf, output).remove());
    boolean exists = OutputGuard.checkReplaceable(output, conf, overwrite);
    tmp = OutputGuard.Sibling.TEMPORARY.of(output, id);
    lock = OutputGuard.Sibling.LOCK.of(output, id);
    try {
      for (Path p = parent; p != null && !fs.exists(p); p = p.getParent()) {
        createdParents.add(p);
      }
      if (!fs.mkdirs(parent)) {
        throw new IOException("mkdirs failed");
      }
      writeLock();
      if (!fs.mkdirs(tmp)) {
        throw new IOException("mkdirs failed");
      }
      if (exists) {
        earlier = OutputGuard.releaseDigest(fs, output);
        if (earlier == null) {
          throw new InputException("cannot write output " + output + ": the earlier release there changed while "
              + "this run checked it; nothing was replaced");
        }
      } else {
        reserved = DirectoryRename.createExclusively(fs, conf, output);
        if (!reserved) {
          throw new InputException("cannot write output " + output + ": something appeared there while this run "
              + "checked it (another run's release, or a folder); nothing there was touched");
        }
        writeLock();
      }
    } catch (IOException e) {
      close();
      throw cannotCreate(e);
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  private InputException cannotCreate(IOException e) {
    return new InputException("cannot write output " + output + ": cannot create a directory beside it ("
        + describe(e) + "); check that its parent is a writable directory");
  }

  /** The lock file: who this run is and whether it holds the output's name (rewritten once it does). */
  private void writeLock() throws IOException {
    ObjectNode record = owner.toJson();
    record.put("reserved", reserved);
    try (OutputStream out = fs.create(lock, true)) {
      out.write(JSON.writeValueAsBytes(record));
    }
  }

  /**
   * Writes every file into the temporary directory, then publishes it: onto the empty directory this run reserved,
   * or in place of the earlier release it fingerprinted (moved aside, fingerprinted again, deleted once the new one
   * is in place, put back on any failure).
   */
  public void write(double[][] centres, PrivacyReport report, ObjectNode run) {
    if (tmp == null) {
      prepare();
    }
    try {
      write(new Path(tmp, "centers.csv"), centresCsv(centres));
      write(new Path(tmp, "centers.json"), JSON.writeValueAsString(centresJson(centres)));
      write(new Path(tmp, "privacy-report.json"), JSON.writeValueAsString(PrivacyReportJson.toJson(report)));
      write(new Path(tmp, OutputGuard.RELEASE_MARKER), JSON.writeValueAsString(run));
      beforePublish.run();
      if (reserved) {
        if (!DirectoryRename.ontoEmptyDirectory(fs, conf, tmp, output)) {
          throw new InputException("cannot write output " + output + ": something appeared there while this "
              + "release was written (another run's release, or a folder); nothing of this run was published and "
              + "nothing there was touched");
        }
        published = true;
      } else {
        replaceEarlier();
      }
    } catch (IOException e) {
      throw new InputException("cannot write output " + output + ": " + describe(e));
    } finally {
      close();
    }
  }

  /** Replaces the release fingerprinted at pre-flight, and nothing else. */
  private void replaceEarlier() throws IOException {
    Path aside = OutputGuard.Sibling.SET_ASIDE.of(output, id);
    if (!earlier.equals(OutputGuard.releaseDigest(fs, output))
        || !DirectoryRename.withoutReplacing(fs, conf, output, aside)) {
      throw new InputException("cannot write output " + output + ": the earlier release there changed or moved "
          + "while this one was written; nothing of this run was published and nothing there was touched");
    }
    if (!earlier.equals(OutputGuard.releaseDigest(fs, aside))) { // what was moved is not what was checked
      throw new InputException("cannot write output " + output + ": the earlier release there changed while this "
          + "one was written; nothing of this run was published" + putBack(aside));
    }
    boolean placed;
    try {
      placed = DirectoryRename.withoutReplacing(fs, conf, tmp, output);
    } catch (IOException | RuntimeException | Error e) {
      putBack(aside);
      throw e;
    }
    if (!placed) {
      throw new InputException("cannot write output " + output + ": another release appeared there while this one "
          + "was written; nothing of this run was published" + putBack(aside));
    }
    published = true;
    deleteRelease(aside);
  }

  /** Moves a set-aside directory back to the output; when something took its place, it stays where it is (said). */
  private String putBack(Path aside) {
    try {
      if (DirectoryRename.withoutReplacing(fs, conf, aside, output)) {
        return "";
      }
    } catch (IOException | RuntimeException e) {
      // said below
    }
    return "; the earlier release is kept, whole, at " + aside;
  }

  /** Deletes a set-aside release: its release files one by one, then the directory only if that left it empty. */
  private void deleteRelease(Path dir) {
    try {
      for (String name : OutputGuard.RELEASE_FILES) {
        fs.delete(new Path(dir, name), false);
      }
      fs.delete(dir, false);
    } catch (IOException | RuntimeException e) {
      // the new release is out; what is left beside it is named by the next run
    }
  }

  /** What the pre-flight removed of runs proven gone (one line each), for the operator. */
  public List<String> notes() {
    return List.copyOf(notes);
  }

  /** Files of other runs beside the output: runs writing there now, or killed ones not proven gone. */
  public List<Path> leftovers() {
    List<Path> found = new ArrayList<>(OutputGuard.leftovers(output, conf));
    found.removeIf(p -> p.getName().endsWith(id));
    return found;
  }

  /**
   * Removes what this run made and did not publish — the temporary directory, the reservation while it is empty,
   * the parents it created while they are empty — and its lock (every failure path, and a run that ends early).
   */
  @Override
  public void close() {
    if (fs == null) {
      return;
    }
    if (lock != null) {
      deleteQuietly(lock);
      lock = null;
    }
    if (tmp != null && !published) {
      deleteQuietly(tmp);
      if (reserved) {
        removeIfEmptyDirectory(output);
        reserved = false;
      }
      for (Path parent : createdParents) { // only while empty: another run may have written beside us meanwhile
        if (!removeIfEmptyDirectory(parent)) {
          break;
        }
      }
    }
    createdParents.clear(); // once: a parent removed here may be another run's by the next call
    tmp = null;
  }

  private boolean removeIfEmptyDirectory(Path dir) {
    try {
      return fs.getFileStatus(dir).isDirectory() && fs.listStatus(dir).length == 0 && fs.delete(dir, false);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private void deleteQuietly(Path path) {
    try {
      fs.delete(path, true);
    } catch (IOException | RuntimeException ignored) {
      // best effort: the failure being reported is what the user needs to see
    }
  }

  private static String describe(IOException e) {
    return e.getMessage() != null && e.getClass() == IOException.class ? e.getMessage()
        : e.getClass().getSimpleName();
  }

  /** The raw local file system instead of the checksummed one, so a release holds no .crc side files. */
  private static FileSystem withoutChecksumFiles(FileSystem fs) {
    return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
  }

  private void write(Path file, String text) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  static String centresCsv(double[][] centres) {
    StringBuilder sb = new StringBuilder("cluster");
    int d = centres.length == 0 ? 0 : centres[0].length;
    for (int t = 0; t < d; t++) {
      sb.append(",x").append(t + 1);
    }
    sb.append('\n');
    for (int j = 0; j < centres.length; j++) {
      sb.append(j);
      for (double v : centres[j]) {
        sb.append(',').append(Double.toString(v));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static ObjectNode centresJson(double[][] centres) {
    ObjectNode root = JSON.createObjectNode();
    root.put("k", centres.length);
    root.put("dimension", centres.length == 0 ? 0 : centres[0].length);
    ArrayNode rows = root.putArray("centers");
    for (double[] c : centres) {
      ArrayNode row = rows.addArray();
      for (double v : c) {
        row.add(v);
      }
    }
    return root;
  }

  /**
   * Refuses a directory the job writes besides a release ({@code what}: a stream's checkpoint, or its folder of
   * releases) that equals, contains or lies inside one of {@code inputs}, as {@link #prepare} refuses an output.
   */
  public static void requireOutsideInputs(String what, String path, List<String> inputs, Configuration conf) {
    OutputGuard.checkPlacement(what, OutputGuard.outputPath(path), inputs, conf);
  }

  /**
   * Removes what runs proven gone left at {@code output} (their temporary directory, an empty reservation, their
   * lock: see {@link AbandonedRuns}) without writing anything; one line for each such run.
   */
  public static List<String> removeAbandoned(String output, Configuration conf) {
    Path path = OutputGuard.outputPath(output);
    try {
      return new AbandonedRuns(withoutChecksumFiles(path.getFileSystem(conf)), conf, path).remove();
    } catch (IOException e) {
      throw new InputException("cannot open the file system of output " + output + " (" + e.getClass().getSimpleName()
          + ")");
    }
  }

  /** A JSON object for run.json. */
  public static ObjectNode newObject() {
    return JSON.createObjectNode();
  }

}
