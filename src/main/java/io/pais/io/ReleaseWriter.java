package io.pais.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.PrivacyReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a release (centres, privacy report, run record) to any Hadoop path, all or nothing. Before any work
 * ({@link #prepare}) the output is checked ({@link OutputGuard}) and a hidden temporary directory is created beside
 * it, which proves the parent writable and the name usable; at the end every file goes into that directory, which
 * is then published by a rename that never lands inside an existing directory: on the local file system rename(2)
 * itself (it fails on a non-empty target), on HDFS {@code FileContext.rename} without overwrite (atomic there).
 * When another run publishes at the same output first, this one fails with one line and removes its temporary
 * directory. Object stores have no atomic rename: there the check and the copy are two steps (see the README).
 * Anything thrown — an {@link Error} such as a full disk's {@code FSError} included — removes the temporary
 * directory before it propagates.
 */
public final class ReleaseWriter implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** The prefix of a temporary directory's name after the output's own: {@code .NAME.pais-tmp-ID}. */
  static final String TEMPORARY = ".pais-tmp-";

  private final Path output;
  private final List<String> inputs;
  private final Configuration conf;
  private final boolean overwrite;
  /** Runs just before the publishing rename (tests delay the publish with it to force a race). */
  Runnable beforePublish = () -> { };
  /** This run's id: its temporary directory is {@code .NAME.pais-tmp-ID}, a set-aside release .NAME.pais-old-ID. */
  private final String id = UUID.randomUUID().toString();
  private FileSystem fs;
  private Path tmp;
  private boolean published;
  /** The output's missing ancestors the pre-flight created, deepest first: removed again when nothing is published. */
  private final List<Path> createdParents = new java.util.ArrayList<>();

  /**
   * @param output the release directory
   * @param inputs the input paths or globs the release is computed from: the output may not touch them
   * @param overwrite whether an earlier release (a directory holding only pais's release files) may be replaced
   */
  public ReleaseWriter(String output, List<String> inputs, Configuration conf, boolean overwrite) {
    this.output = OutputGuard.outputPath(output);
    this.inputs = List.copyOf(inputs);
    this.conf = conf;
    this.overwrite = overwrite;
  }

  /**
   * Before any work: refuses an output that equals, contains or lies inside an input, or exists and may not be
   * replaced ({@link OutputGuard}), and creates the temporary directory the release is written to.
   */
  public void prepare() {
    OutputGuard.check(output, inputs, conf, overwrite);
    try {
      fs = withoutChecksumFiles(output.getFileSystem(conf));
    } catch (IOException e) {
      throw new InputException("cannot open the file system of output " + output + " ("
          + e.getClass().getSimpleName() + ")");
    }
    tmp = new Path(output.getParent(), "." + output.getName() + TEMPORARY + id);
    try {
      Path parent = output.getParent();
      if (fs.exists(parent) && !fs.getFileStatus(parent).isDirectory()) {
        throw new InputException("cannot write output " + output + ": its parent " + parent + " is a file");
      }
      for (Path p = parent; p != null && !fs.exists(p); p = p.getParent()) {
        createdParents.add(p);
      }
      if (!fs.mkdirs(tmp)) {
        throw new IOException("mkdirs failed");
      }
    } catch (IOException e) {
      tmp = null;
      throw new InputException("cannot write output " + output + ": cannot create a directory beside it ("
          + describe(e) + "); check that its parent is a writable directory");
    }
  }

  /**
   * Writes every file into the temporary directory, then publishes it; an earlier release is moved aside first
   * and deleted once the new one is in place (and moved back if publishing fails).
   */
  public void write(double[][] centres, PrivacyReport report, ObjectNode run) {
    if (tmp == null) {
      prepare();
    }
    OutputGuard.check(output, inputs, conf, overwrite); // the output may have appeared while the job ran
    Path old = new Path(output.getParent(), "." + output.getName() + ".pais-old-" + id);
    boolean movedAside = false;
    try {
      write(new Path(tmp, "centers.csv"), centresCsv(centres));
      write(new Path(tmp, "centers.json"), JSON.writeValueAsString(centresJson(centres)));
      write(new Path(tmp, "privacy-report.json"), JSON.writeValueAsString(PrivacyReportJson.toJson(report)));
      write(new Path(tmp, OutputGuard.RELEASE_MARKER), JSON.writeValueAsString(run));
      if (fs.exists(output)) {
        movedAside = fs.rename(output, old);
        if (!movedAside) {
          throw new IOException("cannot move the earlier release aside");
        }
      }
      beforePublish.run();
      if (!DirectoryRename.withoutReplacing(fs, conf, tmp, output)) {
        throw new InputException("cannot write output " + output + ": another release appeared there while this "
            + "one was written; nothing of this run was published");
      }
      published = true;
      if (movedAside) {
        fs.delete(old, true);
      }
    } catch (IOException e) {
      throw new InputException("cannot write output " + output + ": " + describe(e));
    } finally {
      if (movedAside && !published) {
        restore(old);
      }
      close();
    }
  }

  /** Moves an earlier release back into place; when another run's release took its place, it is dropped. */
  private void restore(Path old) {
    try {
      if (!DirectoryRename.withoutReplacing(fs, conf, old, output)) {
        deleteQuietly(old); // it was being replaced; the other run's release stands
      }
    } catch (IOException | RuntimeException e) {
      // left beside the output as .NAME.pais-old-ID: the next run reports it
    }
  }

  /** Temporary or set-aside directories of earlier runs beside the output (a killed run leaves one). */
  public List<Path> leftovers() {
    List<Path> found = new java.util.ArrayList<>(OutputGuard.leftovers(output, conf));
    found.removeIf(p -> tmp != null && p.getName().equals(tmp.getName()));
    return found;
  }

  /** Removes the temporary directory unless it was published (every failure path, and a run that ends early). */
  @Override
  public void close() {
    if (tmp != null && !published) {
      deleteQuietly(tmp);
      for (Path parent : createdParents) { // only while empty: another run may have written beside us meanwhile
        try {
          if (fs.listStatus(parent).length > 0 || !fs.delete(parent, false)) {
            break;
          }
        } catch (IOException | RuntimeException e) {
          break;
        }
      }
    }
    tmp = published ? null : tmp;
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

  /** A JSON object for run.json. */
  public static ObjectNode newObject() {
    return JSON.createObjectNode();
  }

}
