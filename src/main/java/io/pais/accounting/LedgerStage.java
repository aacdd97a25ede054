package io.pais.accounting;

import io.pais.math.Checks;

/** The stages that read data and spend a share of ε, as the ledger names them. */
public enum LedgerStage {
  /** A candidate release of a private choice of k (its own stages inside, its DP cost the score). */
  K_SELECTION("k selection"),
  /** The DP centre of a strict release. */
  CENTRE("centre"),
  /** The DP norm histogram (r̂, n̂, x̃̂) of a strict release. */
  NORM_HISTOGRAM("norm histogram"),
  /** The private coreset's per-coordinate spreads. */
  INIT_SPREADS("init: spreads"),
  /** The private coreset's noisy cell tree. */
  INIT_CELL_TREE("init: cell tree"),
  /** The private coreset's noisy grid of cell counts (in few dimensions, instead of the cell tree and sums). */
  INIT_GRID("init: grid"),
  /** The private coreset's noisy region sums. */
  INIT_SUMS("init: sums"),
  /** The private coreset's noisy counts of the tail's bands, its re-seeding points. */
  INIT_TAIL_AXES("init: tail axes"),
  /** The private coreset's noisy norm sums of the tail's heavy bands: where along its axis each re-seeding point sits. */
  INIT_TAIL_POSITIONS("init: tail positions"),
  /** A start found in a random subspace (its reference, spread and steps). */
  INIT_SUBSPACE("init: subspace"),
  /** The iterations of weighted DP-Lloyd. */
  DP_LLOYD("DP-Lloyd"),
  /** The private training summary's cluster sizes. */
  SUMMARY_SIZES("summary: sizes"),
  /** The private training summary's training cost. */
  SUMMARY_COST("summary: cost"),
  /** A private scaler's noisy count of the points. */
  SCALER_COUNT("scaler: count"),
  /** A private scaler's noisy per-coordinate sums. */
  SCALER_SUMS("scaler: sums"),
  /** A private scaler's noisy per-coordinate sums of squares. */
  SCALER_SQUARES("scaler: squares");

  private final String label;

  LedgerStage(String label) {
    this.label = label;
  }

  /** The name in reports and on the console. */
  public String label() {
    return label;
  }

  /** Whether this stage belongs to the private coreset initialiser. */
  public boolean isInitialisation() {
    return this == INIT_SPREADS || this == INIT_CELL_TREE || this == INIT_GRID || this == INIT_SUMS
        || this == INIT_TAIL_AXES || this == INIT_TAIL_POSITIONS || this == INIT_SUBSPACE;
  }

  /** The stage with this {@link #label()}, as a report holds it. */
  public static LedgerStage ofLabel(String label) {
    return Checks.oneOf("ledger stage", label, values(), LedgerStage::label);
  }

  @Override
  public String toString() {
    return label;
  }
}
