package io.pais.clustering;

/**
 * Told when the engine starts a stage and when it ends it (stage names only, never data): what a progress display
 * needs. A stage's Spark jobs run on the thread that calls {@link #begin}, between it and {@link #end}.
 */
public interface StageListener {
  /** Listens to nothing. */
  StageListener NONE = new StageListener() {
    @Override
    public void begin(String stage) {}

    @Override
    public void end() {}
  };

  /** {@code stage} starts (ending the one before, if any). */
  void begin(String stage);

  /** The current stage ends (nothing happens when none is running). */
  void end();
}
