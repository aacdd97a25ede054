package io.pais.sampling;

import java.util.function.DoubleUnaryOperator;

/**
 * What the opt B search needs to know about the data: the norms, exactly or summarised. The B search reads
 * every norm without privacy (SPEC §10), so a report must list it as a non-private step.
 */
public interface NormSummary {

  /** The number of points n. */
  long count();

  /** Σ_i f(‖x_i‖), exactly or approximately. */
  double sum(DoubleUnaryOperator f);
}
