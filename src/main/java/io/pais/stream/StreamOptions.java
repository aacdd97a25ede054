package io.pais.stream;

import io.pais.math.Checks;
import io.pais.settings.Setting;

/**
 * How the Estimator's {@code fitStream} runs a stream: which columns carry each record's event time and key, the
 * windows, the trigger, and where the stream keeps its state and publishes its releases. The defaults of the window,
 * the watermark and the trigger are the job's ({@code --window}, {@code --watermark}, {@code --trigger}).
 *
 * @param eventTimeCol a timestamp column, or seconds since the epoch
 * @param keyCol a whole-number column naming each record's place in its source (see {@link FrameInput})
 * @param window the windows' width (e.g. 1h)
 * @param watermark the allowed lateness (e.g. 10m)
 * @param trigger an interval (e.g. 10s) or available-now
 * @param checkpoint Spark's checkpoint and the stream's state and sample (as sensitive as the data)
 * @param output the folder that gets one window=START_END directory per window
 * @param userCol the column naming each record's user, or null (event level)
 * @param recordsPerUser c, the most records of one user a window keeps (0 without a user column)
 */
public record StreamOptions(String eventTimeCol, String keyCol, String window, String watermark, String trigger,
    String checkpoint, String output, String userCol, int recordsPerUser) {
  public StreamOptions {
    Checks.require(eventTimeCol != null && !eventTimeCol.isBlank(), "eventTimeCol must name a column");
    Checks.require(keyCol != null && !keyCol.isBlank(), "keyCol must name a column");
    WindowGrid.parse(window, watermark);
    Checks.require(checkpoint != null && !checkpoint.isBlank(), "a stream needs a checkpoint directory");
    Checks.require(output != null && !output.isBlank(), "a stream needs an output directory");
  }

  /** The job's defaults, with columns eventTime and key, and {@code checkpoint} and {@code output}. */
  public static StreamOptions of(String checkpoint, String output) {
    return new StreamOptions("eventTime", "key", Setting.WINDOW.jobDefault().orElseThrow(),
        Setting.WATERMARK.jobDefault().orElseThrow(), Setting.TRIGGER.jobDefault().orElseThrow(), checkpoint, output,
        null, 0);
  }

  public StreamOptions withEventTimeCol(String column) {
    return new StreamOptions(column, keyCol, window, watermark, trigger, checkpoint, output, userCol, recordsPerUser);
  }

  public StreamOptions withKeyCol(String column) {
    return new StreamOptions(eventTimeCol, column, window, watermark, trigger, checkpoint, output, userCol, recordsPerUser);
  }

  public StreamOptions withWindow(String width, String lateness) {
    return new StreamOptions(eventTimeCol, keyCol, width, lateness, trigger, checkpoint, output, userCol, recordsPerUser);
  }

  public StreamOptions withTrigger(String every) {
    return new StreamOptions(eventTimeCol, keyCol, window, watermark, every, checkpoint, output, userCol, recordsPerUser);
  }

  /** Users named by {@code column}, at most {@code perWindow} records of each a window (user level). */
  public StreamOptions withUsers(String column, int perWindow) {
    return new StreamOptions(eventTimeCol, keyCol, window, watermark, trigger, checkpoint, output, column, perWindow);
  }

  /** The windows these options name. */
  public WindowGrid grid() {
    return WindowGrid.parse(window, watermark);
  }
}
