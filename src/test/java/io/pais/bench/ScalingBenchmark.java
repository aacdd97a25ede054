package io.pais.bench;

import io.pais.settings.Iterations;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.clustering.PreparedRun;
import io.pais.settings.Preprocessing;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.io.Points;
import io.pais.sampling.Sampler;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.RDDInfo;

/**
 * One point of the scaling curve: full-data DP-Lloyd (public preprocessing, k = 25, T = 10, local[2]) on n generated
 * points of dimension d (made in the tasks, 8 partitions per million points so that tasks stay near 125,000 points),
 * printed as one line: seconds per stage (preparing includes generating the points), seconds per iteration (30
 * iterations after 20 of warm-up), what the cache holds, and the largest heap in use after a garbage collection
 * ({@link HeapPeak}). With n = 0 it measures Spark's per-iteration overhead instead: DP-Lloyd over 8 one-point partitions.
 * Run: see docs/PERFORMANCE.md (one JVM per n, so that each peak is its own). Arguments: n, d.
 */
public final class ScalingBenchmark {
  private static final int K = 25;
  private static final int T = 10;

  private ScalingBenchmark() {}

  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    int d = Integer.parseInt(args[1]);
    HeapPeak heap = HeapPeak.start();
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-scaling")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    SparkContext sc = spark.sparkContext();
    boolean overhead = n == 0;
    int rows = overhead ? 8 : n;
    int partitions = overhead ? 8 : Math.max(8, (int) Math.ceil(n / 125_000.0));
    KMeansSettings settings = KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC).normBound(60.0).k(K)
        .iterations(Iterations.fixed(T)).epsilon(10).sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL)
        .seed(1L).build();
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, m -> { });
    PreparedRun run = engine.prepare(Points.keyedByPartition(
        LloydBenchmark.generate(JavaSparkContext.fromSparkContext(sc), rows, d, partitions), d, "generated"));
    engine.iterate(run, engine.noiseFor(run)); // warm-up: the kernel's JIT compilation
    engine.iterate(run, engine.noiseFor(run));
    long start = System.nanoTime();
    int repeats = overhead ? 5 : 3;
    for (int i = 0; i < repeats; i++) {
      engine.iterate(run, engine.noiseFor(run));
    }
    double perIteration = (System.nanoTime() - start) / 1e9 / (repeats * T);
    Map<String, Double> stages = engine.stageSeconds();
    long memory = 0;
    long disk = 0;
    for (RDDInfo info : sc.getRDDStorageInfo()) {
      memory += info.memSize();
      disk += info.diskSize();
    }
    long peak = heap.bytes();
    if (overhead) {
      System.out.printf(Locale.ROOT, "Spark overhead: DP-Lloyd over 8 one-point partitions, %.4f s per iteration%n",
          perIteration);
    } else {
      System.out.printf(Locale.ROOT, "n=%d d=%d partitions=%d | prepare %.2f s | "
          + "DP-Lloyd %.3f s per iteration | cache %.0f MB in memory, %.0f MB on disk | peak heap live after a GC %.0f MB of %.0f%n",
          n, d, partitions, stages.get("read and preprocess"), perIteration,
          memory / 1e6, disk / 1e6, peak / 1e6, Runtime.getRuntime().maxMemory() / 1e6);
    }
    spark.stop();
  }
}
