package io.pais.job;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.clustering.ClusteringResult;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Vocabulary;
import io.pais.clustering.ReleaseInput;
import io.pais.clustering.PrivateKMeansRelease;
import io.pais.clustering.ArrivalSampling;
import io.pais.io.FailFast;
import io.pais.math.Checks;
import io.pais.stream.StreamRequest;
import io.pais.stream.StreamRun;
import io.pais.stream.StreamSource;
import io.pais.stream.WindowGrid;
import io.pais.stream.WindowReleases;
import io.pais.io.FailureReport;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.io.ReleaseConfiguration;
import io.pais.io.ReleaseWriter;
import io.pais.budget.BudgetStatus;
import io.pais.budget.ReleaseClaim;
import io.pais.accounting.PrivacyReport;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

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

  @Mixin
  JobFlags flags = new JobFlags();

  private SparkSession spark;
  private PrintStream out = System.out;
  private ReleaseWriter writer;
  /** A stream's running query, for the interrupt hook; null otherwise. */
  private volatile org.apache.spark.sql.streaming.StreamingQuery streamQuery;
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
        PaisJob job = mainRun;
        System.err.println(job != null && job.flags.stream ? "pais: stream stopped (SIGINT or SIGTERM): published "
            + "windows stay; a window being released stays unpublished (and charged, with a ledger); restart with the "
            + "same --checkpoint to go on" : "pais: interrupted");
        if (job != null && job.streamQuery != null) { // stopped before Spark's hooks stop Spark under it
          try {
            job.streamQuery.stop();
          } catch (Exception e) { // Spark's TimeoutException is checked: the JVM exits regardless
            TRACE.warn("the stream's query did not stop cleanly", e);
          }
        }
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
    CommandLine cli = commandLine(job);
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

  /** The job's command line: its declared flags, the plain settings' options, their texts from the settings. */
  static CommandLine commandLine(PaisJob job) {
    CommandLine cli = new CommandLine(job);
    JobFlags.addPlainOptions(cli.getCommandSpec());
    cli.setResourceBundle(new FlagTexts());
    return cli;
  }

  /** One line on the terminal, the trace in the log (and on the terminal with --verbose); the exit code. */
  private int fail(Throwable e, PrintStream err) {
    if (interrupted) { // Spark's hooks stopped the context under the job: the interrupt hook said so already
      TRACE.error("pais job interrupted", e);
      return 130;
    }
    err.println("pais: " + FailureReport.oneLine(e));
    TRACE.error("pais job failed", e);
    if (flags.verbose) {
      e.printStackTrace(err);
    }
    return FailureReport.exitCode(e);
  }

  @Override
  public Integer call() {
    KMeansSettings settings = flags.settings();
    if (flags.stream) {
      return stream(settings);
    }
    InputSpec spec = flags.inputSpec();
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
      if (flags.budgetLedger != null) {
        ReleaseClaim.check(flags.budgetLedger, "--budget-ledger", settings, hadoop, flags.allowNonAtomicRename);
      }
      writer = new ReleaseWriter(flags.output, flags.table == null ? flags.input : tableFiles(flags.table), hadoop,
          flags.overwrite, flags.allowNonAtomicRename);
      writer.prepare();
      writer.notes().forEach(note -> out.println("pais: note: " + note));
      writer.leftovers().forEach(path -> out.println("pais: note: " + path + " belongs to another run: one still "
          + "writing, or one that stopped and cannot be proven gone (another host's); remove it once no run writes "
          + "to this output"));
      Points points = PointReader.read(spark, spec); // the listing and the schema (a CSV file's first lines) only
      ReleaseInput.requireUsable(settings, points);
      ReleaseClaim claim = flags.budgetLedger == null ? null : ReleaseClaim.take(flags.budgetLedger, "--budget-ledger",
          settings, hadoop, claimDetails(settings, spec), flags.allowNonAtomicRename);
      if (claim != null) {
        claim.startReading();
        readingClaim = claim;
      }
      try {
        ClusteringResult result = PrivateKMeansRelease.fit(settings, points, progress.around(LOG::info), progress,
            flags.evaluate);
        points.unchanged().requireUnchanged();
        long writeStart = System.nanoTime();
        ObjectNode run = runRecord(settings, spec, result);
        writer.write(result.centres(), claim == null ? result.report() : claim.cover(result.report()), run);
        double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
        if (claim != null) {
          recordRelease(claim, result.report());
        }
        double total = (System.nanoTime() - start) / 1e9;
        ConsoleSummary.print(out, flags.output, result, writeSeconds, total, flags.evaluate);
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

  /**
   * --stream: every check on flags alone first (the source, the windows, a public plan), then the stream until it
   * stops; each window the watermark closes is published as OUTPUT/window=START_END.
   */
  private int stream(KMeansSettings settings) {
    StreamSource source = flags.streamSource();
    WindowGrid grid = WindowGrid.parse(flags.window, flags.watermark);
    ArrivalSampling.requirePublicPlan(settings, Vocabulary.FLAGS, "--stream");
    Checks.require(!flags.overwrite, "--overwrite does not apply to --stream: each window is published once, never "
        + "replaced");
    Checks.require(!flags.evaluate, "--evaluate reads every record without privacy: not with --stream");
    StreamRequest request = new StreamRequest(settings, flags.dimension, source, grid, flags.checkpoint,
        flags.output, source.path() == null ? List.of() : List.of(source.path()), flags.trigger, flags.recordsPerUser,
        flags.budgetLedger, flags.allowNonAtomicRename, configuration(settings));
    boolean ownSession = spark == null;
    if (ownSession) {
      spark = session();
    }
    try (FailFast failFast = FailFast.watch(spark.sparkContext())) {
      int published = StreamRun.run(spark, request, line -> out.println("pais: " + line),
          io.pais.clustering.StageListener.NONE, new WindowReleases.InFlight() {
            @Override
            public void writer(ReleaseWriter current) {
              writer = current;
            }

            @Override
            public void claim(ReleaseClaim current) {
              readingClaim = current;
            }

            @Override
            public void query(org.apache.spark.sql.streaming.StreamingQuery query) {
              streamQuery = query;
            }
          });
      out.println("pais: stream stopped: " + published + " window" + (published == 1 ? "" : "s")
          + " published by this run");
      return 0;
    } finally {
      if (ownSession) {
        spark.stop();
      }
    }
  }

  /** What a budget claim records besides its amount: where the release goes, what it reads, how it is made. */
  private ObjectNode claimDetails(KMeansSettings settings, InputSpec spec) {
    ObjectNode details = ReleaseWriter.newObject();
    details.put("output", flags.output);
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
      claim.recordRelease(flags.output, report);
      BudgetStatus now = claim.ledgerNow();
      out.printf(Locale.ROOT, "pais: budget ledger %s: claim %d spent epsilon = %s, delta = %s; remaining "
          + "epsilon = %s, delta = %s%n", flags.budgetLedger, claim.sequence(), report.epsilon(), report.delta(),
          now.remainingEpsilon(), now.remainingDelta());
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

  private SparkSession session() {
    SparkSession.Builder builder = SparkSession.builder().appName("pais");
    if (flags.master != null) {
      builder.master(flags.master);
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
    if (flags.evaluate) {
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
    if (flags.budgetLedger != null) {
      conf.put("budgetLedger", flags.budgetLedger);
    }
    if (flags.allowNonAtomicRename) { // the user accepted a file system where racing runs can lose a release or a claim
      conf.put("allowNonAtomicRename", true);
    }
    return conf;
  }
}
