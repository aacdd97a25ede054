package io.pais.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger's protocol on the local file system: claims add up and are compared with the total exactly; a claim
 * that does not fit is refused and writes nothing; returns and releases close claims; racing claims with a total
 * that fits one never both succeed; bad ledgers are refused in one line and nothing is spent.
 */
class BudgetLedgerTest {
  private static final Configuration CONF = new Configuration();

  private static ObjectNode details(String output) {
    return JsonNodeFactory.instance.objectNode().put("output", output);
  }

  private static long entries(Path ledger) throws IOException {
    try (Stream<Path> files = Files.list(ledger.resolve(LedgerChain.ENTRIES))) {
      return files.count();
    }
  }

  @Test
  void claimsAddUpAndAClaimThatDoesNotFitIsRefused(@TempDir Path tmp) throws IOException {
    String path = tmp.resolve("ledger").toString();
    BudgetLedger.create(path, 3, 1e-6, CONF);
    BudgetLedger ledger = BudgetLedger.open(path, CONF);
    BudgetEntry first = ledger.claim(1, 0, details("a"));
    BudgetEntry second = ledger.claim(1.5, 5e-7, details("b"));
    assertEquals(1, first.sequence());
    assertEquals(2, second.sequence());
    BudgetStatus status = ledger.read();
    assertEquals(2.5, status.spentEpsilon());
    assertEquals(0.5, status.remainingEpsilon());
    assertEquals(5e-7, status.remainingDelta(), 1e-22);

    BudgetException refused = assertThrows(BudgetException.class, () -> ledger.claim(0.75, 0, details("c")));
    assertTrue(refused.getMessage().contains("requests epsilon = 0.75") && refused.getMessage().contains(
        "remaining epsilon = 0.5"), refused.getMessage());
    assertEquals(2, entries(tmp.resolve("ledger")), "a refused claim writes nothing");
    assertThrows(BudgetException.class, () -> ledger.claim(0.1, 6e-7, details("d")), "delta is a budget too");

    ledger.giveBack(second.sequence(), "stopped before reading");
    assertEquals(2, ledger.read().remainingEpsilon(), "a returned claim is spent no more");
    assertThrows(BudgetException.class, () -> ledger.recordRelease(first.sequence(), details("a")),
        "a claim is published only after it started reading");
    ledger.startReading(first.sequence());
    ledger.recordRelease(first.sequence(), details("a"));
    assertThrows(BudgetException.class, () -> ledger.giveBack(first.sequence(), "too late"),
        "a released claim cannot be given back");
    assertThrows(BudgetException.class, () -> ledger.recordRelease(second.sequence(), details("b")),
        "a returned claim cannot be released");
    assertEquals(2, ledger.claim(2, 0, details("e")).epsilon());
    assertEquals(0, ledger.read().remainingEpsilon());
  }

  /** The doubles are compared exactly: three claims of the double 0.1 exceed the double 0.3 (by about 2^-55). */
  @Test
  void amountsAreComparedExactlyAndReportedOnTheSafeSide(@TempDir Path tmp) {
    String path = tmp.resolve("ledger").toString();
    BudgetLedger ledger = BudgetLedger.create(path, 0.3, 0, CONF);
    ledger.claim(0.1, 0, details("a"));
    ledger.claim(0.1, 0, details("b"));
    assertThrows(BudgetException.class, () -> ledger.claim(0.1, 0, details("c")));
    BudgetStatus status = ledger.read();
    assertTrue(new java.math.BigDecimal(status.spentEpsilon()).compareTo(new java.math.BigDecimal(0.1)
        .add(new java.math.BigDecimal(0.1))) >= 0, "spent is rounded up");
    assertTrue(status.remainingEpsilon() < 0.1);
    ledger.claim(status.remainingEpsilon(), 0, details("d")); // what remains, as reported, fits
  }

  @Test
  void racingClaimsNeverSpendMoreThanTheTotal(@TempDir Path tmp) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (int round = 0; round < 60; round++) {
        String path = tmp.resolve("ledger-" + round).toString();
        BudgetLedger.create(path, 1, 0, CONF);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> claims = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          String output = "out-" + t;
          claims.add(pool.submit(() -> {
            BudgetLedger ledger = BudgetLedger.open(path, CONF);
            start.await();
            try {
              ledger.claim(0.75, 0, details(output));
              return true;
            } catch (BudgetException e) {
              assertTrue(e.getMessage().contains("refuses the release"), e.getMessage());
              return false;
            }
          }));
        }
        start.countDown();
        int won = 0;
        for (Future<Boolean> claim : claims) {
          won += claim.get() ? 1 : 0;
        }
        assertEquals(1, won, "round " + round + ": exactly one of four claims of 0.75 fits a total of 1");
        assertEquals(0.75, BudgetLedger.open(path, CONF).read().spentEpsilon());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void badLedgersAreRefusedInOneLine(@TempDir Path tmp) throws IOException {
    Path missing = tmp.resolve("missing");
    assertMessage(() -> BudgetLedger.open(missing.toString(), CONF), "no budget ledger at");
    Path file = Files.writeString(tmp.resolve("file.csv"), "1,2\n");
    assertMessage(() -> BudgetLedger.open(file.toString(), CONF), "is not a budget ledger");
    Path foreign = Files.createDirectories(tmp.resolve("foreign"));
    assertMessage(() -> BudgetLedger.open(foreign.toString(), CONF), "is not a budget ledger");
    Path corrupt = Files.createDirectories(tmp.resolve("corrupt"));
    Files.writeString(corrupt.resolve(LedgerChain.HEADER), "{\"format\": \"something else\"}");
    assertMessage(() -> BudgetLedger.open(corrupt.toString(), CONF), "is not a pais budget ledger's header");
    Files.writeString(corrupt.resolve(LedgerChain.HEADER), "not json at all");
    assertMessage(() -> BudgetLedger.open(corrupt.toString(), CONF), "is not a pais budget ledger's header");
    assertMessage(() -> BudgetLedger.create(file.toString(), 1, 0, CONF), "something exists there already");
    assertEquals("1,2\n", Files.readString(file), "create never touches what is there");

    Path damaged = tmp.resolve("damaged");
    BudgetLedger ledger = BudgetLedger.create(damaged.toString(), 5, 0, CONF);
    ledger.claim(1, 0, details("a"));
    Files.writeString(damaged.resolve(LedgerChain.ENTRIES).resolve("0000000001").resolve("entry.json"), "{}");
    assertMessage(() -> ledger.claim(1, 0, details("b")), "entry 0000000001 is damaged");
    assertEquals(1, entries(damaged), "nothing is spent from a damaged ledger");
    assertMessage(() -> BudgetLedger.create(tmp.resolve("bad").toString(), Double.NaN, 0, CONF),
        "total epsilon must be positive and finite");
  }

  private static void assertMessage(Runnable action, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  /**
   * Issue 48, item 3: a claim is claimed, reading, published, failed or returned; a claim that never reached
   * reading can be returned (its run was killed before reading), one that reached it never can.
   */
  @Test
  void aClaimHasAStateAndOnlyAnUnreadOneCanBeReturned(@TempDir Path tmp) {
    BudgetLedger ledger = BudgetLedger.create(tmp.resolve("ledger").toString(), 10, 0, CONF);
    long killedBeforeReading = ledger.claim(1, 0, details("a")).sequence();
    long killedWhileReading = ledger.claim(2, 0, details("b")).sequence();
    ledger.startReading(killedWhileReading);
    long failed = ledger.claim(3, 0, details("c")).sequence();
    ledger.startReading(failed);
    ledger.recordFailure(failed, "ragged row");
    long published = ledger.claim(1, 0, details("d")).sequence();
    ledger.startReading(published);
    ledger.recordRelease(published, details("d"));
    BudgetStatus status = ledger.read();
    assertEquals(BudgetStatus.ClaimState.CLAIMED, status.state(killedBeforeReading));
    assertEquals(BudgetStatus.ClaimState.READING, status.state(killedWhileReading));
    assertEquals(BudgetStatus.ClaimState.FAILED, status.state(failed));
    assertEquals(BudgetStatus.ClaimState.PUBLISHED, status.state(published));
    assertEquals(7, status.spentEpsilon());

    for (long spent : new long[] {killedWhileReading, failed, published}) {
      BudgetException refused = assertThrows(BudgetException.class, () -> ledger.giveBack(spent, "mine"));
      assertTrue(refused.getMessage().contains("cannot be returned"), refused.getMessage());
    }
    assertTrue(assertThrows(BudgetException.class, () -> ledger.giveBack(killedWhileReading, "x")).getMessage()
        .contains("stays spent for good"));
    ledger.giveBack(killedBeforeReading, "killed before it read");
    assertEquals(BudgetStatus.ClaimState.RETURNED, ledger.read().state(killedBeforeReading));
    assertEquals(6, ledger.read().spentEpsilon());
    assertThrows(BudgetException.class, () -> ledger.startReading(killedBeforeReading),
        "a returned claim's run may not start reading: it fails, having read nothing");
    assertThrows(BudgetException.class, () -> ledger.giveBack(99, "no such claim"));
  }

  /** Issue 48, item 4: every edit, deletion and truncation is refused with one line naming the entry. */
  @Test
  void anEditedLedgerIsRefusedNamingWhatChanged(@TempDir Path tmp) throws IOException {
    record Case(String name, String expected, Edit edit) {}
    List<Case> cases = List.of(
        new Case("epsilon edited", "entry 1 was changed", dir -> replace(entry(dir, 1), "\"epsilon\" : 1.0",
            "\"epsilon\" : 1.0E-4")),
        new Case("newest epsilon edited", "entry 3 was changed", dir -> replace(entry(dir, 3), "\"epsilon\" : 2.0",
            "\"epsilon\" : 1.0E-4")),
        new Case("total raised", "budget.json (the total) was changed", dir -> replace(dir.resolve(
            LedgerChain.HEADER), "\"totalEpsilon\" : 5.0", "\"totalEpsilon\" : 100.0")),
        new Case("newest entry deleted", "entry 3 is missing", dir -> deleteEntry(dir, 3)),
        new Case("two newest deleted", "entries 2 to 3 are missing", dir -> {
          deleteEntry(dir, 3);
          deleteEntry(dir, 2);
        }),
        new Case("middle entry deleted", "entry 2 is missing", dir -> deleteEntry(dir, 2)),
        new Case("head deleted", "head.json is missing", dir -> Files.delete(dir.resolve(LedgerChain.HEAD))),
        new Case("reformatted", "entry 2 was changed", dir -> replace(entry(dir, 2), "\n", " ")));
    for (Case c : cases) {
      Path dir = tmp.resolve(c.name().replace(' ', '-'));
      BudgetLedger ledger = BudgetLedger.create(dir.toString(), 5, 0, CONF);
      ledger.claim(1, 0, details("a"));
      ledger.startReading(1);
      ledger.claim(2, 0, details("b"));
      assertEquals(3, ledger.read().spentEpsilon());
      c.edit().apply(dir);
      for (Runnable use : List.<Runnable>of(() -> BudgetLedger.open(dir.toString(), CONF).read(),
          () -> BudgetLedger.open(dir.toString(), CONF).claim(0.5, 0, details("c")))) {
        BudgetException refused = assertThrows(BudgetException.class, use::run, c.name());
        assertTrue(refused.getMessage().contains(c.expected()) && refused.getMessage().contains("edited ledger"),
            c.name() + ": " + refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count());
      }
    }
  }

  /** Raising or lowering the total is an explicit entry; never below what is spent. */
  @Test
  void theTotalChangesOnlyByARecordedEntry(@TempDir Path tmp) {
    BudgetLedger ledger = BudgetLedger.create(tmp.resolve("ledger").toString(), 1, 0, CONF);
    ledger.claim(0.75, 0, details("a"));
    assertThrows(BudgetException.class, () -> ledger.setTotal(0.5, 0, "too low"));
    ledger.setTotal(3, 1e-6, "the data owner approved two more releases");
    BudgetStatus status = ledger.read();
    assertEquals(3, status.totalEpsilon());
    assertEquals(2.25, status.remainingEpsilon());
    BudgetEntry total = status.entries().get(status.entries().size() - 1);
    assertEquals(BudgetEntry.Kind.TOTAL, total.kind());
    assertEquals("the data owner approved two more releases", total.details().path("reason").asText());
    assertEquals(1, total.details().path("previousEpsilon").asDouble());
    ledger.claim(2.25, 1e-6, details("b"));
    assertThrows(BudgetException.class, () -> ledger.claim(0.01, 0, details("c")));
  }

  /**
   * Issue 48, item 5: a ledger composes under one relation. An add/remove ledger refuses a release under
   * substitution (it publishes N); a substitution ledger counts an add/remove release twice (and its delta as
   * (1 + e^epsilon) delta, rounded up).
   */
  @Test
  void claimsComposeUnderTheLedgersRelation(@TempDir Path tmp) {
    BudgetLedger addRemove = BudgetLedger.create(tmp.resolve("add-remove").toString(), 10, 1e-5,
        io.pais.accounting.Relation.ADD_REMOVE, CONF, false);
    BudgetException refused = assertThrows(BudgetException.class, () -> addRemove.claim(5, 1e-6,
        io.pais.accounting.Relation.SUBSTITUTION, details("wor")));
    assertTrue(refused.getMessage().contains("publishes N") && refused.getMessage().contains("--relation "
        + "substitution"), refused.getMessage());
    assertEquals(0, addRemove.read().entries().size());
    addRemove.claim(5, 0, io.pais.accounting.Relation.ADD_REMOVE, details("opt"));
    assertEquals(5, addRemove.read().spentEpsilon());

    BudgetLedger substitution = BudgetLedger.create(tmp.resolve("substitution").toString(), 10, 1e-5,
        io.pais.accounting.Relation.SUBSTITUTION, CONF, false);
    assertEquals(io.pais.accounting.Relation.SUBSTITUTION, BudgetLedger.open(tmp.resolve("substitution").toString(),
        CONF).relation(), "the relation is recorded in the ledger");
    substitution.claim(5, 1e-6, io.pais.accounting.Relation.SUBSTITUTION, details("wor"));
    BudgetEntry opt = substitution.claim(2, 1e-7, io.pais.accounting.Relation.ADD_REMOVE, details("opt"));
    assertEquals(4, opt.epsilon(), "an add/remove release counts 2 epsilon under substitution");
    assertTrue(new java.math.BigDecimal(opt.delta()).compareTo(new java.math.BigDecimal(1e-7).multiply(
        new java.math.BigDecimal(1 + Math.exp(2)))) > 0, "delta (1 + e^eps) rounded up: " + opt.delta());
    assertEquals(9, substitution.read().spentEpsilon());
    BudgetException full = assertThrows(BudgetException.class, () -> substitution.claim(0.75, 0,
        io.pais.accounting.Relation.ADD_REMOVE, details("opt")));
    assertTrue(full.getMessage().contains("requests epsilon = 1.5") && full.getMessage().contains("counted under "
        + "substitution"), full.getMessage());
  }

  /** Versions before the relation and the chain are read as add/remove, their entries as they are. */
  @Test
  void aVersionOneLedgerStillOpensAndChainsWhatFollows(@TempDir Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("v1").resolve(LedgerChain.ENTRIES)).getParent();
    Files.writeString(dir.resolve(LedgerChain.HEADER), "{\"format\":\"pais budget ledger\",\"version\":1,"
        + "\"totalEpsilon\":4.0,\"totalDelta\":0.0}");
    Path first = Files.createDirectories(dir.resolve(LedgerChain.ENTRIES).resolve("0000000001"));
    Files.writeString(first.resolve("entry.json"), "{\"sequence\":1,\"kind\":\"claim\",\"claim\":1,"
        + "\"epsilon\":1.0,\"delta\":0.0,\"time\":\"2026-01-01T00:00:00Z\",\"details\":{}}");
    BudgetLedger ledger = BudgetLedger.open(dir.toString(), CONF);
    assertEquals(io.pais.accounting.Relation.ADD_REMOVE, ledger.relation());
    assertEquals(1, ledger.read().spentEpsilon());
    ledger.claim(1, 0, details("b"));
    assertEquals(2, ledger.read().spentEpsilon());
    replace(first.resolve("entry.json"), "\"epsilon\":1.0", "\"epsilon\":0.5");
    assertThrows(BudgetException.class, () -> BudgetLedger.open(dir.toString(), CONF).read(),
        "from the first chained entry on, the entry before it is covered");
  }

  @Test
  void aLedgerUnderAFileIsRefusedInOneLine(@TempDir Path tmp) throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    assertMessage(() -> BudgetLedger.create(file.resolve("ledger").toString(), 1, 0, CONF), "is a file, not a folder");
    assertEquals("x", Files.readString(file));
  }

  @Test
  void aLedgerOnAnObjectStoreIsRefusedUnlessAccepted(@TempDir Path tmp) {
    Configuration conf = new Configuration();
    conf.set("fs.s3a.impl", io.pais.io.ObjectStoreDouble.class.getName());
    assertMessage(() -> BudgetLedger.create("s3a://bucket/ledger", 1, 0, io.pais.accounting.Relation.ADD_REMOVE,
        conf, false), "without an atomic create and rename");
    assertMessage(() -> BudgetLedger.open("s3a://bucket/ledger", conf), "--allow-non-atomic-rename");
  }

  private interface Edit {
    void apply(Path ledger) throws IOException;
  }

  private static Path entry(Path ledger, int sequence) {
    return ledger.resolve(LedgerChain.ENTRIES).resolve(String.format("%010d", sequence)).resolve("entry.json");
  }

  private static void deleteEntry(Path ledger, int sequence) throws IOException {
    Files.delete(entry(ledger, sequence));
    Files.delete(entry(ledger, sequence).getParent());
  }

  private static void replace(Path file, String from, String to) throws IOException {
    String text = Files.readString(file);
    assertTrue(text.contains(from), file + " holds " + from + ": " + text);
    Files.writeString(file, text.replace(from, to));
  }
}
