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
    try (Stream<Path> files = Files.list(ledger.resolve(BudgetLedger.ENTRIES))) {
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
    Files.writeString(corrupt.resolve(BudgetLedger.HEADER), "{\"format\": \"something else\"}");
    assertMessage(() -> BudgetLedger.open(corrupt.toString(), CONF), "is not a pais budget ledger's header");
    Files.writeString(corrupt.resolve(BudgetLedger.HEADER), "not json at all");
    assertMessage(() -> BudgetLedger.open(corrupt.toString(), CONF), "is not a pais budget ledger's header");
    assertMessage(() -> BudgetLedger.create(file.toString(), 1, 0, CONF), "something exists there already");
    assertEquals("1,2\n", Files.readString(file), "create never touches what is there");

    Path damaged = tmp.resolve("damaged");
    BudgetLedger ledger = BudgetLedger.create(damaged.toString(), 5, 0, CONF);
    ledger.claim(1, 0, details("a"));
    Files.writeString(damaged.resolve(BudgetLedger.ENTRIES).resolve("0000000001").resolve("entry.json"), "{}");
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
}
