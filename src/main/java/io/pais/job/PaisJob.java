package io.pais.job;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.InitShare;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.Defaults;
import io.pais.settings.Vocabulary;
import io.pais.settings.Outliers;
import io.pais.settings.PrivacyMode;
import io.pais.settings.OffsetClip;
import io.pais.settings.SampleSize;
import io.pais.settings.SampleSizeRule;
import io.pais.settings.Iterations;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Preprocessing;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.accounting.BudgetPerCentre;
import io.pais.clustering.PrivateKMeansRelease;
import io.pais.io.FailFast;
import io.pais.io.FailureReport;
import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.io.ReleaseConfiguration;
import io.pais.io.ReleaseWriter;
import io.pais.privacy.BaseNoise;
import io.pais.settings.GeometryChoice;
import io.pais.privacy.Seed;
import io.pais.accounting.LedgerEntry;
import io.pais.budget.BudgetStatus;
import io.pais.budget.ReleaseClaim;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.KSelection;
import io.pais.accounting.TrainingSummary;
import io.pais.sampling.Sampler;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The spark-submit job: reads a data set, runs importance-sampled weighted DP-Lloyd and writes the centres with
 * a privacy report. Defaults come from {@code conf/pais-defaults.properties}; flags override them.
 */
@Command(name = "pais", mixinStandardHelpOptions = true, version = "pais 0.1.0", sortOptions = false,
    description = "Differentially private k-means with Poisson importance sampling and weighted DP-Lloyd.")
public final class PaisJob implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(PaisJob.class);
  /** Full traces of failures: to the log file only (conf/log4j2.properties), the terminal gets one line. */
  private static final Logger TRACE = LoggerFactory.getLogger("pais.trace");
  /** Stage boundaries and timings: to the log file only (the terminal shows them once, in the summary). */
  private static final Logger STAGES = LoggerFactory.getLogger("pais.stages");

  @Option(names = "--config", paramLabel = "FILE")
  Path config;

  @Option(names = "--input", split = ",", paramLabel = "PATH")
  List<String> input;

  @Option(names = "--table", paramLabel = "DB.NAME")
  String table;

  @Option(names = "--format")
  String format;

  @Option(names = "--option", paramLabel = "KEY=VALUE")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--header", negatable = true, arity = "0..1", fallbackValue = "true")
  boolean header;

  @Option(names = "--skip-lines")
  int skipLines;

  @Option(names = "--delimiter")
  String delimiter;

  @Option(names = "--features", split = ",", paramLabel = "COL")
  List<String> features = new ArrayList<>();

  @Option(names = "--drop", split = ",", paramLabel = "COL")
  List<String> drop = new ArrayList<>();

  @Option(names = "--vector-column", paramLabel = "COL")
  String vectorColumn = "";

  @Option(names = "--dimension")
  int dimension;

  @Option(names = "--k", paramLabel = "K[,K...]")
  String k;

  @Option(names = "--budget-k-selection")
  double budgetKSelection;

  @Option(names = "--iterations")
  String iterations;

  @Option(names = "--offset-clip")
  String offsetClip;

  @Option(names = "--epsilon")
  double epsilon;

  @Option(names = "--sampler")
  String sampler;

  @Option(names = "--sample-size", paramLabel = "M")
  String sampleSize;

  @Option(names = "--stage1-size", paramLabel = "N1")
  String stage1Size;

  @Option(names = "--stage1-cached", negatable = true, arity = "0..1", fallbackValue = "true")
  boolean stage1Cached;

  @Option(names = "--noise")
  String noise;

  @Option(names = "--delta")
  double delta;

  @Option(names = "--lambda")
  double lambda;

  @Option(names = "--geometry")
  String geometry;

  @Option(names = "--privacy")
  String privacy;

  @Option(names = "--clip-radius", paramLabel = "R0")
  Double clipRadius;

  @Option(names = "--origin", split = ",", paramLabel = "X")
  double[] origin;

  @Option(names = "--bounds", paramLabel = "LO:HI[,LO:HI...]")
  String bounds;

  @Option(names = "--norm-quantile")
  double normQuantile;

  @Option(names = "--tail-radius", negatable = true, arity = "0..1", fallbackValue = "true")
  boolean tailRadius;

  @Option(names = "--outliers")
  String outliers;

  @Option(names = "--budget-centre")
  double budgetCentre;

  @Option(names = "--budget-histogram")
  double budgetHistogram;

  @Option(names = "--budget-init")
  String budgetInit;

  @Option(names = "--budget-summary")
  double budgetSummary;

  @Option(names = "--coreset-sample-size", paramLabel = "N")
  int coresetSampleSize;

  @Option(names = "--preprocess")
  String preprocess;

  @Option(names = "--norm-bound", paramLabel = "R")
  Double normBound;

  @Option(names = "--center", split = ",", paramLabel = "X")
  double[] center;

  @Option(names = "--init")
  String init;

  @Option(names = "--seed", paramLabel = "SEED")
  String seed;

  @Option(names = "--guards", negatable = true, arity = "0..1", fallbackValue = "true")
  boolean guards;

  @Option(names = "--min-noisy-count")
  double minNoisyCount;

  @Option(names = "--core-supremum")
  String coreSupremum;

  @Option(names = "--output", required = true, paramLabel = "DIR")
  String output;

  @Option(names = "--overwrite")
  boolean overwrite;

  @Option(names = "--evaluate")
  boolean evaluate;

  @Option(names = "--verbose")
  boolean verbose;

  @Option(names = "--master")
  String master;

  @Option(names = "--budget-ledger", paramLabel = "PATH")
  String budgetLedger;

  @Option(names = ReleaseWriter.NON_ATOMIC_FLAG)
  boolean allowNonAtomicRename;

  private SparkSession spark;
  private PrintStream out = System.out;
  private ReleaseWriter writer;
  /** The run's budget claim once it started reading, for the interrupt hook; null before and without a ledger. */
  private volatile ReleaseClaim readingClaim;

  /** Runs before Spark's own shutdown hooks (priority 40 and below in Hadoop's manager). */
  private static final int INTERRUPT_HOOK_PRIORITY = 100;
  /** The run of this JVM's {@link #main}, for the interrupt hook; null outside {@link #main}. */
  private static volatile PaisJob mainRun;
  /** Set once SIGINT or SIGTERM stopped the run: its failure is then reported as the interruption, not again. */
  private static volatile boolean interrupted;

  /**
   * The command line. SIGINT or SIGTERM while the job runs prints "pais: interrupted", removes the release's
   * temporary directory and exits with the signal's code (130, 143), before Spark's hooks stop the context.
   */
  public static void main(String[] args) {
    java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
    org.apache.hadoop.util.ShutdownHookManager.get().addShutdownHook(() -> {
      if (!finished.get()) {
        interrupted = true;
        System.err.println("pais: interrupted");
        PaisJob job = mainRun;
        if (job != null && job.writer != null) {
          job.writer.close();
        }
        if (job != null && job.readingClaim != null) { // a claim that had started reading stays spent, and says why
          job.readingClaim.recordFailure("interrupted (SIGINT or SIGTERM) while it ran");
        }
      }
    }, INTERRUPT_HOOK_PRIORITY);
    int code = run(null, args, System.out, System.err, true);
    finished.set(true);
    System.exit(code);
  }

  /**
   * Parses and runs; returns the exit code (0 success, 1 bad input or failure, 2 bad usage).
   *
   * @param session a running session to use (and leave running), or null to create and stop one
   */
  public static int run(SparkSession session, String[] args, PrintStream out, PrintStream err) {
    return run(session, args, out, err, false);
  }

  private static int run(SparkSession session, String[] args, PrintStream out, PrintStream err, boolean isMain) {
    PaisJob job = new PaisJob();
    if (isMain) {
      mainRun = job;
    }
    job.spark = session;
    job.out = out;
    CommandLine cli = new CommandLine(job);
    cli.setResourceBundle(new FlagTexts());
    try {
      ConfDefaults defaults = new ConfDefaults(ConfDefaults.configFile(args));
      defaults.requireKnownKeys(cli.getCommandSpec());
      cli.setDefaultValueProvider(defaults);
    } catch (IllegalArgumentException e) {
      err.println("pais: " + e.getMessage());
      return 2;
    }
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setParameterExceptionHandler((e, arguments) -> {
      err.println("pais: " + e.getMessage() + " (pais --help lists the flags)");
      return 2;
    });
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> job.fail(e, err));
    try {
      return cli.execute(args);
    } catch (Error e) { // picocli hands on only Exceptions: a full disk's FSError, an OutOfMemoryError end here
      return job.fail(e, err);
    }
  }

  /** One line on the terminal, the trace in the log (and on the terminal with --verbose); the exit code. */
  private int fail(Throwable e, PrintStream err) {
    if (interrupted) { // Spark's hooks stopped the context under the job: the interrupt hook said so already
      TRACE.error("pais job interrupted", e);
      return 130;
    }
    err.println("pais: " + FailureReport.oneLine(e));
    TRACE.error("pais job failed", e);
    if (verbose) {
      e.printStackTrace(err);
    }
    return FailureReport.exitCode(e);
  }

  @Override
  public Integer call() {
    KMeansSettings settings = settings();
    InputSpec spec = new InputSpec(input == null ? List.of() : input, table, InputFormat.parse(format), options,
        header, skipLines, delimiter, features, drop, vectorColumn, dimension);
    if (settings.isStrict()) {
      PointReader.requirePublicDimension(spec);
    }
    boolean ownSession = spark == null;
    if (ownSession) {
      spark = session();
    }
    try (FailFast failFast = FailFast.watch(spark.sparkContext());
        ProgressLine progress = ProgressLine.start(JavaSparkContext.fromSparkContext(spark.sparkContext()),
            LOG::info)) {
      long start = System.nanoTime();
      org.apache.hadoop.conf.Configuration hadoop = spark.sparkContext().hadoopConfiguration();
      // every check that depends only on flags, configuration and schema runs before the budget is claimed
      if (budgetLedger != null) {
        ReleaseClaim.check(budgetLedger, "--budget-ledger", settings, hadoop, allowNonAtomicRename);
      }
      writer = new ReleaseWriter(output, table == null ? input : tableFiles(table), hadoop, overwrite,
          allowNonAtomicRename);
      writer.prepare();
      writer.notes().forEach(note -> out.println("pais: note: " + note));
      writer.leftovers().forEach(path -> out.println("pais: note: " + path + " belongs to another run: one still "
          + "writing, or one that stopped and cannot be proven gone (another host's); remove it once no run writes "
          + "to this output"));
      Points points = PointReader.read(spark, spec); // the listing and the schema (a CSV file's first lines) only
      PrivateKMeansEngine.requireUsable(settings, points);
      ReleaseClaim claim = budgetLedger == null ? null : ReleaseClaim.take(budgetLedger, "--budget-ledger",
          settings, hadoop, claimDetails(settings, spec), allowNonAtomicRename);
      if (claim != null) {
        claim.startReading();
        readingClaim = claim;
      }
      try {
        ClusteringResult result = PrivateKMeansRelease.fit(settings, points, progress.around(LOG::info), progress,
            evaluate);
        points.unchanged().requireUnchanged();
        long writeStart = System.nanoTime();
        ObjectNode run = runRecord(settings, spec, result);
        writer.write(result.centres(), claim == null ? result.report() : claim.cover(result.report()), run);
        double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
        if (claim != null) {
          recordRelease(claim, result.report());
        }
        summary(result, settings, writeSeconds, (System.nanoTime() - start) / 1e9);
        return 0;
      } catch (Throwable e) { // Spark's SparkException is checked, thrown undeclared
        if (claim == null || interrupted) {
          throw e;
        }
        throw claim.failed(e);
      }
    } finally {
      if (writer != null) {
        writer.close(); // a run that failed after the writer's pre-flight leaves no temporary directory
      }
      if (ownSession) {
        spark.stop();
      }
    }
  }

  /** What a budget claim records besides its amount: where the release goes, what it reads, how it is made. */
  private ObjectNode claimDetails(KMeansSettings settings, InputSpec spec) {
    ObjectNode details = ReleaseWriter.newObject();
    details.put("output", output);
    inputRecord(details, spec);
    details.set("configuration", configuration(settings));
    return details;
  }

  /**
   * Closes a claim with what the release spent; a ledger that cannot take the record leaves the claim spent (the
   * release is out) and says so.
   */
  private void recordRelease(ReleaseClaim claim, PrivacyReport report) {
    try {
      claim.recordRelease(output, report);
      BudgetStatus now = claim.ledgerNow();
      out.printf(Locale.ROOT, "pais: budget ledger %s: claim %d spent epsilon = %s, delta = %s; remaining epsilon = %s, "
          + "delta = %s%n", budgetLedger, claim.sequence(), report.epsilon(), report.delta(), now.remainingEpsilon(),
          now.remainingDelta());
    } catch (RuntimeException e) {
      out.println("pais: note: the release is published and its claim " + claim.sequence() + " stays spent, but the "
          + "budget ledger could not record it: " + FailureReport.oneLine(e));
    }
  }

  /** The files behind a table, which the output may not touch; none when it has none (or cannot be read yet). */
  private List<String> tableFiles(String name) {
    try {
      return List.of(spark.table(name).inputFiles());
    } catch (Exception e) { // a missing table: the read reports it
      return List.of();
    }
  }

  /** --k: one whole number, or a comma-separated list of candidates (given once, as every other flag). */
  private static List<Integer> clusters(String value) {
    List<Integer> out = new ArrayList<>();
    for (String token : value.split(",", -1)) {
      try {
        out.add(Integer.parseInt(token.strip()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--k must be a whole number or a comma-separated list of them (candidates "
            + "to choose from privately), got '" + value + "'");
      }
    }
    return out;
  }

  /** The flags as settings: every rule between them is checked by the settings' builder, in the flags' names. */
  KMeansSettings settings() {
    List<Integer> clusters = clusters(k);
    return KMeansSettings.builder(Vocabulary.FLAGS)
        .k(clusters.get(0)).kCandidates(clusters.size() > 1 ? clusters : List.of()).kSelectionShare(budgetKSelection)
        .iterations(Iterations.parse(iterations)).offsetClip(OffsetClip.parse("offset-clip", offsetClip))
        .epsilon(epsilon).geometry(GeometryChoice.parse(geometry))
        .initialisation(Initialisation.parse(init))
        .sampler(Sampler.parse(sampler)).sampleSize(SampleSizeRule.parse("sample-size", sampleSize)).lambda(lambda)
        .coreSupremum(CoreSupremum.parse(coreSupremum))
        .stage1Size(stage1Size == null ? null : SampleSize.parse("stage1-size", stage1Size)).stage1Cached(stage1Cached)
        .noise(BaseNoise.parse(noise)).delta(delta)
        .privacy(PrivacyMode.Kind.parse(privacy))
        .preprocessing(preprocess == null ? null : Preprocessing.parse(preprocess))
        .clipRadius(clipRadius).origin(origin).bounds(bounds == null ? null : CoordinateBounds.parse(bounds))
        .normQuantile(normQuantile).tailRadius(tailRadius).outliers(Outliers.parse(outliers))
        .shares(budgetCentre, budgetHistogram, InitShare.parse(budgetInit)).summaryShare(budgetSummary)
        .coresetSampleSize(coresetSampleSize)
        .normBound(normBound).centre(center)
        .guards(guards).minNoisyCount(minNoisyCount)
        .seed(seed == null ? null : Seed.parse(seed))
        .build();
  }

  private SparkSession session() {
    SparkSession.Builder builder = SparkSession.builder().appName("pais");
    if (master != null) {
      builder.master(master);
    } else if (!new SparkConf().contains("spark.master")) {
      builder.master("local[*]");
    }
    return builder.getOrCreate();
  }

  private ObjectNode runRecord(KMeansSettings settings, InputSpec spec, ClusteringResult result) {
    ObjectNode run = ReleaseWriter.newObject();
    run.put("sparkVersion", spark.version());
    run.put("master", spark.sparkContext().master());
    inputRecord(run, spec);
    run.set("configuration", configuration(settings));
    if (evaluate) {
      ObjectNode eval = run.putObject("evaluation");
      eval.put("cost", result.cost());
      eval.put("note", "k-means cost on the full preprocessed data divided by n: NOT private, for evaluation only");
    }
    return run;
  }

  /** The input a release reads: the table, or the paths and format, and the reader options' names. */
  private static void inputRecord(ObjectNode into, InputSpec spec) {
    if (spec.table() != null) {
      into.put("table", spec.table());
    } else {
      into.put("input", String.join(",", spec.paths()));
      into.put("format", spec.format().id());
    }
    if (!spec.options().isEmpty()) { // the option names only: values can be credentials (a JDBC password)
      spec.options().keySet().stream().sorted().forEach(into.putArray("options")::add);
    }
  }

  /** The settings a release is made with (ReleaseConfiguration) and the job's own choices about where it goes. */
  private ObjectNode configuration(KMeansSettings settings) {
    ObjectNode conf = ReleaseConfiguration.of(settings);
    if (budgetLedger != null) {
      conf.put("budgetLedger", budgetLedger);
    }
    if (allowNonAtomicRename) { // the user accepted a file system where racing runs can lose a release or a claim
      conf.put("allowNonAtomicRename", true);
    }
    return conf;
  }

  /** Noisy sizes, rounded for the terminal (the report holds them in full). */
  private static String sizes(List<Double> sizes) {
    return sizes.stream().map(v -> String.format(Locale.ROOT, "%.0f", v))
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
  }

  private void summary(ClusteringResult result, KMeansSettings settings, double writeSeconds, double total) {
    PrivacyReport r = result.report();
    out.printf(Locale.ROOT, "pais: %d centres written to %s%n", result.centres().length, output);
    String delta = r.delta() == 0 ? "" : String.format(Locale.ROOT, ", delta = %.3g", r.delta());
    out.printf(Locale.ROOT, "  guarantee     epsilon = %.6g%s, %s, %s (%s)%n", r.epsilon(), delta, r.isStrictRelease()
        ? "end to end (strict)" : "paper mode: conditioned on data-derived constants", r.relation().description(),
        r.guaranteeMethod());
    if (!r.accountant().isEmpty()) {
      out.printf(Locale.ROOT, "  accountant    %s%n", r.accountant());
    }
    for (LedgerEntry e : r.ledger()) {
      out.printf(Locale.ROOT, "  ledger        %-15s epsilon = %.6g%s  (%s)%n", e.stage().label(), e.epsilon(),
          e.delta() == 0 ? "" : String.format(Locale.ROOT, ", delta = %.3g", e.delta()), e.released());
    }
    out.printf(Locale.ROOT, "  sampler       %s, expected sample size m = %s, geometry %s, T = %d%n",
        r.sampler().id(), Double.isNaN(r.expectedSampleSize()) ? "a fraction of n (n not estimated)"
            : String.format(Locale.ROOT, "%.1f", r.expectedSampleSize()), r.geometry().name().toLowerCase(Locale.ROOT),
        r.iterations());
    r.statistics().stream().filter(s -> s.name().equals(BudgetPerCentre.STATISTIC)).findFirst()
        .map(s -> new BudgetPerCentre(s.value())).filter(BudgetPerCentre::isLittle)
        .ifPresent(b -> out.printf(Locale.ROOT, "  budget        %s%n", b.advice(r.epsilon(), r.k(), r.dimension())));
    if (Double.isNaN(r.noiseKnob())) {
      out.printf(Locale.ROOT, "  noise         Gaussian, sigmaSum = %.6g, sigmaCount = %.6g%n", r.betaSum(),
          r.betaCount());
    } else {
      out.printf(Locale.ROOT, "  noise         B = %.6g, betaSum = %.6g, betaCount = %.6g%n", r.noiseKnob(),
          r.betaSum(), r.betaCount());
    }
    if (r.kSelection() != null) {
      for (KSelection.Candidate c : r.kSelection().candidates()) {
        out.printf(Locale.ROOT, "  k selection   k = %-4d DP training cost %.6g (sd %.3g), epsilon = %.6g%s%n", c.k(),
            c.cost(), c.costStandardDeviation(), c.epsilon(), c.k() == r.kSelection().chosen() ? "  <- chosen" : "");
      }
    }
    TrainingSummary summary = r.trainingSummary();
    if (summary != null) {
      out.printf(Locale.ROOT, "  summary       training cost %.6g (sd %.3g), cluster sizes %s (sd %.3g each): DP, "
          + "epsilon = %.6g%n", summary.trainingCost(), summary.costStandardDeviation(), sizes(summary.clusterSizes()),
          summary.sizeStandardDeviation(), summary.epsilon());
    }
    if (!r.coversEverything()) {
      out.printf(Locale.ROOT, "  caveat        %d statistic(s) taken from the data without privacy; see "
          + "privacy-report.json%n", r.dataDerivedStatistics().size());
    }
    if (r.seeded()) {
      out.printf(Locale.ROOT, "  seeded        yes, a %d-bit seed: %s%n", r.seedBits(), r.seedBits() < Seed.SECRET_BITS
          ? "reproducible run, not a private release (a seed shorter than " + Seed.SECRET_BITS + " bits can be guessed)"
          : "private only while the seed stays secret");
    }
    // timings grow with n and the realised sample size: the operator's console and log get them, the release not
    Map<String, Double> seconds = new LinkedHashMap<>(result.stageSeconds());
    seconds.put("write output", writeSeconds);
    seconds.put("total", total);
    seconds.forEach((stage, s) -> {
      out.printf(Locale.ROOT, "  time          %-26s %8.2f s%n", stage, s);
      STAGES.info(String.format(Locale.ROOT, "time %s: %.2f s", stage, s));
    });
    if (evaluate) {
      out.printf(Locale.ROOT, "  cost          %.6g (NOT private: evaluation on the full data)%n", result.cost());
    }
    out.printf(Locale.ROOT, "  outputs       %s/{centers.csv,centers.json,privacy-report.json,run.json}%n", output);
  }
}
