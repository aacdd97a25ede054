package io.pais.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.PrivacyReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a release (centres, privacy report, run record) to any Hadoop path, all or nothing: the files go to a
 * hidden temporary directory beside the output, which is renamed into place only once every file is written.
 * An output that touches an input is refused, and an existing one is replaced only when overwriting was asked
 * for and it is an earlier release.
 */
public final class ReleaseWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path output;
  private final List<String> inputs;
  private final Configuration conf;
  private final boolean overwrite;

  /**
   * @param output the release directory
   * @param inputs the input paths or globs the release is computed from: the output may not touch them
   * @param overwrite whether an earlier release (a directory holding run.json) may be replaced
   */
  public ReleaseWriter(String output, List<String> inputs, Configuration conf, boolean overwrite) {
    this.output = new Path(output);
    this.inputs = List.copyOf(inputs);
    this.conf = conf;
    this.overwrite = overwrite;
  }

  /**
   * Fails early, before any work, when the output equals, contains or lies inside an input, or exists and may
   * not be replaced (see {@link OutputGuard}).
   */
  public void checkWritable() {
    OutputGuard.check(output, inputs, conf, overwrite);
  }

  /**
   * Writes every file into a hidden directory beside the output, then moves it into place; an earlier release
   * is moved aside first and deleted only once the new one is in place (and moved back if that fails).
   */
  public void write(double[][] centres, PrivacyReport report, ObjectNode run) {
    checkWritable();
    String id = UUID.randomUUID().toString();
    Path tmp = new Path(output.getParent(), "." + output.getName() + ".pais-tmp-" + id);
    Path old = new Path(output.getParent(), "." + output.getName() + ".pais-old-" + id);
    FileSystem fs;
    try {
      fs = withoutChecksumFiles(output.getFileSystem(conf));
    } catch (IOException e) {
      throw new InputException("cannot open output " + output + " (" + e.getClass().getSimpleName() + ")");
    }
    boolean movedAside = false;
    try {
      if (!fs.mkdirs(tmp)) {
        throw new IOException("mkdirs failed");
      }
      write(fs, new Path(tmp, "centers.csv"), centresCsv(centres));
      write(fs, new Path(tmp, "centers.json"), JSON.writeValueAsString(centresJson(centres)));
      write(fs, new Path(tmp, "privacy-report.json"), JSON.writeValueAsString(PrivacyReportJson.toJson(report)));
      write(fs, new Path(tmp, OutputGuard.RELEASE_MARKER), JSON.writeValueAsString(run));
      if (fs.exists(output)) {
        movedAside = fs.rename(output, old);
        if (!movedAside) {
          throw new IOException("cannot move the earlier release aside");
        }
      }
      if (!fs.rename(tmp, output)) {
        if (movedAside && fs.rename(old, output)) {
          movedAside = false;
        }
        throw new IOException("rename into place failed");
      }
      if (movedAside) {
        fs.delete(old, true);
      }
    } catch (IOException | RuntimeException e) {
      try {
        fs.delete(tmp, true);
      } catch (IOException ignored) {
        // best effort: the failure below is what the user needs to see
      }
      throw new InputException("cannot write output " + output + ": " + e.getMessage());
    }
  }

  /** The raw local file system instead of the checksummed one, so a release holds no .crc side files. */
  private static FileSystem withoutChecksumFiles(FileSystem fs) {
    return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
  }

  private static void write(FileSystem fs, Path file, String text) throws IOException {
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
