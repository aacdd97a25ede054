package io.pais.bench;

import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.SettingsBuilder;
import io.pais.clustering.PreparedRun;
import io.pais.settings.Preprocessing;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.io.Points;
import io.pais.sampling.Sampler;
import java.util.Locale;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.RDDInfo;

/**
 * What a prepared run holds in Spark's cache, per point: the engine prepares a run (public preprocessing, then
 * sampling) over generated points (made in the tasks, never cached themselves), and the benchmark reads the block
 * manager's sizes of every cached RDD, in memory and on disk, before and after DP-Lloyd. Run: see
 * docs/PERFORMANCE.md. Arguments: n, d, then samplers (default full opt; a sampler prefixed "strict-" runs a strict
 * release with clip radius 60 and random-ball starts instead of public preprocessing, so that its float cache is
 * measured); -Xmx sets the heap (bench.heap).
 */
public final class MemoryBenchmark {
  private MemoryBenchmark() {}

  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    int d = Integer.parseInt(args[1]);
    String[] samplers = args.length > 2 ? java.util.Arrays.copyOfRange(args, 2, args.length)
        : new String[] {"full", "opt"};
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-memory")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    SparkContext sc = spark.sparkContext();
    JavaRDD<double[]> points = LloydBenchmark.generate(JavaSparkContext.fromSparkContext(sc), n, d, 8);
    long storage = org.apache.spark.SparkEnv.get().memoryManager().maxOnHeapStorageMemory();
    System.out.printf(Locale.ROOT, "n=%d d=%d, heap %.0f MB, Spark's storage memory (at most) %.0f MB, "
        + "8·d = %d bytes%n", n, d, Runtime.getRuntime().maxMemory() / 1e6, storage / 1e6, 8 * d);
    for (String sampler : samplers) {
      boolean strict = sampler.startsWith("strict-");
      Sampler s = Sampler.parse(strict ? sampler.substring("strict-".length()) : sampler);
      SettingsBuilder builder = strict ? KMeansSettings.builder().strict(60.0)
          : KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC).normBound(60.0);
      KMeansSettings settings = builder.k(25).iterations(Iterations.fixed(5)).epsilon(10).sampler(s)
          .sampleSize(new SampleSize.Fraction(0.02)).initialisation(Initialisation.RANDOM_BALL).seed(1L).build();
      PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, m -> { });
      PreparedRun run = engine.prepare(Points.keyedByPartition(points, d, "generated"));
      report(sc, sampler + ", prepared", n);
      engine.iterate(run, engine.noiseFor(run));
      report(sc, sampler + ", after DP-Lloyd", n);
      for (RDDInfo info : sc.getRDDStorageInfo()) {
        sc.getPersistentRDDs().get(info.id()).foreach(rdd -> rdd.unpersist(true));
      }
    }
    spark.stop();
  }

  private static void report(SparkContext sc, String when, long n) {
    long memory = 0;
    long disk = 0;
    int cached = 0;
    for (RDDInfo info : sc.getRDDStorageInfo()) {
      if (info.numCachedPartitions() > 0) {
        memory += info.memSize();
        disk += info.diskSize();
        cached++;
      }
    }
    System.out.printf(Locale.ROOT, "  %-24s cached RDDs %d: %8.1f MB in memory, %8.1f MB on disk; %6.1f bytes a "
        + "point in memory%n", when, cached, memory / 1e6, disk / 1e6, (double) memory / n);
  }
}
