package io.pais.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.budget.BudgetException;
import io.pais.budget.BudgetLedger;
import io.pais.budget.ReleaseClaim;
import io.pais.clustering.ArrivalSampling;
import io.pais.clustering.ClusteringResult;
import io.pais.clustering.StageListener;
import io.pais.io.DimensionSource;
import io.pais.io.Points;
import io.pais.io.ReleaseWriter;
import io.pais.io.TimedPoint;
import io.pais.sampling.KeyedPoint;
import io.pais.settings.KMeansSettings;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * What a stream does with each micro-batch: its records keyed and timed, the late ones dropped, the rest sampled by
 * their coins as they arrive and the kept ones stored per window; then every window the watermark closed released
 * through the strict release and published as {@code OUTPUT/window=START_END}, once.
 *
 * <p>Exactly once. A micro-batch's state is stored only after its sample is, and Spark replays a micro-batch it did
 * not commit with the same records, so a replay finds the state (or rewrites the same sample). A window is released
 * only after its {@code started} marker is written, before it charges a ledger or reads a record, and it is never
 * started again: a window whose release stopped after that marker stays unpublished (and, with a ledger, charged),
 * and the next start says so. One that was published before its {@code published} marker was written is recognised
 * by its run.json (the stream's id and the window) and not published again.
 */
public final class WindowReleases {
  private final SparkSession spark;
  private final StreamRequest request;
  private final ArrivalSampling sampling;
  private final StreamLog log;
  private final SampleStore store;
  private final String streamId;
  private final Consumer<String> console;
  private final StageListener stages;
  private final InFlight inFlight;
  /** Windows closing in one micro-batch above which the console says why it takes long. */
  private static final int MANY_WINDOWS = 100;
  private int published;
  private String lastProgress;

  WindowReleases(SparkSession spark, StreamRequest request, ArrivalSampling sampling, StreamLog log, String streamId,
      Consumer<String> console, StageListener stages, InFlight inFlight) {
    this.spark = spark;
    this.request = request;
    this.sampling = sampling;
    this.log = log;
    this.store = new SampleStore(log);
    this.streamId = streamId;
    this.console = console;
    this.stages = stages;
    this.inFlight = inFlight;
  }

  /** The windows this run published so far. */
  int published() {
    return published;
  }

  /** Micro-batch {@code id}: its sample stored (unless a replay finds it stored), then every window it closed. */
  void process(Dataset<Row> rows, long id) {
    StreamLog.BatchState before = log.before(id);
    StreamLog.BatchState state = log.batch(id).orElseGet(() -> ingest(rows, id, before));
    close(state);
    progress(state);
  }

  /**
   * One line when it changed: the windows published, the open window's sample as a size class (a power of ten, never
   * the count) and, with a ledger, the epsilon left.
   */
  private void progress(StreamLog.BatchState state) {
    if (state.watermark() == null) {
      return;
    }
    long open = request.grid().startOf(state.watermark() + request.grid().latenessMillis());
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "stream: %d window%s published by this run; "
        + "open window %s: a sample of %s", published, published == 1 ? "" : "s", request.grid().describe(open),
        sizeClass(store.count(spark, open))));
    if (request.budgetLedger() != null) {
      line.append("; epsilon left on the budget ledger ").append(BudgetLedger.open(request.budgetLedger(), hadoop(),
          request.allowNonAtomicRename()).read().remainingEpsilon());
    }
    if (!line.toString().equals(lastProgress)) {
      console.accept(line.toString());
      lastProgress = line.toString();
    }
  }

  /** A count as its power of ten: "no records", "1 to 9 records", "10 to 99 records", … */
  static String sizeClass(long count) {
    if (count == 0) {
      return "no records";
    }
    long low = 1;
    while (low <= count / 10) {
      low *= 10;
    }
    return String.format(Locale.ROOT, "%,d to %,d records", low, low * 10 - 1);
  }

  private StreamLog.BatchState ingest(Dataset<Row> rows, long id, StreamLog.BatchState before) {
    WindowGrid grid = request.grid();
    StreamInput.Batch batch = request.source().records(rows, before.filesSeen());
    JavaRDD<TimedPoint> records = batch.records().persist(StorageLevel.MEMORY_AND_DISK());
    try {
      Long closedAt = before.watermark();
      // late: its window closed before this micro-batch (as Spark's own watermark drops records)
      JavaRDD<TimedPoint> onTime = closedAt == null ? records
          : records.filter(p -> onTime(grid, closedAt, p.eventMillis()));
      // in one pass: the latest event time (it moves the watermark) and the earliest on-time window (windows are
      // released from the earliest any on-time record fell in), kept in the checkpoint only
      EventRange range = records.aggregate(new EventRange(), (r, p) -> r.add(p.eventMillis(),
          onTime(grid, closedAt, p.eventMillis())), EventRange::merge);
      long latest = range.latest;
      boolean anyOnTime = range.earliestOnTime != Long.MAX_VALUE;
      // startOf is monotone: the earliest on-time record's window is the earliest on-time window
      long earliest = anyOnTime ? grid.startOf(range.earliestOnTime) : Long.MAX_VALUE;
      if (anyOnTime) {
        // with a bound on records per user, a user's records past it are dropped before any coin is drawn
        JavaRDD<TimedPoint> admitted = request.recordsPerUser() == 0 ? onTime
            : store.bounded(spark, id, onTime, grid, request.recordsPerUser());
        JavaRDD<TimedPoint> kept = sampling.kept(admitted, p -> new KeyedPoint(p.key(), p.x()), "stream micro-batch "
            + id);
        store.store(spark, id, kept, grid);
        if (admitted != onTime) {
          admitted.unpersist(false);
        }
      }
      // an on-time record's window is open, and so is every window after it: moving the first window back to it
      // releases no window twice
      Long first = earlier(before.firstWindow(), anyOnTime ? earliest : null);
      Long watermark = closedAt;
      if (latest != Long.MIN_VALUE) {
        long moved = grid.watermarkAfter(latest);
        watermark = watermark == null ? moved : Math.max(watermark, moved);
      }
      Long next = earlier(before.nextWindow(), anyOnTime ? earliest : null);
      if (next == null) {
        next = first;
      }
      while (next != null && log.has(next, StreamLog.Marker.STARTED) && watermark != null
          && grid.closed(next, watermark)) {
        next = grid.endOf(next); // windows finished before this micro-batch: no need to look at them again
      }
      StreamLog.BatchState state = new StreamLog.BatchState(watermark, first, next, batch.filesSeen());
      log.storeBatch(id, state);
      return state;
    } finally {
      records.unpersist(false);
    }
  }

  /** Whether a record of this event time is on time: no watermark yet, or its window still open at it. */
  private static boolean onTime(WindowGrid grid, Long closedAt, long eventMillis) {
    return closedAt == null || !grid.closed(grid.startOf(eventMillis), closedAt);
  }

  /**
   * A micro-batch's latest event time and earliest on-time event time, folded in place (Spark's aggregate lets each
   * task reuse its own copy of the zero value): no array a record.
   */
  private static final class EventRange implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    long latest = Long.MIN_VALUE;
    long earliestOnTime = Long.MAX_VALUE;

    EventRange add(long eventMillis, boolean onTime) {
      latest = Math.max(latest, eventMillis);
      if (onTime) {
        earliestOnTime = Math.min(earliestOnTime, eventMillis);
      }
      return this;
    }

    EventRange merge(EventRange other) {
      latest = Math.max(latest, other.latest);
      earliestOnTime = Math.min(earliestOnTime, other.earliestOnTime);
      return this;
    }
  }

  private static Long earlier(Long a, Long b) {
    return a == null ? b : b == null ? a : Math.min(a, b);
  }

  /** Releases every window the state's watermark closed that is not finished yet, in order. */
  private void close(StreamLog.BatchState state) {
    if (state.watermark() == null || state.nextWindow() == null) {
      return;
    }
    long closing = Math.floorDiv(state.watermark() - state.nextWindow(), request.grid().widthMillis());
    if (closing > MANY_WINDOWS) {
      console.accept("note: " + closing + " windows close at once (the event times jumped ahead); each is released, "
          + "empty or not, which takes a while; a record with a wrong, far-future event time does this too");
    }
    for (long start = state.nextWindow(); request.grid().closed(start, state.watermark());
        start = request.grid().endOf(start)) {
      finish(start);
    }
  }

  private void finish(long start) {
    if (log.has(start, StreamLog.Marker.PUBLISHED)) {
      store.drop(start); // gone already, unless a crash came between the marker and the drop
      return;
    }
    String name = request.grid().describe(start);
    if (log.has(start, StreamLog.Marker.STARTED)) {
      if (publishedBefore(start)) {
        log.mark(start, StreamLog.Marker.PUBLISHED, marker(start));
        console.accept("note: window " + name + " was published by the run that stopped; not published again");
      } else {
        ReleaseWriter.removeAbandoned(outputOf(start), hadoop()).forEach(note -> console.accept("note: " + note));
        console.accept("note: window " + name + ": an earlier run started its release and stopped before publishing "
            + "it; it stays unpublished" + (request.budgetLedger() == null ? "" : " and its claim on the budget ledger "
            + "stays spent") + " (a window is never released twice)");
      }
      store.drop(start);
      return;
    }
    release(start, name);
  }

  private void release(long start, String name) {
    String output = outputOf(start);
    ReleaseWriter writer = new ReleaseWriter(output, request.inputs(), hadoop(), false,
        request.allowNonAtomicRename());
    inFlight.writer(writer);
    try {
      writer.prepare();
      if (!log.mark(start, StreamLog.Marker.STARTED, marker(start))) {
        return; // another attempt began it meanwhile
      }
      ReleaseClaim claim = claim(start, name, output);
      ClusteringResult result;
      try {
        Points points = new Points(store.window(spark, start), request.dimension(), DimensionSource.GIVEN,
            "stream window " + request.grid().id(start), true);
        result = sampling.release(points, message -> { }, stages);
        writer.write(result.centres(), claim == null ? result.report() : claim.cover(result.report()),
            runRecord(start));
      } catch (RuntimeException | Error e) {
        if (claim == null) {
          throw e;
        }
        throw claim.failed(e);
      } finally {
        inFlight.claim(null);
      }
      published++;
      log.mark(start, StreamLog.Marker.PUBLISHED, marker(start));
      store.drop(start);
      console.accept(String.format(Locale.ROOT, "window %s published to %s: epsilon = %s, %s", name, output,
          result.report().epsilon(), claim == null ? guarantee() : recorded(claim, output, result)));
    } finally {
      writer.close();
      inFlight.writer(null);
    }
  }

  /** What a published window's epsilon covers, without a ledger. */
  private String guarantee() {
    return request.recordsPerUser() > 0 ? String.format(Locale.ROOT, "epsilon = %s for a user (at most %d records of "
        + "one user in a window)", request.userEpsilon(), request.recordsPerUser())
        : "each record's epsilon (event level; disjoint windows compose in parallel)";
  }

  /**
   * Closes a published window's claim with what it spent; a ledger that cannot take the record leaves the claim spent
   * (the window is out) and says so.
   */
  private String recorded(ReleaseClaim claim, String output, ClusteringResult result) {
    try {
      claim.recordRelease(output, result.report());
      return String.format(Locale.ROOT, "claim %d on the budget ledger; epsilon left %s", claim.sequence(),
          claim.ledgerNow().remainingEpsilon());
    } catch (RuntimeException e) {
      return "its claim " + claim.sequence() + " stays spent, but the budget ledger could not record it: "
          + io.pais.io.FailureReport.oneLine(e);
    }
  }

  /** The window's claim on the ledger, or null without one; a ledger that cannot cover it stops the stream. */
  private ReleaseClaim claim(long start, String name, String output) {
    if (request.budgetLedger() == null) {
      return null;
    }
    ObjectNode details = ReleaseWriter.newObject();
    details.put("output", output);
    details.put("stream", streamId);
    details.put("window", request.grid().id(start));
    details.set("configuration", request.configuration());
    ReleaseClaim claim;
    try {
      claim = ReleaseClaim.take(request.budgetLedger(), request.userEpsilon(), request.settings().sampling().delta(),
          request.settings().sampling().relation(), hadoop(), details, request.allowNonAtomicRename());
    } catch (BudgetException e) {
      log.unmark(start); // nothing charged, nothing read: the window may be released once budget is added
      throw new BudgetException("the stream stops before window " + name + ": " + e.getMessage());
    }
    claim.startReading();
    inFlight.claim(claim);
    return claim;
  }

  private String outputOf(long start) {
    return new Path(request.output(), "window=" + request.grid().id(start)).toString();
  }

  /** Whether the window's directory holds this stream's release of it (published before a crash). */
  private boolean publishedBefore(long start) {
    Path run = new Path(outputOf(start), "run.json");
    try {
      FileSystem fs = run.getFileSystem(hadoop());
      if (!fs.exists(run)) {
        return false;
      }
      try (var in = fs.open(run)) {
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
        com.fasterxml.jackson.databind.JsonNode stream = json.get("stream");
        return stream != null && streamId.equals(stream.path("id").asText())
            && request.grid().id(start).equals(stream.path("window").asText());
      }
    } catch (IOException e) {
      return false;
    }
  }

  private ObjectNode marker(long start) {
    ObjectNode out = ReleaseWriter.newObject();
    out.put("stream", streamId);
    out.put("window", request.grid().id(start));
    return out;
  }

  private ObjectNode runRecord(long start) {
    ObjectNode run = ReleaseWriter.newObject();
    run.put("sparkVersion", spark.version());
    run.put("master", spark.sparkContext().master());
    run.put("input", request.source().path() == null ? request.source().format() + " stream"
        : request.source().path());
    run.put("format", request.source().format());
    ObjectNode stream = run.putObject("stream");
    stream.put("id", streamId);
    stream.put("window", request.grid().id(start));
    stream.put("windowStart", java.time.Instant.ofEpochMilli(start).toString());
    stream.put("windowEnd", java.time.Instant.ofEpochMilli(request.grid().endOf(start)).toString());
    stream.put("windows", request.grid().describeGrid());
    stream.put("privacyModel", privacyModel());
    stream.put("lateRecords", "a record whose window closed before the micro-batch that carries it is dropped: not "
        + "sampled, not counted, not reported");
    run.set("configuration", request.configuration());
    return run;
  }

  private String privacyModel() {
    KMeansSettings s = request.settings();
    int c = request.recordsPerUser();
    String window = c == 0
        ? "event level: each window's release is " + s.epsilon() + "-DP for every record (add/remove one record); "
            + "windows are disjoint in event time, so they compose in parallel and each record's guarantee is its "
            + "window's"
        : "user level in a window: at most " + c + " records of one user (the user column) enter a window, so each "
            + "window's release is " + request.userEpsilon() + "-DP for a user (add/remove one user's records in it; "
            + "group privacy of the " + s.epsilon() + "-DP release)";
    String over = request.budgetLedger() != null
        ? "; every window is charged " + request.userEpsilon() + " to the budget ledger " + request.budgetLedger()
            + " (basic composition across windows): " + (c == 0 ? "a person with at most one record in each window "
            + "has at most the ledger's spent epsilon over the stream (with m records in one window, m times that "
            + "window's)" : "a user has at most the ledger's spent epsilon over the stream")
        : c == 0 ? "" : "; over the stream a user's windows compose (basic composition): w windows with their records "
            + "cost them at most w times that (a budget ledger caps it)";
    return window + over;
  }

  private Configuration hadoop() {
    return spark.sparkContext().hadoopConfiguration();
  }

  /** Where the job's interrupt hook finds the window being released (its writer and claim), if any. */
  public interface InFlight {
    /** The writer of the window being released; null once it is done. */
    void writer(ReleaseWriter writer);

    /** The ledger claim of the window being released, once it reads records; null once it is done. */
    void claim(ReleaseClaim claim);

    /** The stream's query once it started (an interrupt hook stops it before Spark's own hooks stop Spark). */
    default void query(org.apache.spark.sql.streaming.StreamingQuery query) { }
  }

  /** For tests and callers with no interrupt hook. */
  public static final InFlight NONE = new InFlight() {
    @Override
    public void writer(ReleaseWriter writer) { }

    @Override
    public void claim(ReleaseClaim claim) { }
  };
}
