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
 * @param budgetLedger the ledger every window is charged to, or null (event level)
 * @param allowNonAtomicRename as the job's flag
 * @param configuration the settings as run.json records them
 */
public record StreamRequest(KMeansSettings settings, int dimension, StreamInput source, WindowGrid grid,
    String checkpoint, String output, List<String> inputs, String trigger, String budgetLedger,
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
    if (!trigger.equals(AVAILABLE_NOW)) {
      WindowGrid.millis("--trigger", trigger);
    }
  }

  /** The trigger that reads what is there, releases what closed and stops. */
  public static final String AVAILABLE_NOW = "available-now";
}
