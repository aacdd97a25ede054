package io.pais.bench;

import io.pais.sampling.KeyedCoins;
import io.pais.sampling.RecordCoin;
import java.util.Locale;

/**
 * Nanoseconds per Poisson coin, one thread: the AES-keyed coins of a release against the SplitMix mix of the
 * experiment runner, side by side in one JVM, 4 rounds (the first is warm-up). Argument: coins per round
 * (default 10,000,000). See docs/PERFORMANCE.md.
 */
public final class CoinBenchmark {
  private CoinBenchmark() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
    KeyedCoins keyed = KeyedCoins.seeded(1);
    double sink = 0;
    for (int round = 0; round < 4; round++) {
      long t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        sink += keyed.uniform(i);
      }
      long t1 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        sink += RecordCoin.uniform(1, i);
      }
      long t2 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: AES-keyed %.1f ns/coin, SplitMix %.1f ns/coin%s%n", round,
          (t1 - t0) / (double) n, (t2 - t1) / (double) n, round == 0 ? " (warm-up)" : "");
    }
    System.out.printf(Locale.ROOT, "(checksum %.3f)%n", sink);
  }
}
