package io.pais.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.Relation;
import io.pais.io.DirectoryRename;
import io.pais.io.FileSystemSafety;
import io.pais.io.InputException;
import io.pais.math.Checks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
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
 * A privacy budget that outlives a run, kept in a directory on a Hadoop file system with atomic rename:
 * {@code budget.json} (the total (ε, δ) and the neighbouring relation, written once), {@code entries/}, one
 * immutable entry per directory named by its sequence number ({@code 0000000001}, …), and {@code head.json}, the
 * latest entry's number and hash. An entry is written whole into a hidden directory and published by a rename that
 * never replaces ({@link DirectoryRename}): of two runs that read the ledger and try the same next number, exactly
 * one succeeds, and the other reads again. Since every entry is checked against all the entries before its number,
 * and entries only ever appear whole, the claims not given back never sum to more than the total.
 *
 * <p>The ledger is tamper-evident against accidents and careless edits: every entry holds the SHA-256 of the one
 * before it (the first, of the header), and the head holds the latest entry's, so an edited entry or header, a
 * deleted entry or a deleted newest entry is refused with one line naming it. It does not defend against whoever
 * rewrites the ledger whole (the hashes are not secret): access to the folder is the file system's to control.
 *
 * <p>Composition across releases is basic sequential composition under the ledger's relation: the (ε, δ) of
 * everything released under one ledger is the sum of the claims not given back, each charged as {@link
 * RelationCharge} says.
 */
public final class BudgetLedger {
  static final String HEADER = "budget.json";
  static final String ENTRIES = "entries";
  static final String HEAD = "head.json";
  private static final String FORMAT = "pais budget ledger";
  /** Version 2: a relation, hash-chained entries and a head; version 1 ledgers are read, their old entries unchained. */
  private static final int VERSION = 2;
  /** Tries at the next sequence number before a claim gives up on a ledger too busy to write to. */
  private static final int MAX_ATTEMPTS = 200;
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path path;
  private final FileSystem fs;
  private final Configuration conf;
  private final Header header;

  /** The header as read: the totals, the relation, its version and hash. */
  private record Header(double epsilon, double delta, Relation relation, int version, String hash) {}

  /** An entry as stored, with the hash of its bytes. */
  private record Stored(BudgetEntry entry, String hash) {}

  private BudgetLedger(Path path, FileSystem fs, Configuration conf, Header header) {
    this.path = path;
    this.fs = fs;
    this.conf = conf;
    this.header = header;
  }

  /**
   * Makes a ledger at {@code location}, where nothing may exist yet.
   *
   * @param relation the neighbouring relation its claims compose under
   * @param allowNonAtomic whether a file system without atomic rename is accepted
   */
  public static BudgetLedger create(String location, double totalEpsilon, double totalDelta, Relation relation,
      Configuration conf, boolean allowNonAtomic) {
    checkTotal(totalEpsilon, totalDelta);
    Checks.notNull("relation", relation);
    Path path = path(location);
    FileSystem fs = fileSystem(path, conf, allowNonAtomic);
    try {
      if (fs.exists(path)) {
        throw new BudgetException("budget ledger " + location + ": something exists there already; a ledger is "
            + "made only where nothing is");
      }
      Path parent = path.getParent();
      if (parent != null) {
        for (Path p = parent; p != null; p = p.getParent()) {
          if (fs.exists(p) && !fs.getFileStatus(p).isDirectory()) {
            throw new BudgetException("budget ledger " + location + " cannot be made: " + p + " is a file, not a "
                + "folder");
          }
        }
        fs.mkdirs(parent);
      }
      Path tmp = new Path(parent, "." + path.getName() + ".pais-tmp-" + UUID.randomUUID());
      boolean published = false;
      try {
        fs.mkdirs(new Path(tmp, ENTRIES));
        ObjectNode json = JSON.createObjectNode();
        json.put("format", FORMAT);
        json.put("version", VERSION);
        json.put("totalEpsilon", totalEpsilon);
        json.put("totalDelta", totalDelta);
        json.put("relation", relationId(relation));
        json.put("created", Instant.now().toString());
        byte[] bytes = JSON.writeValueAsBytes(json);
        write(fs, new Path(tmp, HEADER), bytes);
        write(fs, new Path(tmp, HEAD), headBytes(0, sha256(bytes)));
        published = DirectoryRename.withoutReplacing(fs, conf, tmp, path);
      } finally {
        if (!published) {
          fs.delete(tmp, true);
        }
      }
      if (!published) {
        throw new BudgetException("budget ledger " + location + ": another run made it first");
      }
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location + " cannot be made (" + describe(e) + ")");
    }
    return open(location, conf, allowNonAtomic);
  }

  /** Makes an add/remove ledger at {@code location}, on a file system with atomic rename. */
  public static BudgetLedger create(String location, double totalEpsilon, double totalDelta, Configuration conf) {
    return create(location, totalEpsilon, totalDelta, Relation.ADD_REMOVE, conf, false);
  }

  /** The ledger at {@code location}, on a file system with atomic rename. */
  public static BudgetLedger open(String location, Configuration conf) {
    return open(location, conf, false);
  }

  /** The ledger at {@code location}; {@code allowNonAtomic} accepts a file system without atomic rename. */
  public static BudgetLedger open(String location, Configuration conf, boolean allowNonAtomic) {
    Checks.notNull("budget ledger", location);
    Path path = path(location);
    FileSystem fs = fileSystem(path, conf, allowNonAtomic);
    byte[] bytes;
    try {
      if (!fs.exists(path)) {
        throw new BudgetException("no budget ledger at " + location + " (make one with pais-budget create)");
      }
      if (!fs.getFileStatus(path).isDirectory() || !fs.exists(new Path(path, HEADER))) {
        throw new BudgetException(location + " is not a budget ledger (no " + HEADER + " in a ledger directory)");
      }
      bytes = readBytes(fs, new Path(path, HEADER));
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location + " cannot be read (" + describe(e) + ")");
    }
    JsonNode json = parse(bytes);
    int version = json == null ? 0 : json.path("version").asInt();
    if (json == null || !FORMAT.equals(json.path("format").asText()) || version < 1 || version > VERSION
        || !json.path("totalEpsilon").isNumber() || !json.path("totalDelta").isNumber()) {
      throw new BudgetException("budget ledger " + location + ": " + HEADER + " is not a pais budget ledger's header");
    }
    double epsilon = json.get("totalEpsilon").asDouble();
    double delta = json.get("totalDelta").asDouble();
    Relation relation = version == 1 ? Relation.ADD_REMOVE : parseRelation(json.path("relation").asText(""));
    if (!(epsilon > 0 && Double.isFinite(epsilon) && delta >= 0 && delta < 1) || relation == null) {
      throw new BudgetException("budget ledger " + location + ": " + HEADER + " holds an impossible total or "
          + "relation");
    }
    return new BudgetLedger(path, fs, conf, new Header(epsilon, delta, relation, version, sha256(bytes)));
  }

  /** Where the ledger is (as given). */
  public String location() {
    return path.toString();
  }

  /** The relation the ledger composes under. */
  public Relation relation() {
    return header.relation();
  }

  /**
   * The ledger as it is now, verified: the chain of hashes from the header to the head. A listing taken while
   * another run publishes an entry may miss it; one that shows a later entry without an earlier one is taken
   * again (entries appear in order), and a gap that stays is damage.
   */
  public BudgetStatus read() {
    return new BudgetStatus(header.epsilon(), header.delta(), header.relation(),
        verified().stream().map(Stored::entry).toList());
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
   * Takes a release's (ε, δ), stated under {@code relation}, from the budget: charged under the ledger's relation
   * ({@link RelationCharge}); the claim entry, or a {@link BudgetException} (requested, remaining) when it does not
   * fit what remains.
   *
   * @param details what the claim records besides the amount (the output, the flags)
   */
  public BudgetEntry claim(double epsilon, double delta, Relation relation, ObjectNode details) {
    RelationCharge charge = charge(epsilon, delta, relation);
    ObjectNode recorded = details.deepCopy();
    recorded.putObject("guarantee").put("epsilon", epsilon).put("delta", delta).put("relation",
        relationId(relation));
    return append(status -> {
      requireFits(status, charge, epsilon);
      return entry(status, BudgetEntry.Kind.CLAIM, 0, charge.epsilon(), charge.delta(), recorded);
    });
  }

  /**
   * Checks, without writing, that a claim of (ε, δ) under {@code relation} would be granted now: the ledger is
   * intact, composes the relation, and has that much left. A run checks this before it opens its input, and claims
   * once its flags and schema are checked (another run may still take the budget in between: the claim decides).
   */
  public void requireFits(double epsilon, double delta, Relation relation) {
    requireFits(read(), charge(epsilon, delta, relation), epsilon);
  }

  private RelationCharge charge(double epsilon, double delta, Relation relation) {
    Checks.require(epsilon > 0 && Double.isFinite(epsilon), "a claim's epsilon must be positive and finite, got "
        + epsilon);
    Checks.require(delta >= 0 && delta < 1, "a claim's delta must be in [0, 1), got " + delta);
    return RelationCharge.of(header.relation(), relation, epsilon, delta, location());
  }

  private void requireFits(BudgetStatus status, RelationCharge charge, double epsilon) {
    if (!status.fits(charge.epsilon(), charge.delta())) {
      throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s refuses the release: it requests "
          + "epsilon = %s, delta = %s%s; remaining epsilon = %s, delta = %s (nothing was read)", location(),
          charge.epsilon(), charge.delta(), charge.epsilon() == epsilon ? "" : " (its add/remove guarantee, "
          + "counted under substitution)", status.remainingEpsilon(), status.remainingDelta()));
    }
  }

  /** A claim of (ε, δ) under add/remove. */
  public BudgetEntry claim(double epsilon, double delta, ObjectNode details) {
    return claim(epsilon, delta, Relation.ADD_REMOVE, details);
  }

  /**
   * Records that claim {@code claim}'s run is about to read its first record; from here on the claim can never be
   * given back. Refused when the claim is not {@code claimed} (for instance returned meanwhile).
   */
  public BudgetEntry startReading(long claim) {
    return advance(claim, BudgetStatus.ClaimState.CLAIMED, "start reading", BudgetEntry.Kind.READING, null);
  }

  /**
   * Gives claim {@code claim} back: only while no data was read for it (its state is {@code claimed}); a claim
   * whose run started reading is spent for good, since what the run read may already have been disclosed.
   */
  public BudgetEntry giveBack(long claim, String reason) {
    return advance(claim, BudgetStatus.ClaimState.CLAIMED, "be returned", BudgetEntry.Kind.RETURN, reason(reason));
  }

  /** Records that claim {@code claim}'s run failed after it read data: the claim stays spent. */
  public BudgetEntry recordFailure(long claim, String reason) {
    return advance(claim, BudgetStatus.ClaimState.READING, "be marked failed", BudgetEntry.Kind.FAILED,
        reason(reason));
  }

  /** Records what claim {@code claim}'s release spent (its stages, the output) once it is published. */
  public BudgetEntry recordRelease(long claim, ObjectNode details) {
    return advance(claim, BudgetStatus.ClaimState.READING, "be recorded as published", BudgetEntry.Kind.RELEASE,
        details);
  }

  /** Appends the entry of kind {@code kind} for claim {@code claim}, which must be in state {@code required}. */
  private BudgetEntry advance(long claim, BudgetStatus.ClaimState required, String action, BudgetEntry.Kind kind,
      ObjectNode details) {
    return append(status -> {
      requireState(status, claim, required, action);
      return entry(status, kind, claim, 0, 0, details);
    });
  }

  private static ObjectNode reason(String reason) {
    return JSON.createObjectNode().put("reason", reason);
  }

  /**
   * Sets the total anew, explicitly: an entry that records the new total and why. A total below what is spent is
   * refused.
   */
  public BudgetEntry setTotal(double totalEpsilon, double totalDelta, String reason) {
    checkTotal(totalEpsilon, totalDelta);
    ObjectNode details = reason(reason);
    return append(status -> {
      if (!status.holdsSpent(totalEpsilon, totalDelta)) {
        throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s: a total of epsilon = %s, delta = %s "
            + "is below what is spent (epsilon = %s, delta = %s)", location(), totalEpsilon, totalDelta,
            status.spentEpsilon(), status.spentDelta()));
      }
      details.put("previousEpsilon", status.totalEpsilon()).put("previousDelta", status.totalDelta());
      return entry(status, BudgetEntry.Kind.TOTAL, 0, totalEpsilon, totalDelta, details);
    });
  }

  private void requireState(BudgetStatus status, long claim, BudgetStatus.ClaimState required, String action) {
    if (status.claim(claim) == null) {
      throw new BudgetException("budget ledger " + location() + ": there is no claim " + claim);
    }
    BudgetStatus.ClaimState state = status.state(claim);
    if (state != required) {
      throw new BudgetException("budget ledger " + location() + ": claim " + claim + " cannot " + action + ": it is "
          + state.id() + (state == BudgetStatus.ClaimState.READING || state == BudgetStatus.ClaimState.FAILED
              ? " (its run read data, so it stays spent for good)" : ""));
    }
  }

  private static BudgetEntry entry(BudgetStatus status, BudgetEntry.Kind kind, long claim, double epsilon,
      double delta, ObjectNode details) {
    long sequence = status.entries().size() + 1L;
    return new BudgetEntry(sequence, kind, kind == BudgetEntry.Kind.CLAIM ? sequence : claim, epsilon, delta,
        Instant.now().toString(), "", details);
  }

  /**
   * Appends the entry {@code next} makes of the ledger as read, chained to the last entry: written whole into a
   * hidden directory, then renamed to its sequence number without replacing; when another run took that number
   * first, read again and retry. The head then moves to it (never back).
   */
  private BudgetEntry append(Function<BudgetStatus, BudgetEntry> next) {
    Path entries = new Path(path, ENTRIES);
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      List<Stored> stored = verified();
      BudgetStatus status = new BudgetStatus(header.epsilon(), header.delta(), header.relation(),
          stored.stream().map(Stored::entry).toList());
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

  private static byte[] headBytes(long sequence, String hash) throws IOException {
    ObjectNode json = JSON.createObjectNode();
    json.put("sequence", sequence);
    json.put("hash", hash);
    return JSON.writeValueAsBytes(json);
  }

  private static void checkTotal(double totalEpsilon, double totalDelta) {
    Checks.require(totalEpsilon > 0 && Double.isFinite(totalEpsilon), "total epsilon must be positive and finite, "
        + "got " + totalEpsilon);
    Checks.require(totalDelta >= 0 && totalDelta < 1, "total delta must be in [0, 1), got " + totalDelta);
  }

  /** The relation's name in a ledger: add-remove or substitution. */
  public static String relationId(Relation relation) {
    return switch (relation) {
      case ADD_REMOVE -> "add-remove";
      case SUBSTITUTION -> "substitution";
    };
  }

  /** The relation named {@code id}, or null. */
  public static Relation parseRelation(String id) {
    return switch (id.strip().toLowerCase(Locale.ROOT)) {
      case "add-remove" -> Relation.ADD_REMOVE;
      case "substitution" -> Relation.SUBSTITUTION;
      default -> null;
    };
  }

  private static Path path(String location) {
    try {
      return new Path(location);
    } catch (IllegalArgumentException e) {
      throw new BudgetException("budget ledger " + location + " is not a usable path");
    }
  }

  private static FileSystem fileSystem(Path path, Configuration conf, boolean allowNonAtomic) {
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

  private static void write(FileSystem fs, Path file, byte[] bytes) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      out.write(bytes);
    }
  }

  private static byte[] readBytes(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }

  /** The JSON in {@code bytes}, or null when they hold none. */
  private static JsonNode parse(byte[] bytes) {
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      return null;
    }
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  private static String describe(IOException e) {
    return e.getMessage() != null && e.getClass() == IOException.class ? e.getMessage()
        : e.getClass().getSimpleName();
  }
}
