package io.pais.experiments;

/** The sum noise of a run. */
enum NoiseMode {
  /** The correct Gamma(d, β) radius (SPEC §2): what the product uses. */
  GAMMA("gamma"),
  /** The reference code's Exponential(β) radius: NOT differentially private for d ≥ 2; comparison only. */
  REFERENCE_EXPONENTIAL("reference-exponential-NOT-PRIVATE"),
  /** No noise at all: the ε = ∞ reference. */
  NONE("none");

  final String id;

  NoiseMode(String id) {
    this.id = id;
  }
}
