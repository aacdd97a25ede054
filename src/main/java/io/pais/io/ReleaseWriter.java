package io.pais.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.privacy.PrivacyReport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a release (centres, privacy report, run record) to any Hadoop path, all or nothing: the files go to a
 * hidden temporary directory beside the output, which is renamed into place only once every file is written.
 * An existing output is refused unless overwriting was asked for.
 */
public final class ReleaseWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path output;
  private final Configuration conf;
  private final boolean overwrite;

  public ReleaseWriter(String output, Configuration conf, boolean overwrite) {
    this.output = new Path(output);
    this.conf = conf;
    this.overwrite = overwrite;
  }

  /** Fails early, before any work, when the output exists and may not be overwritten. */
  public void checkWritable() {
    try {
      FileSystem fs = output.getFileSystem(conf);
      if (fs.exists(output) && !overwrite) {
        throw new InputException("output " + output + " exists; pass --overwrite to replace it");
      }
    } catch (IOException e) {
      throw new InputException("cannot check output " + output + ": " + e.getMessage());
    }
  }

  /** Writes every file, then moves the directory into place. */
  public void write(double[][] centres, PrivacyReport report, ObjectNode run) {
    checkWritable();
    Path tmp = new Path(output.getParent(), "." + output.getName() + ".pais-tmp-" + UUID.randomUUID());
    FileSystem fs;
    try {
      fs = output.getFileSystem(conf);
    } catch (IOException e) {
      throw new InputException("cannot open output " + output + ": " + e.getMessage());
    }
    try {
      fs.mkdirs(tmp);
      write(fs, new Path(tmp, "centers.csv"), centresCsv(centres));
      write(fs, new Path(tmp, "centers.json"), JSON.writeValueAsString(centresJson(centres)));
      write(fs, new Path(tmp, "privacy-report.json"), JSON.writeValueAsString(PrivacyReportJson.toJson(report)));
      write(fs, new Path(tmp, "run.json"), JSON.writeValueAsString(run));
      if (fs.exists(output)) {
        fs.delete(output, true);
      }
      if (!fs.rename(tmp, output)) {
        throw new IOException("rename to " + output + " failed");
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

  /** Seconds per stage as a JSON object. */
  public static ObjectNode timings(Map<String, Double> stageSeconds) {
    ObjectNode node = JSON.createObjectNode();
    stageSeconds.forEach(node::put);
    return node;
  }

}
