package io.pais.bench;

import io.pais.settings.Iterations;
import io.pais.settings.SampleSize;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.clustering.PreparedRun;
import io.pais.settings.Preprocessing;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.io.Points;
import io.pais.sampling.Sampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.clustering.KMeans;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Side by side in one JVM, on the same generated data (n points × d dims in 25 Gaussian blobs, k = 25, T = 10,
 * local[2]): our full-data DP-Lloyd against Spark MLlib's KMeans (random init, maxIter 10, tol 0, solvers row
 * and block), then an opt run with m = 2 % of n, stage by stage, against the full-data run.
 * Run: see docs/PERFORMANCE.md. Arguments: n (default 1,000,000), d (default 50).
 */
public final class LloydBenchmark {
  private static final int K = 25;
  private static final int T = 10;
  private static final int REPEATS = 5;

  private LloydBenchmark() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    int partitions = 8;
    SparkSession spark = SparkSession.builder().master("local[2]").appName("pais-bench")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<double[]> points = generate(jsc, n, d, partitions).persist(StorageLevel.MEMORY_ONLY());
    points.count();
    System.out.printf(Locale.ROOT, "data: n=%d d=%d k=%d T=%d, %d partitions, master %s, Spark %s%n", n, d, K, T,
        partitions, spark.sparkContext().master(), spark.version());
    System.out.printf(Locale.ROOT, "JVM has jdk.incubator.vector: %s; BLAS (MLlib's): %s%n",
        ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
        dev.ludovic.netlib.blas.BLAS.getInstance().getClass().getSimpleName());

    // ours, full data: public preprocessing (r known for the generator) so that only the iterations differ
    double r = 60;
    KMeansSettings full = settings(Sampler.FULL, 1.0, r);
    PrivateKMeansEngine fullEngine = new PrivateKMeansEngine(full, m -> { });
    PreparedRun fullRun = fullEngine.prepare(Points.keyedByPartition(points, d, "generated"));
    // the same as a strict release (public centre and r, so no stage before DP-Lloyd reads the data): DP-Lloyd reads
    // the cached clipped points and centres and projects them block by block
    KMeansSettings strict = KMeansSettings.builder().strict(r).normBound(r).centre(new double[d]).k(K)
        .iterations(Iterations.fixed(T)).epsilon(10).sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL)
        .seed(1L).build();
    PrivateKMeansEngine strictEngine = new PrivateKMeansEngine(strict, m -> { });
    PreparedRun strictRun = strictEngine.prepare(Points.keyedByPartition(points, d, "generated"));
    // MLlib on the same points, cached as a DataFrame of vectors
    StructType schema = new StructType(new StructField[] {
        new StructField("features", new VectorUDT(), false, Metadata.empty())});
    Dataset<Row> frame = spark.createDataFrame(points.map(x -> RowFactory.create(Vectors.dense(x))), schema)
        .persist(StorageLevel.MEMORY_ONLY());
    frame.count();
    String[] solvers = {"row", "block"};
    // warm-up of every contender, then rounds that time each in turn, so that a drift in the machine's speed
    // (large on this shared 2-core machine) reaches all of them alike
    fullEngine.iterate(fullRun, fullEngine.noiseFor(fullRun));
    fullEngine.iterate(fullRun, fullEngine.noiseFor(fullRun));
    strictEngine.iterate(strictRun, strictEngine.noiseFor(strictRun));
    for (String solver : solvers) {
      fitMllib(frame, solver, 2);
    }
    double[] ours = new double[REPEATS];
    double[] oursStrict = new double[REPEATS];
    double[][] ten = new double[2][REPEATS];
    double[][] one = new double[2][REPEATS];
    for (int i = 0; i < REPEATS; i++) {
      long start = System.nanoTime();
      fullEngine.iterate(fullRun, fullEngine.noiseFor(fullRun));
      ours[i] = (System.nanoTime() - start) / 1e9 / T;
      start = System.nanoTime();
      strictEngine.iterate(strictRun, strictEngine.noiseFor(strictRun));
      oursStrict[i] = (System.nanoTime() - start) / 1e9 / T;
      for (int s = 0; s < 2; s++) {
        ten[s][i] = fitMllib(frame, solvers[s], T);
        one[s][i] = fitMllib(frame, solvers[s], 1);
      }
    }
    double oursPerIteration = median(ours);
    double[] mllib = new double[4];
    for (int s = 0; s < 2; s++) {
      mllib[2 * s] = median(ten[s]) / T;
      mllib[2 * s + 1] = (median(ten[s]) - median(one[s])) / (T - 1);
    }
    fullRun.release();
    strictRun.release();
    frame.unpersist(true);

    System.out.println();
    System.out.printf(Locale.ROOT, "seconds per iteration, median of %d runs (lower is better)%n", REPEATS);
    System.out.printf(Locale.ROOT, "  %-44s %8.3f%n", "pais full-data DP-Lloyd", oursPerIteration);
    System.out.printf(Locale.ROOT, "  %-44s %8.3f%n", "pais full-data DP-Lloyd, strict (centred per block)",
        median(oursStrict));
    for (int s = 0; s < 2; s++) {
      System.out.printf(Locale.ROOT, "  %-44s %8.3f   (marginal, (fit(10)-fit(1))/9: %.3f)%n",
          "MLlib KMeans " + solvers[s] + " (fit(10)/10)", mllib[2 * s], mllib[2 * s + 1]);
    }
    double best = Math.min(Math.min(mllib[0], mllib[1]), Math.min(mllib[2], mllib[3]));
    System.out.printf(Locale.ROOT, "  ratio pais / best MLlib figure: %.2f; pais / MLlib block marginal: %.2f%n",
        oursPerIteration / best, oursPerIteration / mllib[3]);

    // the whole pipeline, full data vs opt with m = 2 % of n
    pipeline(points, d, settings(Sampler.OPT, 0.02, r)); // warm-up
    Map<String, Double> fullStages = medianStages(points, d, settings(Sampler.FULL, 1.0, r));
    Map<String, Double> optStages = medianStages(points, d, settings(Sampler.OPT, 0.02, r));
    double fullTotal = fullStages.values().stream().mapToDouble(Double::doubleValue).sum();
    System.out.println();
    System.out.printf(Locale.ROOT, "pipeline stages (seconds, median of %d runs): full data vs opt at m = 2%% of n%n",
        REPEATS);
    for (String stage : optStages.keySet()) {
      double f = fullStages.getOrDefault(stage, 0.0);
      double o = optStages.get(stage);
      System.out.printf(Locale.ROOT, "  %-24s full %8.3f   opt %8.3f   opt/full-total %.3f%n", stage, f, o,
          o / fullTotal);
    }
    double optTotal = optStages.values().stream().mapToDouble(Double::doubleValue).sum();
    double optSampledPart = optStages.getOrDefault("weights and sampling", 0.0) + optStages.get("DP-Lloyd");
    double fullLloyd = fullStages.get("DP-Lloyd");
    System.out.printf(Locale.ROOT, "  total: full %.3f s, opt %.3f s, opt/full %.3f (m/n = 0.02)%n", fullTotal, optTotal,
        optTotal / fullTotal);
    System.out.printf(Locale.ROOT, "  paper's Figure 5 measure, (weights + sampling + DP-Lloyd) / full DP-Lloyd: %.3f%n",
        optSampledPart / fullLloyd);
    spark.stop();
  }

  private static double median(double[] values) {
    double[] s = values.clone();
    java.util.Arrays.sort(s);
    return s[s.length / 2];
  }

  private static KMeansSettings settings(Sampler sampler, double sampleSize, double r) {
    return KMeansSettings.builder().paper().preprocessing(Preprocessing.PUBLIC).normBound(r).k(K)
        .iterations(Iterations.fixed(T)).epsilon(10).sampler(sampler).sampleSize(SampleSize.of("m", sampleSize))
        .initialisation(Initialisation.RANDOM_BALL).seed(1L).build();
  }

  private static Map<String, Double> medianStages(JavaRDD<double[]> points, int d, KMeansSettings settings) {
    List<Map<String, Double>> runs = new ArrayList<>();
    for (int i = 0; i < REPEATS; i++) {
      runs.add(pipeline(points, d, settings));
    }
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    for (String stage : runs.get(0).keySet()) {
      out.put(stage, median(runs.stream().mapToDouble(m -> m.get(stage)).toArray()));
    }
    return out;
  }

  private static Map<String, Double> pipeline(JavaRDD<double[]> points, int d, KMeansSettings settings) {
    ClusteringResult result = new PrivateKMeansEngine(settings, m -> { })
        .fit(Points.keyedByPartition(points, d, "generated"), false);
    return result.stageSeconds();
  }

  private static double fitMllib(Dataset<Row> frame, String solver, int maxIter) {
    long start = System.nanoTime();
    new KMeans().setK(K).setMaxIter(maxIter).setTol(0).setInitMode("random").setSeed(1).setSolver(solver)
        .fit(frame);
    return (System.nanoTime() - start) / 1e9;
  }

  static JavaRDD<double[]> generate(JavaSparkContext jsc, int n, int d, int partitions) {
    List<Integer> ids = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      ids.add(p);
    }
    return jsc.parallelize(ids, partitions).flatMap(p -> {
      double[][] means = GaussianBlobs.means(K, d, new SplittableRandom(12345));
      int rows = n / partitions + (p < n % partitions ? 1 : 0);
      List<double[]> out = GaussianBlobs.around(means, rows, new SplittableRandom(1000L + p));
      return out.iterator();
    });
  }
}
