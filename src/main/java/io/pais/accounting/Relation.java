package io.pais.accounting;

import io.pais.sampling.UniformScheme;

/**
 * The neighbouring relation a guarantee is stated under. Every stage of one release spends under the same
 * relation: a mechanism calibrated under add/remove may cost up to twice its ε under substitution (one record
 * out, another in), so stages ask the ledger which relation applies and size their noise for it.
 */
public enum Relation {
  /** Neighbours differ by adding or removing one record (N is private). */
  ADD_REMOVE("add/remove one record"),
  /** Neighbours differ by replacing one record with another (N is public): the uniform fixed-size schemes. */
  SUBSTITUTION("substitution of one record (N public)");

  private final String description;

  Relation(String description) {
    this.description = description;
  }

  /** The relation a uniform scheme's guarantee is stated under: add/remove for Poisson, else substitution. */
  public static Relation of(UniformScheme scheme) {
    return scheme == UniformScheme.POISSON_UNIFORM ? ADD_REMOVE : SUBSTITUTION;
  }

  /**
   * How many records' worth of change separates neighbours: 1 under add/remove, 2 under substitution (one record
   * out, another in). A mechanism's add/remove sensitivity times this is its sensitivity under the relation.
   */
  public int sensitivityFactor() {
    return this == SUBSTITUTION ? 2 : 1;
  }

  /** In words, for reports. */
  public String description() {
    return description;
  }
}
