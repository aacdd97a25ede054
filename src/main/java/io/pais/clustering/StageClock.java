package io.pais.clustering;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stages' wall-clock times, for the operator (the console and the log, never a release), and the progress
 * listener told as each stage starts and ends. A stage that runs twice adds up.
 */
final class StageClock {
  private final StageListener listener;
  private final Map<String, Double> seconds = new LinkedHashMap<>();

  StageClock(StageListener listener) {
    this.listener = listener;
  }

  /** Stage {@code name} starts: the listener is told; returns the start time for {@link #end}. */
  long begin(String name) {
    listener.begin(name);
    return System.nanoTime();
  }

  /** Stage {@code name}, started at {@code startNanos}, ends: its time is recorded and the listener told. */
  void end(String name, long startNanos) {
    listener.end();
    seconds.merge(name, (System.nanoTime() - startNanos) / 1e9, Double::sum);
  }

  /** Seconds per stage so far. */
  Map<String, Double> seconds() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(seconds));
  }
}
