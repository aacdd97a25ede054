package io.pais.budget;

import io.pais.accounting.Relation;
import java.util.Locale;

/**
 * What a release's (ε, δ), stated under its own neighbouring relation, costs in a ledger that composes under
 * another. Under the same relation it costs itself. A substitution (one record replaced by another) is a removal
 * followed by an addition, so an add/remove guarantee (ε, δ) gives (2ε, (1 + e^ε)·δ) under substitution (group
 * privacy for two records), rounded up here to the last ulp. The other way there is no bound: a release under
 * substitution may publish N, which a neighbour under add/remove changes, so it never goes into an add/remove
 * ledger.
 *
 * @param epsilon the ε charged to the ledger
 * @param delta the δ charged to the ledger
 */
public record RelationCharge(double epsilon, double delta) {

  /** The charge of a release of (ε, δ) under {@code release} in a ledger under {@code ledger}. */
  public static RelationCharge of(Relation ledger, Relation release, double epsilon, double delta, String where) {
    if (ledger == release) {
      return new RelationCharge(epsilon, delta);
    }
    if (ledger == Relation.ADD_REMOVE) {
      throw new BudgetException("budget ledger " + where + " composes under add/remove, but this release's guarantee "
          + "is under substitution (a fixed-size uniform scheme, which publishes N): under add/remove it has no "
          + "bound, so it cannot be charged there; use a ledger made with --relation substitution");
    }
    double charged = 2 * epsilon; // exact: a power-of-two multiple
    double grown = delta == 0 ? 0 : Math.nextUp(Math.nextUp(1 + Math.nextUp(Math.exp(epsilon))) * delta);
    if (!(grown < 1) || !Double.isFinite(charged)) {
      throw new BudgetException(String.format(Locale.ROOT, "budget ledger %s composes under substitution, where "
          + "this add/remove release of epsilon = %s, delta = %s costs delta (1 + e^epsilon) * delta >= 1: no "
          + "guarantee; lower epsilon or delta", where, epsilon, delta));
    }
    return new RelationCharge(charged, grown);
  }
}
