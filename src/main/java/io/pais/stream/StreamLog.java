package io.pais.stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.io.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * What a stream keeps beside Spark's checkpoint, under {@code CHECKPOINT/pais}: its public constants as it started
 * ({@code stream.json}, a restart with others is refused), the secret of its coins ({@code coins}, owner-only), each
 * micro-batch's state once its sample is stored ({@code batches/ID.json}) and each window's markers
 * ({@code windows/START.started} before its release reads a record or charges a ledger, {@code .published} once its
 * directory is in place). Every file is written whole and renamed into place, so a crash leaves it absent or
 * complete. The checkpoint holds the sample: it is as sensitive as the data.
 */
final class StreamLog {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int COIN_SECRET_BYTES = 16;
  /** Micro-batch states kept behind the current one (Spark keeps 100 of its own by default). */
  private static final int RETAINED = 100;

  private final FileSystem fs;
  private final Path root;

  StreamLog(String checkpoint, Configuration conf) {
    Path path = new Path(checkpoint, "pais");
    try {
      this.fs = path.getFileSystem(conf);
    } catch (IOException e) {
      throw new InputException("cannot open the file system of checkpoint " + checkpoint + " ("
          + e.getClass().getSimpleName() + ")");
    }
    this.root = fs.makeQualified(path);
  }

  /** Where the stream's sample lies. */
  Path sampleRoot() {
    return new Path(root, "sample");
  }

  FileSystem fileSystem() {
    return fs;
  }

  /**
   * Records {@code constants} on a first start, or refuses a restart whose constants differ from the recorded ones:
   * the windows already published were released under them, and the sample in the checkpoint was drawn by them.
   * Returns the stream's id (made on the first start; each window's run.json names it).
   */
  String open(ObjectNode constants) {
    Path file = new Path(root, "stream.json");
    Optional<JsonNode> recorded = read(file);
    if (recorded.isEmpty()) {
      ObjectNode record = JSON.createObjectNode();
      record.put("id", UUID.randomUUID().toString());
      record.set("constants", constants);
      writeWhole(file, record.toString(), false);
      return record.get("id").asText();
    }
    JsonNode before = recorded.get().get("constants");
    JsonNode now = normalised(constants);
    if (!now.equals(before)) {
      throw new IllegalArgumentException("the checkpoint " + root.getParent() + " belongs to a stream started with "
          + "other constants (" + differences(before, now) + "): a stream's public constants are fixed "
          + "when it starts; use a new --checkpoint (and --output) for new constants");
    }
    return recorded.get().get("id").asText();
  }

  /** The node as read back from its text: numbers and values of every kind compare as they will when read. */
  private static JsonNode normalised(ObjectNode node) {
    try {
      return JSON.readTree(node.toString());
    } catch (IOException e) {
      throw new IllegalStateException("the stream's constants do not read back as JSON", e);
    }
  }

  private static String differences(JsonNode before, JsonNode now) {
    StringBuilder out = new StringBuilder();
    java.util.Set<String> names = new java.util.TreeSet<>();
    before.fieldNames().forEachRemaining(names::add);
    now.fieldNames().forEachRemaining(names::add);
    for (String name : names) {
      if (!java.util.Objects.equals(before.get(name), now.get(name))) {
        out.append(out.length() == 0 ? "" : ", ").append(name);
      }
    }
    return out.length() == 0 ? "none named" : out.toString();
  }

  /** The stream's coin secret: made once (owner-only), then read back at every restart. */
  String coinSecret() {
    Path file = new Path(root, "coins");
    try {
      if (!fs.exists(file)) {
        byte[] secret = new byte[COIN_SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        writeWhole(file, "0x" + HexFormat.of().formatHex(secret), true);
      }
      try (InputStream in = fs.open(file)) {
        return new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
      }
    } catch (IOException e) {
      throw new InputException("cannot read or write the stream's coin secret in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  /** The state after micro-batch {@code id}, if it was stored. */
  Optional<BatchState> batch(long id) {
    return read(batchFile(id)).map(BatchState::of);
  }

  /**
   * The state of the latest micro-batch before {@code id} (the initial state when there is none); the states of
   * micro-batches more than {@link #RETAINED} before it go (a replay needs only the one before it).
   */
  BatchState before(long id) {
    Path dir = new Path(root, "batches");
    long latest = -1;
    try {
      if (fs.exists(dir)) {
        for (FileStatus status : fs.listStatus(dir)) {
          String name = status.getPath().getName();
          if (name.endsWith(".json")) {
            long n = Long.parseLong(name.substring(0, name.length() - ".json".length()));
            if (n < id && n > latest) {
              latest = n;
            }
            if (n < id - RETAINED) {
              fs.delete(status.getPath(), false);
            }
          }
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new InputException("cannot list the stream's batches in " + dir + " (" + e.getClass().getSimpleName()
          + ")");
    }
    return latest < 0 ? BatchState.INITIAL : batch(latest).orElseThrow();
  }

  /** Stores the state after micro-batch {@code id} (replacing a copy an interrupted replay left). */
  void storeBatch(long id, BatchState state) {
    writeWhole(batchFile(id), state.toJson().toString(), false);
  }

  private Path batchFile(long id) {
    return new Path(new Path(root, "batches"), id + ".json");
  }

  /** A window's markers. */
  enum Marker {
    STARTED, PUBLISHED;

    String suffix() {
      return "." + name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  boolean has(long window, Marker marker) {
    try {
      return fs.exists(markerFile(window, marker));
    } catch (IOException e) {
      throw new InputException("cannot read the stream's window markers in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  /** Writes a marker; for {@link Marker#STARTED}, false when one was there already (another attempt began it). */
  boolean mark(long window, Marker marker, ObjectNode details) {
    Path file = markerFile(window, marker);
    try {
      if (fs.exists(file)) {
        return false;
      }
    } catch (IOException e) {
      throw new InputException("cannot read the stream's window markers in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
    writeWhole(file, details.toString(), false);
    return true;
  }

  /** Removes a started marker of a window that read no record and charged nothing (its ledger refused it). */
  void unmark(long window) {
    try {
      fs.delete(markerFile(window, Marker.STARTED), false);
    } catch (IOException e) {
      throw new InputException("cannot update the stream's window markers in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  private Path markerFile(long window, Marker marker) {
    return new Path(new Path(root, "windows"), window + marker.suffix());
  }

  private Optional<JsonNode> read(Path file) {
    try {
      if (!fs.exists(file)) {
        return Optional.empty();
      }
      try (InputStream in = fs.open(file)) {
        return Optional.of(JSON.readTree(in));
      }
    } catch (IOException e) {
      throw new InputException("cannot read " + file + " in the stream's checkpoint (" + e.getClass().getSimpleName()
          + ")");
    }
  }

  /** Writes {@code text} to a hidden file beside {@code file} and renames it into place (replacing an old copy). */
  private void writeWhole(Path file, String text, boolean ownerOnly) {
    Path tmp = new Path(file.getParent(), "." + file.getName() + "." + UUID.randomUUID() + ".tmp");
    try {
      fs.mkdirs(file.getParent());
      try (OutputStream out = fs.create(tmp, false)) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      }
      if (ownerOnly) {
        fs.setPermission(tmp, new FsPermission((short) 0600));
      }
      fs.delete(file, false);
      if (!fs.rename(tmp, file)) {
        throw new IOException("rename failed");
      }
    } catch (IOException e) {
      throw new InputException("cannot write " + file + " in the stream's checkpoint (" + e.getClass().getSimpleName()
          + ")");
    }
  }

  /**
   * The state of the stream after a micro-batch: derived from event times only, kept in the checkpoint, never
   * published.
   *
   * @param watermark the watermark (null: no record read yet)
   * @param firstWindow the stream's first window (null: none yet): the earliest window an on-time record fell in;
   *     every window from it on is released once closed, empty or not
   * @param nextWindow the first window not yet finished (published or abandoned) when the micro-batch began closing
   *     windows (null: none yet)
   * @param filesSeen the files the stream has read so far (the next file's ordinal)
   */
  record BatchState(Long watermark, Long firstWindow, Long nextWindow, long filesSeen) {
    static final BatchState INITIAL = new BatchState(null, null, null, 0);

    static BatchState of(JsonNode json) {
      return new BatchState(optional(json, "watermark"), optional(json, "firstWindow"), optional(json, "nextWindow"),
          json.get("filesSeen").asLong());
    }

    private static Long optional(JsonNode json, String name) {
      JsonNode v = json.get(name);
      return v == null || v.isNull() ? null : v.asLong();
    }

    ObjectNode toJson() {
      ObjectNode out = JSON.createObjectNode();
      out.put("watermark", watermark);
      out.put("firstWindow", firstWindow);
      out.put("nextWindow", nextWindow);
      out.put("filesSeen", filesSeen);
      return out;
    }
  }
}
