package io.pais.preprocessing;

import java.io.Serializable;

/**
 * Which records a pass reads, by sampling key alone: a cached block's rows are tested before they are made into
 * points, so a pass that keeps few of them (a subsample's draw) makes few.
 */
@FunctionalInterface
public interface KeyFilter extends Serializable {
  /** Every record. */
  KeyFilter ALL = key -> true;
  /** No record. */
  KeyFilter NONE = key -> false;

  boolean keeps(long key);
}
