package io.pais.bench;

import io.pais.sampling.ChunkedDraw;
import io.pais.sampling.ChunkedDraw.Chunks;
import io.pais.sampling.UniformScheme;
import io.pais.privacy.CounterModeStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The driver's part of a fixed-size scheme's draw, per DP-Lloyd iteration, as m grows (issue 29, item 4): the
 * two-level draw ({@link ChunkedDraw}: counts per chunk on the driver, the chunks' draws in the tasks) against the
 * one-level draw it replaced (every drawn record number on the driver: Floyd's algorithm over a hash set for WOR, m
 * sorted numbers for WR), over N = 10⁹ records. Prints the driver's seconds, its peak heap (after collections,
 * {@link HeapPeak}), the bytes broadcast, and for the two-level draw the task seconds all chunks take together (one
 * core; a cluster spreads them). Run with the 2 GB heap of the end-to-end benchmark: the one-level draw runs out of
 * memory first.
 *
 * <p>Arguments: N (default 10⁹), then the m values (default 10⁶ 10⁷ 10⁸).
 */
public final class DrawBenchmark {
  private DrawBenchmark() {}

  public static void main(String[] args) throws IOException {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000_000L;
    long[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToLong(Long::parseLong).toArray()
        : new long[] {1_000_000, 10_000_000, 100_000_000};
    Chunks chunks = Chunks.of(n);
    System.out.printf(Locale.ROOT, "N = %d in %d chunks of %d; heap %d MB%n", n, chunks.count(), chunks.size(),
        Runtime.getRuntime().maxMemory() >> 20);
    System.out.printf(Locale.ROOT, "%-8s %-10s %12s %12s %14s %10s%n", "scheme", "m", "draw", "driver s",
        "driver peak MB", "task s");
    HeapPeak heap = HeapPeak.start();
    UniformRandomProvider random = new CounterModeStream(new byte[32], 1);
    for (UniformScheme scheme : List.of(UniformScheme.WOR, UniformScheme.WR, UniformScheme.MUST_OW)) {
      for (long m : sizes) {
        heap.reset();
        long start = System.nanoTime();
        ChunkedDraw.StageOne stageOne = scheme.isTwoStage() ? ChunkedDraw.stageOne(scheme, chunks, 2 * m, random)
            : null;
        ChunkedDraw draw = ChunkedDraw.draw(scheme, chunks, stageOne, m, random);
        double driver = (System.nanoTime() - start) / 1e9;
        long broadcast = serializedBytes(draw);
        long peak = heap.bytes();
        start = System.nanoTime();
        long drawn = 0;
        for (int j = 0; j < chunks.count(); j++) {
          drawn += Arrays.stream(draw.copies(j)).sum();
        }
        double tasks = (System.nanoTime() - start) / 1e9;
        if (drawn != m) {
          throw new IllegalStateException("drew " + drawn + " of " + m);
        }
        System.out.printf(Locale.ROOT, "%-8s %-10d %12s %12.2f %14.1f %10.2f   (broadcast %d kB)%n", scheme.id(), m,
            "two-level", driver, peak / 1e6, tasks, broadcast / 1000);
        if (scheme == UniformScheme.MUST_OW) {
          continue; // the one-level draw of a two-stage scheme holds n₁ + m numbers: no new information
        }
        heap.reset();
        start = System.nanoTime();
        String outcome;
        try {
          long[] records = scheme == UniformScheme.WOR ? floyd(n, m, random) : sortedDraws(n, m, random);
          outcome = String.format(Locale.ROOT, "%12.2f %14.1f %10s   (broadcast %d kB)",
              (System.nanoTime() - start) / 1e9, heap.bytes() / 1e6, "-", records.length * 12L / 1000);
        } catch (OutOfMemoryError e) {
          outcome = String.format(Locale.ROOT, "%12s %14s", "out of memory", "> heap");
        }
        System.out.printf(Locale.ROOT, "%-8s %-10d %12s %s%n", scheme.id(), m, "one-level", outcome);
      }
    }
  }

  /** The one-level WOR draw as it was: Floyd's algorithm over a hash set of record numbers, then sorted. */
  private static long[] floyd(long n, long m, UniformRandomProvider random) {
    Set<Long> chosen = new HashSet<>();
    for (long j = n - m; j < n; j++) {
      long t = random.nextLong(j + 1);
      chosen.add(chosen.contains(t) ? j : t);
    }
    long[] out = chosen.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(out);
    return out;
  }

  /** The one-level WR draw as it was: m record numbers, sorted (then tallied into distinct numbers and copies). */
  private static long[] sortedDraws(long n, long m, UniformRandomProvider random) {
    long[] out = new long[Math.toIntExact(m)];
    for (int i = 0; i < out.length; i++) {
      out[i] = random.nextLong(n);
    }
    Arrays.sort(out);
    return out;
  }

  private static long serializedBytes(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.size();
  }
}
