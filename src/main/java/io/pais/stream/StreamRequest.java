package io.pais.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.math.Checks;
import io.pais.settings.KMeansSettings;
import java.util.List;

/**
 * A stream of releases as the job (or a caller) asks for it: every constant fixed when the stream starts.
 *
 * @param settings the release of each window (its constants before DP-Lloyd public: {@code ArrivalSampling})
 * @param dimension d, public
 * @param source where records come from and how a line becomes one
 * @param grid the windows and the watermark
 * @param checkpoint Spark's checkpoint and the stream's own state (it holds the sample: as sensitive as the data)
 * @param output the folder that gets one {@code window=START_END} directory per window
 * @param inputs paths no output may touch (the folder read)
 * @param trigger "available-now" (read what is there, release what closed, stop) or an interval such as 10s
 * @param recordsPerUser c: at most this many records of one user in a window, the rest dropped (0: no bound, event
 *     level); needs an input that names users
 * @param budgetLedger the ledger every window is charged to, or null
 * @param allowNonAtomicRename as the job's flag
 * @param configuration the settings as run.json records them
 */
public record StreamRequest(KMeansSettings settings, int dimension, StreamInput source, WindowGrid grid,
    String checkpoint, String output, List<String> inputs, String trigger, int recordsPerUser, String budgetLedger,
    boolean allowNonAtomicRename, ObjectNode configuration) {
  public StreamRequest {
    Checks.notNull("settings", settings);
    Checks.positive("dimension", dimension);
    Checks.notNull("source", source);
    Checks.notNull("grid", grid);
    Checks.require(checkpoint != null && !checkpoint.isBlank(), "--stream needs --checkpoint DIR: where the stream "
        + "keeps its progress and its sample across restarts");
    Checks.notNull("output", output);
    inputs = List.copyOf(inputs);
    Checks.notNull("trigger", trigger);
    Checks.require(recordsPerUser >= 0, "records per user must be >= 1 (or 0: no bound), got " + recordsPerUser);
    Checks.require((recordsPerUser > 0) == source.namesUsers(), recordsPerUser > 0
        ? "a bound on records per user needs the column that names each record's user (--user-column, userCol)"
        : "a user column needs its bound on records per user in a window (--records-per-user, recordsPerUser)");
    if (!trigger.equals(AVAILABLE_NOW)) {
      WindowGrid.millis("--trigger", trigger);
    }
  }

  /**
   * What one user can cost in a window: ε of the release per record, times c with a bound on records per user
   * (group privacy of a pure ε-DP release), rounded up to a double that is not below the product.
   */
  public double userEpsilon() {
    double epsilon = settings.epsilon();
    if (recordsPerUser == 0) {
      return epsilon;
    }
    double product = epsilon * recordsPerUser;
    java.math.BigDecimal exact = new java.math.BigDecimal(epsilon).multiply(java.math.BigDecimal.valueOf(
        recordsPerUser));
    return new java.math.BigDecimal(product).compareTo(exact) < 0 ? Math.nextUp(product) : product;
  }

  /** The trigger that reads what is there, releases what closed and stops. */
  public static final String AVAILABLE_NOW = "available-now";
}
