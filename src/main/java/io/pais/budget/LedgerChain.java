package io.pais.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.Relation;
import io.pais.io.DirectoryRename;
import io.pais.io.FileSystemSafety;
import io.pais.io.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A budget ledger's files on a Hadoop file system with atomic rename: the header ({@code budget.json}), the
 * hash-chained entries ({@code entries/}, one immutable directory per sequence number, published by a rename that never
 * replaces) and the head ({@code head.json}, the latest entry's number and hash). Reads the entries verified against
 * the chain, and appends one entry at a time; what the entries mean is {@link BudgetLedger}'s.
 */
final class LedgerChain {
  static final String HEADER = "budget.json";
  static final String ENTRIES = "entries";
  static final String HEAD = "head.json";
  /** Tries at the next sequence number before a claim gives up on a ledger too busy to write to. */
  private static final int MAX_ATTEMPTS = 200;
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The header as read: the totals, the relation, its version and hash. */
  record Header(double epsilon, double delta, Relation relation, int version, String hash) {}

  /** An entry as stored, with the hash of its bytes. */
  private record Stored(BudgetEntry entry, String hash) {}

  private final Path path;
  private final FileSystem fs;
  private final Configuration conf;
  private final Header header;

  LedgerChain(Path path, FileSystem fs, Configuration conf, Header header) {
    this.path = path;
    this.fs = fs;
    this.conf = conf;
    this.header = header;
  }

  Header header() {
    return header;
  }

  /** Where the ledger is (as given). */
  String location() {
    return path.toString();
  }

  /**
   * The ledger as it is now, verified: the chain of hashes from the header to the head. A listing taken while
   * another run publishes an entry may miss it; one that shows a later entry without an earlier one is taken
   * again (entries appear in order), and a gap that stays is damage.
   */
  BudgetStatus read() {
    return status(verified());
  }

  private BudgetStatus status(List<Stored> stored) {
    return new BudgetStatus(header.epsilon(), header.delta(), header.relation(),
        stored.stream().map(Stored::entry).toList());
  }

  private List<Stored> verified() {
    for (int attempt = 1; ; attempt++) {
      JsonNode head = readHead();
      List<Stored> entries = list();
      long gap = firstGap(entries);
      if (gap == 0) {
        verifyChain(entries, head);
        return entries;
      }
      if (attempt == 3) {
        throw tampered("entry " + gap + " is missing");
      }
    }
  }

  /** The head as stored: null for a version-1 ledger that never had one. */
  private JsonNode readHead() {
    try {
      Path file = new Path(path, HEAD);
      if (!fs.exists(file)) {
        if (header.version() >= 2) {
          throw tampered(HEAD + " is missing");
        }
        return null;
      }
      JsonNode head = parse(readBytes(fs, file));
      if (head == null || !head.path("sequence").canConvertToLong() || !head.path("hash").isTextual()) {
        throw tampered(HEAD + " is damaged");
      }
      return head;
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location() + " cannot be read (" + describe(e) + ")");
    }
  }

  /**
   * Every entry must name the hash of the one before it (the first, the header's), and the head's entry must
   * exist with the head's hash: so an edit anywhere, a deleted entry and deleted newest entries are all found.
   */
  private void verifyChain(List<Stored> entries, JsonNode head) {
    String previous = header.hash();
    boolean chained = header.version() >= 2;
    for (Stored stored : entries) {
      BudgetEntry e = stored.entry();
      chained |= !e.previous().isEmpty();
      if (chained && !e.previous().equals(previous)) {
        throw tampered(e.sequence() == 1 ? HEADER + " (the total) was changed after the ledger was made, or entry 1 "
            + "was" : "entry " + (e.sequence() - 1) + " was changed after it was written, or entry " + e.sequence()
            + " was");
      }
      previous = stored.hash();
    }
    if (head == null) {
      return;
    }
    long sequence = head.get("sequence").asLong();
    if (sequence > entries.size()) {
      throw tampered((sequence == entries.size() + 1 ? "entry " + sequence + " is missing" : "entries "
          + (entries.size() + 1) + " to " + sequence + " are missing") + " (the head records entry " + sequence
          + "): entries were deleted");
    }
    String expected = sequence == 0 ? header.hash() : entries.get((int) sequence - 1).hash();
    if (!expected.equals(head.get("hash").asText())) {
      throw tampered(sequence == 0 ? HEADER + " (the total) was changed after the ledger was made"
          : "entry " + sequence + " was changed after it was written");
    }
  }

  private BudgetException tampered(String what) {
    return new BudgetException("budget ledger " + location() + " is refused: " + what + "; pais does not use an "
        + "edited ledger (restore it from a backup)");
  }

  /** The first sequence number missing below the last entry's, or 0. */
  private static long firstGap(List<Stored> entries) {
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).entry().sequence() != i + 1) {
        return i + 1;
      }
    }
    return 0;
  }

  private List<Stored> list() {
    List<Stored> entries = new ArrayList<>();
    try {
      for (FileStatus child : fs.listStatus(new Path(path, ENTRIES))) {
        String name = child.getPath().getName();
        if (name.startsWith(".")) {
          continue; // an entry being written
        }
        Path file = new Path(child.getPath(), "entry.json");
        byte[] bytes = name.matches("\\d{10}") && fs.exists(file) ? readBytes(fs, file) : null;
        BudgetEntry entry = bytes == null ? null : BudgetEntry.fromJson(parse(bytes));
        if (entry == null || entry.sequence() != Long.parseLong(name)) {
          throw tampered("entry " + name + " is damaged");
        }
        entries.add(new Stored(entry, sha256(bytes)));
      }
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location() + " cannot be read (" + describe(e) + ")");
    }
    entries.sort(Comparator.comparingLong(s -> s.entry().sequence()));
    return entries;
  }

  /**
   * Appends the entry {@code next} makes of the ledger as read, chained to the last entry: written whole into a
   * hidden directory, then renamed to its sequence number without replacing; when another run took that number
   * first, read again and retry. The head then moves to it (never back).
   */
  BudgetEntry append(Function<BudgetStatus, BudgetEntry> next) {
    Path entries = new Path(path, ENTRIES);
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      List<Stored> stored = verified();
      BudgetStatus status = status(stored);
      BudgetEntry made = next.apply(status);
      String previous = stored.isEmpty() ? header.hash() : stored.get(stored.size() - 1).hash();
      BudgetEntry entry = new BudgetEntry(made.sequence(), made.kind(), made.claim(), made.epsilon(), made.delta(),
          made.time(), previous, made.details());
      Path tmp = new Path(entries, ".pais-tmp-" + UUID.randomUUID());
      boolean published = false;
      byte[] bytes;
      try {
        try {
          bytes = JSON.writeValueAsBytes(entry.toJson());
          fs.mkdirs(tmp);
          write(fs, new Path(tmp, "entry.json"), bytes);
          published = DirectoryRename.withoutReplacing(fs, conf, tmp, new Path(entries, String.format(Locale.ROOT,
              "%010d", entry.sequence())));
        } finally {
          if (!published) {
            fs.delete(tmp, true); // nothing half-written stays behind
          }
        }
        if (published) {
          advanceHead(entry.sequence(), sha256(bytes));
          return entry;
        }
      } catch (IOException e) {
        throw new BudgetException("budget ledger " + location() + " cannot be written (" + describe(e) + ")");
      }
      try {
        Thread.sleep(ThreadLocalRandom.current().nextInt(1, 2 + Math.min(attempt, 50)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BudgetException("budget ledger " + location() + ": interrupted while writing to it");
      }
    }
    throw new BudgetException("budget ledger " + location() + ": gave up after " + MAX_ATTEMPTS + " attempts at a "
        + "ledger other runs kept writing to");
  }

  /**
   * Moves the head to entry {@code sequence} unless it is there or beyond: a new head file renamed over the old
   * one. Two runs appending at once may leave the head one entry behind (the later write wins); the next append
   * moves it on, and the chain still covers every entry up to the head.
   */
  private void advanceHead(long sequence, String hash) throws IOException {
    JsonNode head = readHead();
    if (head != null && head.get("sequence").asLong() >= sequence) {
      return;
    }
    Path tmp = new Path(path, ".head.pais-tmp-" + UUID.randomUUID());
    try {
      write(fs, tmp, headBytes(sequence, hash));
      DirectoryRename.replacing(fs, conf, tmp, new Path(path, HEAD));
    } finally {
      if (fs.exists(tmp)) {
        fs.delete(tmp, false);
      }
    }
  }

  static byte[] headBytes(long sequence, String hash) throws IOException {
    ObjectNode json = JSON.createObjectNode();
    json.put("sequence", sequence);
    json.put("hash", hash);
    return JSON.writeValueAsBytes(json);
  }

  static Path path(String location) {
    try {
      return new Path(location);
    } catch (IllegalArgumentException e) {
      throw new BudgetException("budget ledger " + location + " is not a usable path");
    }
  }

  static FileSystem fileSystem(Path path, Configuration conf, boolean allowNonAtomic) {
    try {
      FileSystemSafety.require(path, conf, allowNonAtomic, "budget ledger", "--allow-non-atomic-rename");
    } catch (InputException e) {
      throw new BudgetException(e.getMessage());
    }
    try {
      FileSystem fs = path.getFileSystem(conf);
      // the raw local file system: no .crc side files in the ledger
      return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + path + ": no file system for it (" + describe(e) + ")");
    }
  }

  static void write(FileSystem fs, Path file, byte[] bytes) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      out.write(bytes);
    }
  }

  static byte[] readBytes(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }

  /** The JSON in {@code bytes}, or null when they hold none. */
  static JsonNode parse(byte[] bytes) {
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      return null;
    }
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  static String describe(IOException e) {
    return e.getMessage() != null && e.getClass() == IOException.class ? e.getMessage()
        : e.getClass().getSimpleName();
  }
}
