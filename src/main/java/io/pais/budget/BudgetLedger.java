package io.pais.budget;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.io.DirectoryRename;
import io.pais.math.Checks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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
 * A privacy budget that outlives a run, kept in a directory on any Hadoop file system: {@code budget.json} (the
 * total (ε, δ), written once) and {@code entries/}, one immutable entry per directory named by its sequence number
 * ({@code 0000000001}, …). An entry is written whole into a hidden directory and published by a rename that never
 * replaces ({@link DirectoryRename}): of two runs that read the ledger and try the same next number, exactly one
 * succeeds, and the other reads again. Since every claim is checked against all the entries before its number, and
 * entries only ever appear whole, the claims not given back never sum to more than the total — on the local file
 * system and on HDFS, where the rename is atomic. Object stores have no atomic rename (see the README).
 *
 * <p>Composition across releases is basic sequential composition: the (ε, δ) of everything released under one
 * ledger is the sum of the claims not given back.
 */
public final class BudgetLedger {
  static final String HEADER = "budget.json";
  static final String ENTRIES = "entries";
  private static final String FORMAT = "pais budget ledger";
  private static final int VERSION = 1;
  /** Tries at the next sequence number before a claim gives up on a ledger too busy to write to. */
  private static final int MAX_ATTEMPTS = 200;
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path path;
  private final FileSystem fs;
  private final Configuration conf;
  private final double totalEpsilon;
  private final double totalDelta;

  private BudgetLedger(Path path, FileSystem fs, Configuration conf, double totalEpsilon, double totalDelta) {
    this.path = path;
    this.fs = fs;
    this.conf = conf;
    this.totalEpsilon = totalEpsilon;
    this.totalDelta = totalDelta;
  }

  /** Makes a ledger at {@code location}, where nothing may exist yet. */
  public static BudgetLedger create(String location, double totalEpsilon, double totalDelta, Configuration conf) {
    Checks.require(totalEpsilon > 0 && Double.isFinite(totalEpsilon), "total epsilon must be positive and finite, "
        + "got " + totalEpsilon);
    Checks.require(totalDelta >= 0 && totalDelta < 1, "total delta must be in [0, 1), got " + totalDelta);
    Path path = new Path(location);
    FileSystem fs = fileSystem(path, conf);
    try {
      if (fs.exists(path)) {
        throw new BudgetException("budget ledger " + location + ": something exists there already; a ledger is "
            + "made only where nothing is");
      }
      Path parent = path.getParent();
      if (parent != null) {
        fs.mkdirs(parent);
      }
      Path tmp = new Path(parent, "." + path.getName() + ".pais-tmp-" + UUID.randomUUID());
      boolean published = false;
      try {
        fs.mkdirs(new Path(tmp, ENTRIES));
        ObjectNode header = JSON.createObjectNode();
        header.put("format", FORMAT);
        header.put("version", VERSION);
        header.put("totalEpsilon", totalEpsilon);
        header.put("totalDelta", totalDelta);
        header.put("created", Instant.now().toString());
        write(fs, new Path(tmp, HEADER), header);
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
    return new BudgetLedger(path, fs, conf, totalEpsilon, totalDelta);
  }

  /** The ledger at {@code location}. */
  public static BudgetLedger open(String location, Configuration conf) {
    Checks.notNull("budget ledger", location);
    Path path = new Path(location);
    FileSystem fs = fileSystem(path, conf);
    JsonNode header;
    try {
      if (!fs.exists(path)) {
        throw new BudgetException("no budget ledger at " + location + " (make one with pais-budget create)");
      }
      if (!fs.getFileStatus(path).isDirectory() || !fs.exists(new Path(path, HEADER))) {
        throw new BudgetException(location + " is not a budget ledger (no " + HEADER + " in a ledger directory)");
      }
      header = read(fs, new Path(path, HEADER));
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location + " cannot be read (" + describe(e) + ")");
    }
    if (header == null || !FORMAT.equals(header.path("format").asText()) || header.path("version").asInt() != VERSION
        || !header.path("totalEpsilon").isNumber() || !header.path("totalDelta").isNumber()) {
      throw new BudgetException("budget ledger " + location + ": " + HEADER + " is not a pais budget ledger's header");
    }
    double epsilon = header.get("totalEpsilon").asDouble();
    double delta = header.get("totalDelta").asDouble();
    if (!(epsilon > 0 && Double.isFinite(epsilon) && delta >= 0 && delta < 1)) {
      throw new BudgetException("budget ledger " + location + ": " + HEADER + " holds an impossible total");
    }
    return new BudgetLedger(path, fs, conf, epsilon, delta);
  }

  /** Where the ledger is (as given). */
  public String location() {
    return path.toString();
  }

  /**
   * The ledger as it is now. A listing taken while another run publishes an entry may miss it; one that shows a
   * later entry without an earlier one is taken again (entries appear in order), and a gap that stays is damage.
   */
  public BudgetStatus read() {
    for (int attempt = 1; ; attempt++) {
      List<BudgetEntry> entries = list();
      int gap = firstGap(entries);
      if (gap == 0) {
        return new BudgetStatus(totalEpsilon, totalDelta, entries);
      }
      if (attempt == 3) {
        throw new BudgetException("budget ledger " + location() + ": entry " + gap + " is missing");
      }
    }
  }

  /** The first sequence number missing below the last entry's, or 0. */
  private static int firstGap(List<BudgetEntry> entries) {
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).sequence() != i + 1) {
        return i + 1;
      }
    }
    return 0;
  }

  private List<BudgetEntry> list() {
    List<BudgetEntry> entries = new ArrayList<>();
    try {
      for (FileStatus child : fs.listStatus(new Path(path, ENTRIES))) {
        String name = child.getPath().getName();
        if (name.startsWith(".")) {
          continue; // an entry being written
        }
        BudgetEntry entry = name.matches("\\d{10}") ? BudgetEntry.fromJson(read(fs, new Path(child.getPath(),
            "entry.json"))) : null;
        if (entry == null || entry.sequence() != Long.parseLong(name)) {
          throw new BudgetException("budget ledger " + location() + ": entry " + name + " is damaged");
        }
        entries.add(entry);
      }
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + location() + " cannot be read (" + describe(e) + ")");
    }
    entries.sort(Comparator.comparingLong(BudgetEntry::sequence));
    return entries;
  }

  /**
   * Takes (ε, δ) from the budget: the claim entry, or a {@link BudgetException} (requested, remaining) when it does
   * not fit what remains.
   *
   * @param details what the claim records besides the amount (the output, the flags)
   */
  public BudgetEntry claim(double epsilon, double delta, ObjectNode details) {
    Checks.require(epsilon > 0 && Double.isFinite(epsilon), "a claim's epsilon must be positive and finite, got "
        + epsilon);
    Checks.require(delta >= 0 && delta < 1, "a claim's delta must be in [0, 1), got " + delta);
    return append(status -> {
      if (!status.fits(epsilon, delta)) {
        throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s refuses the release: it requests "
            + "epsilon = %s, delta = %s; remaining epsilon = %s, delta = %s (nothing was read)", location(),
            epsilon, delta, status.remainingEpsilon(), status.remainingDelta()));
      }
      return entry(status, BudgetEntry.Kind.CLAIM, 0, epsilon, delta, details);
    });
  }

  /** Gives claim {@code claim} back: its run stopped before it read any data. */
  public BudgetEntry giveBack(long claim, String reason) {
    ObjectNode details = JSON.createObjectNode();
    details.put("reason", reason);
    return append(status -> {
      requireOpenClaim(status, claim);
      return entry(status, BudgetEntry.Kind.RETURN, claim, 0, 0, details);
    });
  }

  /** Records what claim {@code claim}'s release spent (its stages, the output) once it is published. */
  public BudgetEntry recordRelease(long claim, ObjectNode details) {
    return append(status -> {
      requireOpenClaim(status, claim);
      return entry(status, BudgetEntry.Kind.RELEASE, claim, 0, 0, details);
    });
  }

  private void requireOpenClaim(BudgetStatus status, long claim) {
    boolean claimed = status.entries().stream().anyMatch(e -> e.kind() == BudgetEntry.Kind.CLAIM
        && e.sequence() == claim);
    if (!claimed || status.returned(claim) || status.releaseOf(claim) != null) {
      throw new BudgetException("budget ledger " + location() + ": claim " + claim + " is not open");
    }
  }

  private static BudgetEntry entry(BudgetStatus status, BudgetEntry.Kind kind, long claim, double epsilon,
      double delta, ObjectNode details) {
    long sequence = status.entries().size() + 1L;
    return new BudgetEntry(sequence, kind, kind == BudgetEntry.Kind.CLAIM ? sequence : claim, epsilon, delta,
        Instant.now().toString(), details);
  }

  /**
   * Appends the entry {@code next} makes of the ledger as read: written whole into a hidden directory, then renamed
   * to its sequence number without replacing; when another run took that number first, read again and retry.
   */
  private BudgetEntry append(Function<BudgetStatus, BudgetEntry> next) {
    Path entries = new Path(path, ENTRIES);
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      BudgetEntry entry = next.apply(read());
      Path tmp = new Path(entries, ".pais-tmp-" + UUID.randomUUID());
      boolean published = false;
      try {
        try {
          fs.mkdirs(tmp);
          write(fs, new Path(tmp, "entry.json"), entry.toJson());
          published = DirectoryRename.withoutReplacing(fs, conf, tmp, new Path(entries, String.format(Locale.ROOT,
              "%010d", entry.sequence())));
        } finally {
          if (!published) {
            fs.delete(tmp, true); // nothing half-written stays behind
          }
        }
      } catch (IOException e) {
        throw new BudgetException("budget ledger " + location() + " cannot be written (" + describe(e) + ")");
      }
      if (published) {
        return entry;
      }
      try {
        Thread.sleep(ThreadLocalRandom.current().nextInt(1, 2 + Math.min(attempt, 50)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BudgetException("budget ledger " + location() + ": interrupted while claiming");
      }
    }
    throw new BudgetException("budget ledger " + location() + ": gave up after " + MAX_ATTEMPTS + " attempts at a "
        + "ledger other runs kept writing to");
  }

  private static FileSystem fileSystem(Path path, Configuration conf) {
    try {
      FileSystem fs = path.getFileSystem(conf);
      // the raw local file system: no .crc side files in the ledger
      return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    } catch (IOException e) {
      throw new BudgetException("budget ledger " + path + ": no file system for it (" + describe(e) + ")");
    }
  }

  private static void write(FileSystem fs, Path file, JsonNode json) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      JSON.writeValue(out, json);
    }
  }

  /** The JSON in {@code file}, or null when it holds none. */
  private static JsonNode read(FileSystem fs, Path file) throws IOException {
    if (!fs.exists(file)) {
      return null;
    }
    try (InputStream in = fs.open(file)) {
      return JSON.readTree(in);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null;
    }
  }

  private static String describe(IOException e) {
    return e.getMessage() != null && e.getClass() == IOException.class ? e.getMessage()
        : e.getClass().getSimpleName();
  }
}
