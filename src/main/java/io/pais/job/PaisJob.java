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
import io.pais.settings.StrictRelease;
import io.pais.io.FailFast;
import io.pais.io.FailureReport;
import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
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

  @Option(names = "--config", paramLabel = "FILE", description = "a properties file of flag defaults")
  Path config;

  @Option(names = "--input", split = ",", paramLabel = "PATH",
      description = "input paths or globs (any Hadoop path; comma-separated files are stacked)")
  List<String> input;

  @Option(names = "--table", paramLabel = "DB.NAME", description = "read a catalog table instead of --input")
  String table;

  @Option(names = "--format", description = "csv, libsvm (pais's readers), or any Spark data source: parquet, orc, "
      + "json, avro (with its package), a class name (default: ${DEFAULT-VALUE})")
  String format;

  @Option(names = "--option", paramLabel = "KEY=VALUE",
      description = "an option of the Spark data source or table reader (repeatable), e.g. --option mergeSchema=true")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--header", negatable = true, arity = "0..1", fallbackValue = "true",
      description = "CSV files start with a header line (default: ${DEFAULT-VALUE})")
  boolean header;

  @Option(names = "--skip-lines", description = "CSV: lines to skip at the top of each file, after any header")
  int skipLines;

  @Option(names = "--delimiter", description = "CSV delimiter: one character or 'whitespace' (default: ${DEFAULT-VALUE})")
  String delimiter;

  @Option(names = "--features", split = ",", paramLabel = "COL",
      description = "feature columns by name or 0-based index (default: all not dropped)")
  List<String> features = new ArrayList<>();

  @Option(names = "--drop", split = ",", paramLabel = "COL", description = "columns to drop (labels, ids)")
  List<String> drop = new ArrayList<>();

  @Option(names = "--vector-column", paramLabel = "COL",
      description = "Spark data sources and tables: a Spark ML vector column (default: the numeric columns)")
  String vectorColumn = "";

  @Option(names = "--dimension", description = "the number of features, a public input (strict releases need it "
      + "when no header or schema gives it: LibSVM, CSV without --header, a vector column, a source that infers its "
      + "schema); default: from the schema, or outside strict releases the records (LibSVM: the largest index)")
  int dimension;

  @Option(names = "--k", paramLabel = "K[,K...]", description = "number of clusters, or candidates to "
      + "choose from privately (strict: e.g. 4,6,8,10; each fitted on a share of --budget-k-selection, the elbow "
      + "of their DP training costs released) (default: ${DEFAULT-VALUE})")
  String k;

  @Option(names = "--budget-k-selection", description = "strict, with k candidates: the share of epsilon for the "
      + "candidate releases together (default: ${DEFAULT-VALUE})")
  double budgetKSelection;

  @Option(names = "--iterations", description = "DP-Lloyd iterations T, or auto (chosen from epsilon, n, d and k; "
      + "see the README) (default: ${DEFAULT-VALUE})")
  String iterations;

  @Option(names = "--offset-clip", description = "what DP-Lloyd sums per cluster: auto (strict: each point's offset "
      + "from its centre, clipped to a fraction of r at or above a typical cluster's radius, from the DP norm "
      + "histogram, k and d; paper mode: the points), none (the points, as the paper), or a fraction of r in (0, 1] "
      + "(default: ${DEFAULT-VALUE})")
  String offsetClip;

  @Option(names = "--epsilon", description = "target epsilon of the release (default: ${DEFAULT-VALUE})")
  double epsilon;

  @Option(names = "--sampler", description = "unif, core, opt, full (Poisson importance sampling, once), or the "
      + "uniform schemes poisson-uniform, wor, wr, must-ow, must-wo, must-ww (a fresh sample every iteration, "
      + "(epsilon, delta)-DP) (default: ${DEFAULT-VALUE})")
  String sampler;

  @Option(names = "--sample-size", paramLabel = "M",
      description = "expected sample size: auto, a whole count or a percentage of n, e.g. 5%%; auto: opt in a strict "
          + "release reads every point up to an estimated n of " + Defaults.EVERY_POINT_LIMIT + ", above it the "
          + "largest of 20%%, 10%% and 5%% of the estimated n with a plan at its epsilon (growth above 5%% capped at "
          + "50000 points), everything else 5%% (default: ${DEFAULT-VALUE})")
  String sampleSize;

  @Option(names = "--stage1-size", paramLabel = "N1",
      description = "must-ow, must-wo, must-ww: the stage-I size n1, a count or a percentage of N, e.g. 20%%")
  String stage1Size;

  @Option(names = "--stage1-cached", negatable = true, arity = "0..1", fallbackValue = "true",
      description = "must-ow: draw stage I once and keep it, redrawing only stage II each iteration (default: "
          + "${DEFAULT-VALUE})")
  boolean stage1Cached;

  @Option(names = "--noise", description = "uniform schemes: laplace or gaussian noise on counts and sums (default: "
      + "${DEFAULT-VALUE})")
  String noise;

  @Option(names = "--delta", description = "uniform schemes: the target delta (0: pure epsilon-DP, only for "
      + "poisson-uniform and wor with laplace noise; choose it well below 1/N) (default: ${DEFAULT-VALUE})")
  double delta;

  @Option(names = "--lambda", description = "core: lambda in [0, 1] (default: ${DEFAULT-VALUE})")
  double lambda;

  @Option(names = "--geometry", description = "l2, l1 or auto: l1 when the public box's effective dimension "
      + "(sum of half-widths)^2 / (sum of their squares) is below (d+1)/2, else l2 (default: ${DEFAULT-VALUE})")
  String geometry;

  @Option(names = "--privacy", description = "strict (end-to-end private: every step that reads data is in the "
      + "ledger) or paper (the paper's pipeline, reads n, r, the centre … without privacy) (default: ${DEFAULT-VALUE})")
  String privacy;

  @Option(names = "--clip-radius", paramLabel = "R0",
      description = "strict: a public radius; every raw point is clipped to the ball of this radius around --origin")
  Double clipRadius;

  @Option(names = "--origin", split = ",", paramLabel = "X", description = "strict: the clip ball's centre (default 0)")
  double[] origin;

  @Option(names = "--bounds", paramLabel = "LO:HI[,LO:HI...]", description = "strict, instead of --clip-radius: "
      + "public per-coordinate bounds (one lo:hi for every coordinate, or one per coordinate); points are clamped to "
      + "the box, whose centre and half-diagonal become the origin and R0")
  String bounds;

  @Option(names = "--norm-quantile", description = "strict: the quantile of the DP norm histogram taken as r "
      + "(default: ${DEFAULT-VALUE})")
  double normQuantile;

  @Option(names = "--tail-radius", negatable = true, arity = "0..1", fallbackValue = "true",
      description = "strict: raise r above the quantile where the DP norm histogram shows a heavy tail that projecting "
      + "would distort more than the larger radius's noise costs (default: ${DEFAULT-VALUE})")
  boolean tailRadius;

  @Option(names = "--outliers", description = "strict: project or drop the points beyond r; DP-Lloyd reading every point "
      + "with clipped offsets reads them unprojected (default: ${DEFAULT-VALUE})")
  String outliers;

  @Option(names = "--budget-centre", description = "strict: the share of epsilon for the DP centre "
      + "(default: ${DEFAULT-VALUE})")
  double budgetCentre;

  @Option(names = "--budget-histogram", description = "strict: the share of epsilon for the DP norm histogram "
      + "(default: ${DEFAULT-VALUE})")
  double budgetHistogram;

  @Option(names = "--budget-init", description = "strict: the share of epsilon for --init private-coreset, or auto "
      + "(0.3 where the DP point count n times epsilon over k*d is below 150, else 0.2); its tail axes take 0.05 more "
      + "with --outliers project and a single --k (default: ${DEFAULT-VALUE})")
  String budgetInit;

  @Option(names = "--budget-summary", description = "strict: the share of epsilon for the private training summary "
      + "(DP cluster sizes and training cost in privacy-report.json); 0: none (default: ${DEFAULT-VALUE})")
  double budgetSummary;

  @Option(names = "--coreset-sample-size", paramLabel = "N", description = "strict, --init private-coreset: read a "
      + "Poisson subsample of about N prepared points when there are more (its passes cost little at scale; the "
      + "subsample amplifies the coreset's epsilon) (default: ${DEFAULT-VALUE})")
  int coresetSampleSize;

  @Option(names = "--preprocess", description = "paper mode: paper or public (default: paper)")
  String preprocess;

  @Option(names = "--norm-bound", paramLabel = "R",
      description = "a public norm bound r (strict: skips estimating it; paper mode: with --preprocess public)")
  Double normBound;

  @Option(names = "--center", split = ",", paramLabel = "X",
      description = "a public centre to subtract (strict: skips estimating it; paper mode: with --preprocess public)")
  double[] center;

  @Option(names = "--init", description = "auto (private-coreset in strict mode, random-ball in paper mode), "
      + "private-coreset (strict: spends --budget-init), random-ball, sphere-packing, scaled-ball (read no data) or "
      + "sample-points (paper) (default: ${DEFAULT-VALUE})")
  String init;

  @Option(names = "--seed", paramLabel = "SEED", description = "the secret of a reproducible run: a decimal integer "
      + "(64 bits), 0x and hex digits, or file:PATH; a seeded release is private only while the seed is a secret of "
      + "at least 128 bits (the report says how long it was)")
  String seed;

  @Option(names = "--guards", negatable = true, arity = "0..1", fallbackValue = "true",
      description = "post-processing guards on noisy centres (default: ${DEFAULT-VALUE})")
  boolean guards;

  @Option(names = "--min-noisy-count", description = "guard threshold on noisy counts (default: ${DEFAULT-VALUE})")
  double minNoisyCount;

  @Option(names = "--core-supremum", description = "exact or grid100 (default: ${DEFAULT-VALUE})")
  String coreSupremum;

  @Option(names = "--output", required = true, paramLabel = "DIR", description = "output directory (any Hadoop path)")
  String output;

  @Option(names = "--overwrite",
      description = "replace an earlier release (a directory holding run.json); never an input, a file or another directory")
  boolean overwrite;

  @Option(names = "--evaluate", description = "also compute the k-means cost on the full data (NOT private)")
  boolean evaluate;

  @Option(names = "--verbose", description = "on failure, also print the full trace (it always goes to the log)")
  boolean verbose;

  @Option(names = "--master", description = "Spark master (default: Spark's own, local[*] outside spark-submit)")
  String master;

  @Option(names = "--budget-ledger", paramLabel = "PATH", description = "strict: spend this release's (epsilon, "
      + "delta) from the budget ledger at PATH (made by pais-budget create); refused, before any data is read, when "
      + "it does not fit what remains")
  String budgetLedger;

  @Option(names = ReleaseWriter.NON_ATOMIC_FLAG, description = "accept an output or budget ledger on a file system "
      + "without atomic create and rename (object stores: s3a, gs, abfs): racing runs could lose a release or a claim "
      + "there; run.json records it")
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
        .coreSupremum(parseSupremum(coreSupremum))
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

  private static CoreSupremum parseSupremum(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "exact" -> CoreSupremum.EXACT;
      case "grid100" -> CoreSupremum.REFERENCE_GRID_100;
      default -> throw new IllegalArgumentException("core-supremum must be exact or grid100, got '" + text + "'");
    };
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

  /** The settings a release is made with (the seed's presence, never its value). */
  private ObjectNode configuration(KMeansSettings settings) {
    ObjectNode conf = ReleaseWriter.newObject();
    if (settings.kCandidates().isEmpty()) {
      conf.put("k", settings.k());
    } else { // the chosen k is the release's (privacy-report.json)
      settings.kCandidates().forEach(conf.putArray("kCandidates")::add);
      conf.put("budgetKSelection", settings.strictRelease().shares().selection());
    }
    if (settings.iterations() instanceof Iterations.Fixed fixed) {
      conf.put("iterations", fixed.count());
    } else {
      conf.put("iterations", "auto");
    }
    conf.put("offsetClip", settings.offsetClip().describe());
    conf.put("epsilon", settings.epsilon());
    conf.put("sampler", settings.sampling().sampler().id());
    conf.put("sampleSize", sampleSize);
    conf.put("lambda", settings.sampling().lambda());
    if (settings.sampling().sampler().isUniformScheme()) {
      conf.put("noise", settings.sampling().scheme().noise().id());
      conf.put("delta", settings.sampling().scheme().delta());
      if (stage1Size != null) {
        conf.put("stage1Size", stage1Size);
      }
      conf.put("stage1Cached", settings.sampling().scheme().stage1Cached());
    }
    conf.put("geometry", settings.geometry().name().toLowerCase(Locale.ROOT));
    conf.put("privacy", settings.privacy().kind().id());
    if (settings.privacy() instanceof PrivacyMode.Strict strict) {
      StrictRelease release = strict.release();
      if (release.bounds() != null) {
        conf.put("bounds", release.bounds().describe());
      } else {
        conf.put("clipRadius", release.clipRadius());
      }
      conf.put("normQuantile", release.normQuantile());
      conf.put("tailRadius", release.tailRadius());
      conf.put("outliers", release.dropOutliers() ? "drop" : "project");
      conf.put("budgetCentre", release.shares().centre());
      conf.put("budgetHistogram", release.shares().histogram());
      if (release.shares().init() instanceof InitShare.Fixed fixed) {
        conf.put("budgetInit", fixed.share());
      } else {
        conf.put("budgetInit", "auto"); // the share auto chose is in the ledger's entries
      }
      conf.put("budgetSummary", release.shares().summary());
      conf.put("coresetSampleSize", release.coresetSampleSize());
    } else if (settings.privacy() instanceof PrivacyMode.Paper paper) {
      conf.put("preprocess", paper.preprocessing().id());
    }
    if (normBound != null) {
      conf.put("normBound", normBound);
    }
    conf.put("init", settings.initialisation().id());
    conf.put("seeded", settings.seed() != null);
    conf.put("guards", settings.guards().enabled());
    conf.put("minNoisyCount", settings.guards().minNoisyCount());
    conf.put("coreSupremum", coreSupremum);
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
