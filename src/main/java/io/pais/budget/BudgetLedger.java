package io.pais.budget;

import static io.pais.budget.LedgerChain.ENTRIES;
import static io.pais.budget.LedgerChain.HEAD;
import static io.pais.budget.LedgerChain.HEADER;
import static io.pais.budget.LedgerChain.JSON;
import static io.pais.budget.LedgerChain.describe;
import static io.pais.budget.LedgerChain.fileSystem;
import static io.pais.budget.LedgerChain.headBytes;
import static io.pais.budget.LedgerChain.parse;
import static io.pais.budget.LedgerChain.path;
import static io.pais.budget.LedgerChain.readBytes;
import static io.pais.budget.LedgerChain.sha256;
import static io.pais.budget.LedgerChain.write;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.Relation;
import io.pais.io.DirectoryRename;
import io.pais.math.Checks;
import java.io.IOException;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
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
  private static final String FORMAT = "pais budget ledger";
  /**
   * Version 2: a relation, hash-chained entries and a head; version 1 ledgers are read, their old entries unchained.
   */
  private static final int VERSION = 2;

  /** The ledger's files. */
  private final LedgerChain chain;

  private BudgetLedger(LedgerChain chain) {
    this.chain = chain;
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
    return new BudgetLedger(new LedgerChain(path, fs, conf, new LedgerChain.Header(epsilon, delta, relation, version,
        sha256(bytes))));
  }

  /** Where the ledger is (as given). */
  public String location() {
    return chain.location();
  }

  /** The relation the ledger composes under. */
  public Relation relation() {
    return chain.header().relation();
  }

  /**
   * The ledger as it is now, verified: the chain of hashes from the header to the head. A listing taken while
   * another run publishes an entry may miss it; one that shows a later entry without an earlier one is taken
   * again (entries appear in order), and a gap that stays is damage.
   */
  public BudgetStatus read() {
    return chain.read();
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
    return chain.append(status -> {
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
    return RelationCharge.of(chain.header().relation(), relation, epsilon, delta, location());
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
    return chain.append(status -> {
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
    return chain.append(status -> {
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


}
