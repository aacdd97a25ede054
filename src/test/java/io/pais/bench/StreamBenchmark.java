package io.pais.bench;

import io.pais.job.PaisJob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * What a stream holds and how fast local[2] takes its records: the job's {@code --stream} over a folder of generated
 * files (a mixture of k = 10 Gaussians in d = 20, one window an hour of event time, four files a window, one window a
 * micro-batch), run to its end with trigger available-now, for each stream length and sample fraction given (after a
 * short stream that is not measured). Prints
 * records per second over the whole run (reading, sampling, storing the sample and the windows' releases), the
 * largest size the stream's sample store reached in the checkpoint (polled every 20 ms), and the largest heap in use
 * (polled likewise): the sample store should follow the fraction and the open windows, not the stream's length. Run:
 * see docs/PERFORMANCE.md. Arguments: records per window, then stream lengths in windows (e.g. 5,10), then sample
 * fractions (e.g. 1%,10%).
 */
public final class StreamBenchmark {
  private static final int D = 20;
  private static final int K = 10;
  private static final int FILES_PER_WINDOW = 4;
  private static final long T0 = 1_767_225_600L;

  private StreamBenchmark() {}

  public static void main(String[] args) throws Exception {
    int perWindow = Integer.parseInt(args[0]);
    String[] lengths = args[1].split(",");
    String[] fractions = args[2].split(",");
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-stream-benchmark")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    Path root = Files.createTempDirectory("pais-stream-bench");
    System.out.printf(Locale.ROOT, "d=%d k=%d, %d records a window in %d files, heap %.0f MB, local[2]%n", D, K,
        perWindow, FILES_PER_WINDOW, Runtime.getRuntime().maxMemory() / 1e6);
    // a short stream first, not measured: the JIT and Spark's first jobs
    Path warm = root.resolve("warm-up");
    generate(warm.resolve("landing"), 1, 20_000);
    PaisJob.run(spark, arguments(warm.resolve("landing"), warm.resolve("checkpoint"), warm.resolve("releases"), "10%"),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), System.err);
    System.out.println("windows  records     fraction  seconds  records/s  sample store peak (MB)  heap peak (MB)");
    for (String length : lengths) {
      int windows = Integer.parseInt(length);
      Path input = root.resolve("landing-" + windows);
      long records = generate(input, windows, perWindow);
      for (String fraction : fractions) {
        Path run = root.resolve("run-" + windows + "-" + fraction.replace("%", "pct"));
        Path checkpoint = run.resolve("checkpoint");
        AtomicLong storePeak = new AtomicLong();
        AtomicLong heapPeak = new AtomicLong();
        Thread poll = poller(checkpoint.resolve("pais").resolve("sample"), storePeak, heapPeak);
        System.gc();
        long start = System.nanoTime();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = PaisJob.run(spark, arguments(input, checkpoint, run.resolve("releases"), fraction),
            new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        double seconds = (System.nanoTime() - start) / 1e9;
        poll.interrupt();
        poll.join();
        if (exit != 0) {
          throw new IllegalStateException("the stream failed: " + out.toString(StandardCharsets.UTF_8));
        }
        System.out.printf(Locale.ROOT, "%7d  %10d  %8s  %7.1f  %9.0f  %22.2f  %14.0f%n", windows, records, fraction,
            seconds, records / seconds, storePeak.get() / 1e6, heapPeak.get() / 1e6);
      }
    }
    spark.stop();
    deleteTree(root);
  }

  private static String[] arguments(Path input, Path checkpoint, Path output, String fraction) {
    String centre = String.join(",", java.util.Collections.nCopies(D, "0"));
    return new String[] {"--stream", "--input", input.toString(), "--event-time", "0", "--dimension",
        Integer.toString(D), "--k", Integer.toString(K), "--epsilon", "1", "--clip-radius", "40", "--center", centre,
        "--norm-bound", "30", "--sampler", "unif", "--sample-size", fraction, "--iterations", "5", "--init",
        "sphere-packing", "--budget-summary", "0", "--window", "1h", "--trigger", "available-now", "--option",
        "maxFilesPerTrigger=" + FILES_PER_WINDOW, "--checkpoint", checkpoint.toString(), "--output",
        output.toString(), "--seed", "1"};
  }

  /** Windows of records (event time, 20 features), one window's files after another's; the count written. */
  private static long generate(Path folder, int windows, int perWindow) throws IOException {
    Files.createDirectories(folder);
    SplittableRandom random = new SplittableRandom(windows);
    double[][] means = new double[K][D];
    for (double[] mean : means) {
      for (int t = 0; t < D; t++) {
        mean[t] = random.nextDouble(-4, 4);
      }
    }
    long written = 0;
    int file = 0;
    for (int w = 0; w < windows + 1; w++) { // one window more: its records close the last
      int records = w < windows ? perWindow : FILES_PER_WINDOW;
      for (int f = 0; f < FILES_PER_WINDOW; f++, file++) {
        Path path = folder.resolve(String.format(Locale.ROOT, "part-%05d.csv", file));
        StringBuilder line = new StringBuilder();
        try (Writer out = Files.newBufferedWriter(path)) {
          for (int i = 0; i < records / FILES_PER_WINDOW; i++) {
            line.setLength(0);
            line.append(T0 + w * 3600L + random.nextInt(3600));
            double[] mean = means[random.nextInt(K)];
            for (int t = 0; t < D; t++) {
              line.append(',').append(Math.round((mean[t] + random.nextGaussian()) * 1e4) / 1e4);
            }
            out.write(line.append('\n').toString());
            written++;
          }
        }
        Files.setLastModifiedTime(path, FileTime.fromMillis(1_700_000_000_000L + file * 1000L));
      }
    }
    return written;
  }

  private static Thread poller(Path store, AtomicLong storePeak, AtomicLong heapPeak) {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    Thread thread = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        storePeak.accumulateAndGet(size(store), Math::max);
        heapPeak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static long size(Path root) {
    if (!Files.exists(root)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException e) {
          return 0; // removed while walked
        }
      }).sum();
    } catch (IOException | UncheckedIOException e) {
      return 0; // a directory removed while walked
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> all = new ArrayList<>(files.sorted(Comparator.reverseOrder()).toList());
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    }
  }
}
