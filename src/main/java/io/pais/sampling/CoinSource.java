package io.pais.sampling;

import java.io.Serializable;

/**
 * The Poisson coin of a record as a function of its sampling key alone ({@link SamplingKeys}), so a recomputed or
 * re-partitioned input draws the same sample. Serializable: Spark ships it to the tasks, and each task
 * deserializes its own copy (implementations need not be thread-safe).
 */
public interface CoinSource extends Serializable {

  /** A uniform double in [0, 1) for the record with sampling key {@code key}. */
  double uniform(long key);
}
