package io.pais.bench;

import java.io.BufferedWriter;
import io.pais.testing.ForkedJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.ml.clustering.KMeans;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A private release end to end against what a user would otherwise run, on one generated CSV: every contender in a
 * fresh JVM with the same heap (the driver of {@code local[2]}) and the vector module, the contenders interleaved
 * round by round so that a drift in the machine's speed reaches all alike.
 *
 * <ul>
 *   <li>floor: Spark's own CSV read and parse of every field (a sum of every column), what any job that reads the
 *       data pays;</li>
 *   <li>MLlib: {@code KMeans} with its defaults (k-means‖, maxIter 20) after Spark's CSV reader and a
 *       {@code VectorAssembler} (not private);</li>
 *   <li>pais opt and pais full: the job's strict default release (ε = 3, the private coreset, T auto, opt's size
 *       auto, offsets clipped), with the public clip radius the blobs need; opt5: opt with a given 5 % sample;
 *       opt-sums: opt summing the points ({@code --offset-clip none}, the release before clipped offsets).</li>
 * </ul>
 *
 * Times are wall clock of each JVM from start to exit (Spark's start-up included for all alike); pais's own stage
 * times are printed from its console summary. The file (n × d, 25 Gaussian blobs, 6 decimals, a header) is written
 * once into target/bench-data. Arguments: n (5,000,000), d (20), k (10; for pais also candidates, e.g. 4,6,8,10,
 * of which MLlib takes the largest), rounds (2), heap (2g), the contenders to run
 * (a comma-separated subset of floor, mllib, opt, opt5, opt-sums, full; default all but opt5 and opt-sums), then
 * any further flags for
 * both pais runs (e.g. {@code --coreset-sample-size 262144}). Run: see docs/PERFORMANCE.md.
 */
public final class EndToEndBenchmark {
  private static final int BLOBS = 25;
  /** The clip radius of the strict releases: the blobs' centres lie within 30 and their points within 8 of them. */
  private static final String CLIP_RADIUS = "60";
  private static final String FLOOR = "floor: Spark CSV, sum of every column";
  private static final String MLLIB = "MLlib KMeans, defaults (not private)";

  private EndToEndBenchmark() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
    int d = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    String k = args.length > 2 ? args[2] : "10";
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    String heap = args.length > 4 ? args[4] : "2g";
    List<String> only = args.length > 5 ? List.of(args[5].split(",")) : List.of("floor", "mllib", "opt", "full");
    List<String> extraFlags = args.length > 6 ? List.of(args).subList(6, args.length) : List.of();
    Path dir = Path.of("target", "bench-data").toAbsolutePath();
    Path file = dir.resolve("blobs-" + n + "x" + d + ".csv");
    if (!Files.exists(file)) {
      write(file, n, d);
    }
    System.out.printf(Locale.ROOT, "file %s: %d rows x %d columns, %.0f MB; local[2], %s heap per JVM, k = %s%n",
        file, n, d, Files.size(file) / 1e6, heap, k);
    List<String> paisCommon = new ArrayList<>(List.of("--input", file.toString(), "--header", "--k",
        k, "--epsilon", "3", "--clip-radius", CLIP_RADIUS, "--master", "local[2]", "--overwrite"));
    paisCommon.addAll(extraFlags);
    Map<String, List<String>> contenders = new LinkedHashMap<>();
    if (only.contains("floor")) {
      contenders.put(FLOOR, List.of(Floor.class.getName(), file.toString()));
    }
    if (only.contains("mllib")) {
      contenders.put(MLLIB, List.of(MLlib.class.getName(), file.toString(),
          Integer.toString(Arrays.stream(k.split(",")).mapToInt(Integer::parseInt).max().orElseThrow())));
    }
    if (only.contains("opt")) {
      contenders.put("pais strict, opt (default: size auto)", pais(paisCommon, "opt", dir.resolve("e2e-opt")));
    }
    if (only.contains("opt5")) {
      // the size auto takes from a million points on, given: below that, the side by side of what auto's growth costs
      contenders.put("pais strict, opt 5 %", pais(with(paisCommon, "--sample-size", "5%"), "opt",
          dir.resolve("e2e-opt5")));
    }
    if (only.contains("opt-sums")) {
      contenders.put("pais strict, opt summing the points", pais(with(paisCommon, "--offset-clip", "none"), "opt",
          dir.resolve("e2e-opt-sums")));
    }
    if (only.contains("full")) {
      contenders.put("pais strict, full", pais(paisCommon, "full", dir.resolve("e2e-full")));
    }

    Map<String, double[]> seconds = new LinkedHashMap<>();
    contenders.keySet().forEach(name -> seconds.put(name, new double[rounds]));
    for (int round = 0; round < rounds; round++) {
      for (Map.Entry<String, List<String>> c : contenders.entrySet()) {
        Run run = fork(c.getValue(), heap, dir);
        seconds.get(c.getKey())[round] = run.seconds();
        System.out.printf(Locale.ROOT, "round %d  %-40s %8.1f s%n", round + 1, c.getKey(), run.seconds());
        run.stageLines().forEach(line -> System.out.println("           " + line.strip()));
      }
    }
    double floor = seconds.containsKey(FLOOR) ? median(seconds.get(FLOOR)) : Double.NaN;
    double mllib = seconds.containsKey(MLLIB) ? median(seconds.get(MLLIB)) : Double.NaN;
    System.out.printf(Locale.ROOT, "median of %d rounds, seconds (and ratios to the read floor and to MLlib)%n", rounds);
    for (Map.Entry<String, double[]> e : seconds.entrySet()) {
      double m = median(e.getValue());
      System.out.printf(Locale.ROOT, "  %-40s %8.1f s   %5.2f x floor   %5.2f x MLlib   %s%n", e.getKey(), m,
          m / floor, m / mllib, Arrays.toString(e.getValue()));
    }
  }

  private static List<String> with(List<String> flags, String... more) {
    List<String> out = new ArrayList<>(flags);
    out.addAll(List.of(more));
    return out;
  }

  private static List<String> pais(List<String> common, String sampler, Path output) {
    List<String> command = new ArrayList<>(List.of("io.pais.job.PaisJob"));
    command.addAll(common);
    command.addAll(List.of("--sampler", sampler, "--output", output.toString()));
    return command;
  }

  /** A contender's wall-clock seconds and pais's stage lines ("time ..." in its summary). */
  private record Run(double seconds, List<String> stageLines) {}

  /** Runs {@code mainAndArgs} in a fresh JVM with the vector module and {@code heap} (no time limit). */
  private static Run fork(List<String> mainAndArgs, String heap, Path dir) throws IOException, InterruptedException {
    List<String> command = ForkedJvm.command(List.of("--add-modules=jdk.incubator.vector", "-Xmx" + heap),
        mainAndArgs.get(0), mainAndArgs.subList(1, mainAndArgs.size()));
    Path out = dir.resolve("e2e-stdout.txt");
    Path err = dir.resolve("e2e-stderr.txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    long start = System.nanoTime();
    int exit = builder.start().waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    if (exit != 0) {
      throw new IllegalStateException(mainAndArgs.get(0) + " exited with " + exit + ":\n"
          + String.join("\n", Files.readAllLines(err, StandardCharsets.UTF_8)));
    }
    return new Run(seconds, lines.stream().filter(l -> l.strip().startsWith("time ")).toList());
  }

  /** The read floor: Spark's CSV reader with the schema, every column summed (every field parsed). */
  public static final class Floor {
    private Floor() {}

    public static void main(String[] args) {
      SparkSession spark = session("pais-e2e-floor");
      Dataset<Row> data = read(spark, args[0]);
      Column[] sums = Arrays.stream(data.columns()).map(functions::sum).toArray(Column[]::new);
      System.out.println("sums " + data.agg(sums[0], Arrays.copyOfRange(sums, 1, sums.length)).first().size());
      spark.stop();
    }
  }

  /** MLlib's KMeans with its defaults, as a user would run it on the same file. */
  public static final class MLlib {
    private MLlib() {}

    public static void main(String[] args) {
      SparkSession spark = session("pais-e2e-mllib");
      Dataset<Row> data = read(spark, args[0]);
      Dataset<Row> features = new VectorAssembler().setInputCols(data.columns()).setOutputCol("features")
          .transform(data);
      KMeansModel model = new KMeans().setK(Integer.parseInt(args[1])).fit(features);
      System.out.println("centres " + model.clusterCenters().length);
      spark.stop();
    }
  }

  private static SparkSession session(String name) {
    SparkSession spark = SparkSession.builder().master("local[2]").appName(name).config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  private static Dataset<Row> read(SparkSession spark, String file) {
    String[] header = spark.read().textFile(file).first().split(",");
    StructField[] fields = Arrays.stream(header)
        .map(name -> new StructField(name, DataTypes.DoubleType, false, Metadata.empty()))
        .toArray(StructField[]::new);
    return spark.read().option("header", "true").schema(new StructType(fields)).csv(file);
  }

  private static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  /** {@code value} with 6 decimals (String.format would take minutes for 10^8 fields). */
  private static void appendSixDecimals(StringBuilder line, double value) {
    long micros = Math.round(value * 1e6);
    if (micros < 0) {
      line.append('-');
      micros = -micros;
    }
    String fraction = Long.toString(micros % 1_000_000);
    line.append(micros / 1_000_000).append('.').append("000000", fraction.length(), 6).append(fraction);
  }

  /** n rows of d coordinates around 25 blob centres (uniform in [-30, 30]^d, unit variance), 6 decimals, a header. */
  private static void write(Path file, int n, int d) throws IOException {
    Files.createDirectories(file.getParent());
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    SplittableRandom random = new SplittableRandom(29);
    double[][] centres = new double[BLOBS][d];
    for (double[] c : centres) {
      for (int t = 0; t < d; t++) {
        c[t] = 30 * (2 * random.nextDouble() - 1) / Math.sqrt(d);
      }
    }
    try (BufferedWriter out = Files.newBufferedWriter(partial)) {
      StringBuilder line = new StringBuilder();
      for (int t = 0; t < d; t++) {
        line.append(t > 0 ? "," : "").append('x').append(t);
      }
      out.append(line).append('\n');
      for (int i = 0; i < n; i++) {
        line.setLength(0);
        double[] c = centres[random.nextInt(BLOBS)];
        for (int t = 0; t < d; t++) {
          appendSixDecimals(line.append(t > 0 ? "," : ""), c[t] + random.nextGaussian());
        }
        out.append(line).append('\n');
      }
    }
    Files.move(partial, file);
  }
}
