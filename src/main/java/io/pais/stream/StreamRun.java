package io.pais.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.budget.BudgetLedger;
import io.pais.clustering.ArrivalSampling;
import io.pais.clustering.StageListener;
import io.pais.io.InputException;
import io.pais.io.ReleaseWriter;
import io.pais.io.SpentClaimException;
import io.pais.privacy.Seed;
import io.pais.sampling.KeyedCoins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * Runs a stream of releases: checks everything that depends on flags alone before the first record (the public
 * plan, the ledger, where the output and checkpoint lie), opens the stream's state in the checkpoint, then one
 * Structured Streaming query whose every micro-batch goes to {@link WindowReleases}.
 */
public final class StreamRun {
  private StreamRun() {}

  /**
   * Runs until the source is exhausted (trigger available-now), the query stops, or a window cannot be released
   * (an error, or a ledger with too little left): that failure is thrown, unwrapped from Spark's.
   *
   * @param console one line per published window and per note, without the "pais: " prefix
   * @return the windows this run published
   */
  public static int run(SparkSession spark, StreamRequest request, Consumer<String> console, StageListener stages,
      WindowReleases.InFlight inFlight) {
    Started started = start(spark, request, console, stages, inFlight);
    try {
      started.query().awaitTermination();
    } catch (StreamingQueryException e) {
      throw unwrap(e);
    }
    return started.releases().published();
  }

  /** A running stream: its query, and what it published so far. */
  public record Started(StreamingQuery query, WindowReleases releases) {}

  /**
   * Checks where it writes and the ledger, opens the stream's state and starts its query, without waiting for it
   * (see {@link #run}); the caller checked the plan is public ({@code ArrivalSampling#requirePublicPlan}) in its own
   * words.
   */
  public static Started start(SparkSession spark, StreamRequest request, Consumer<String> console,
      StageListener stages, WindowReleases.InFlight inFlight) {
    org.apache.hadoop.conf.Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    List<String> guarded = new ArrayList<>(request.inputs());
    ReleaseWriter.requireOutsideInputs("checkpoint", request.checkpoint(), guarded, hadoop);
    guarded.add(request.checkpoint());
    ReleaseWriter.requireOutsideInputs("output", request.output(), guarded, hadoop);
    if (request.budgetLedger() != null) { // what one window will claim
      BudgetLedger.open(request.budgetLedger(), hadoop, request.allowNonAtomicRename()).requireFits(
          request.userEpsilon(), request.settings().sampling().delta(), request.settings().sampling().relation());
    }
    StreamLog log = new StreamLog(request.checkpoint(), hadoop);
    String id = log.open(constants(request));
    KeyedCoins coins = KeyedCoins.seeded(request.settings().seed() != null ? request.settings().seed()
        : Seed.parse(log.coinSecret()));
    ArrivalSampling sampling = ArrivalSampling.plan(request.settings(), request.dimension(), coins,
        JavaSparkContext.fromSparkContext(spark.sparkContext()));
    WindowReleases releases = new WindowReleases(spark, request, sampling, log, id, console, stages, inFlight);
    Dataset<Row> rows = request.source().open(spark);
    StreamingQuery query;
    try {
      query = rows.writeStream().queryName("pais-" + id)
          .foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) -> releases.process(batch, batchId))
          .option("checkpointLocation", new org.apache.hadoop.fs.Path(request.checkpoint(), "spark").toString())
          .trigger(trigger(request.trigger())).start();
    } catch (TimeoutException e) {
      throw new IllegalStateException("the stream did not start", e);
    }
    inFlight.query(query);
    console.accept("stream started: " + request.grid().describeGrid() + "; releases go to " + request.output()
        + "/window=START_END");
    return new Started(query, releases);
  }

  private static Trigger trigger(String text) {
    return text.equals(StreamRequest.AVAILABLE_NOW) ? Trigger.AvailableNow()
        : Trigger.ProcessingTime(WindowGrid.millis("--trigger", text));
  }

  /** The one line of a stream's failure (Python's fitStream): pais's own words, out of Spark's wrapping. */
  public static String failureLine(Throwable failure) {
    return io.pais.io.FailureReport.oneLine(unwrap(failure));
  }

  /** What the stream's own code threw, out of Spark's wrapping; else the query's failure as it is. */
  static RuntimeException unwrap(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SpentClaimException || t instanceof InputException || t instanceof IllegalArgumentException) {
        return (RuntimeException) t;
      }
    }
    InputException known = InputException.ofKnownReadFailure("the stream", failure);
    if (known != null) {
      known.initCause(failure);
      return known;
    }
    return failure instanceof RuntimeException r ? r : new IllegalStateException("the stream failed", failure);
  }

  /** What a restart must find unchanged. */
  private static ObjectNode constants(StreamRequest request) {
    ObjectNode out = ReleaseWriter.newObject();
    out.set("configuration", request.configuration());
    out.put("dimension", request.dimension());
    out.put("windowMillis", request.grid().widthMillis());
    out.put("latenessMillis", request.grid().latenessMillis());
    out.put("format", request.source().format());
    out.put("input", request.source().path());
    out.put("output", request.output());
    out.put("budgetLedger", request.budgetLedger());
    return out;
  }
}
