package io.pais.job;

import io.pais.clustering.StageListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.JavaSparkStatusTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Progress of the running stage from Spark's status tracker: its tasks done out of those submitted so far and the
 * time since it started. On a terminal one live line, rewritten twice a second and cleared when the stage ends;
 * otherwise a plain line every {@link #PLAIN_EVERY_SECONDS} seconds while a stage runs (short stages print
 * nothing). Each stage's jobs run under a job group of their own, which is how its tasks are found. Shows names
 * and counts of tasks only, never data.
 */
final class ProgressLine implements StageListener, AutoCloseable {
  static final int PLAIN_EVERY_SECONDS = 30;
  /** Stage boundaries, for the log file only (conf/log4j2.properties): when each stage began and ended. */
  private static final Logger STAGES = LoggerFactory.getLogger("pais.stages");
  /** Job groups are numbered across instances: a Spark context may outlive one run (tests, notebooks). */
  private static final AtomicLong GROUPS = new AtomicLong();
  private static final long TICK_MILLIS = 500;

  private final JavaSparkContext context;
  private final PrintStream terminal;
  private final Consumer<String> plain;
  private final long plainEveryNanos;
  private final ScheduledExecutorService timer;
  private String stage;
  private String group;
  private long startNanos;
  private long lastPlainNanos;
  private int shownWidth;

  /**
   * @param terminal where the live line goes, or null for plain lines
   * @param plain where plain lines go (the log)
   * @param plainEverySeconds how often a plain line is written while a stage runs
   */
  ProgressLine(JavaSparkContext context, PrintStream terminal, Consumer<String> plain, double plainEverySeconds) {
    this.context = context;
    this.terminal = terminal;
    this.plain = plain;
    this.plainEveryNanos = (long) (plainEverySeconds * 1e9);
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "pais-progress");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** A live line on standard output when it is a terminal, plain lines to {@code log} otherwise. */
  static ProgressLine start(JavaSparkContext context, Consumer<String> log) {
    return new ProgressLine(context, System.console() != null ? System.out : null, log, PLAIN_EVERY_SECONDS);
  }

  @Override
  public synchronized void begin(String name) {
    end();
    stage = name;
    group = "pais-stage-" + GROUPS.incrementAndGet();
    context.setJobGroup(group, "pais: " + name, false);
    STAGES.info("stage {} begins", name);
    startNanos = System.nanoTime();
    lastPlainNanos = startNanos;
  }

  @Override
  public synchronized void end() {
    if (stage == null) {
      return;
    }
    clear();
    context.clearJobGroup();
    STAGES.info("stage {} ends", stage);
    stage = null;
    group = null;
  }

  private synchronized void tick() {
    if (stage == null) {
      return;
    }
    long now = System.nanoTime();
    String line = line(now);
    if (terminal != null) {
      String padded = line.length() < shownWidth ? line + " ".repeat(shownWidth - line.length()) : line;
      terminal.print("\r" + padded);
      terminal.flush();
      shownWidth = line.length();
    } else if (now - lastPlainNanos >= plainEveryNanos) {
      plain.accept(line);
      lastPlainNanos = now;
    }
  }

  /** "stage: done/total tasks, s" over the stages of the group's jobs that Spark has submitted. */
  private String line(long now) {
    JavaSparkStatusTracker tracker = context.statusTracker();
    int done = 0;
    int total = 0;
    for (int jobId : tracker.getJobIdsForGroup(group)) {
      SparkJobInfo job = tracker.getJobInfo(jobId);
      if (job == null) {
        continue;
      }
      for (int stageId : job.stageIds()) {
        SparkStageInfo info = tracker.getStageInfo(stageId);
        if (info != null && info.submissionTime() > 0) { // a stage skipped (its output reused) never runs
          done += info.numCompletedTasks();
          total += info.numTasks();
        }
      }
    }
    double seconds = (now - startNanos) / 1e9;
    return total == 0 ? String.format(Locale.ROOT, "%s: %.0f s", stage, seconds)
        : String.format(Locale.ROOT, "%s: %d/%d tasks, %.0f s", stage, done, total, seconds);
  }

  /** {@code log} with the live line cleared before each message, so that a message never lands inside it. */
  Consumer<String> around(Consumer<String> log) {
    return message -> {
      synchronized (this) {
        clear();
        log.accept(message);
      }
    };
  }

  private void clear() {
    if (terminal != null && shownWidth > 0) {
      terminal.print("\r" + " ".repeat(shownWidth) + "\r");
      terminal.flush();
      shownWidth = 0;
    }
  }

  @Override
  public synchronized void close() {
    end();
    timer.shutdownNow();
  }
}
