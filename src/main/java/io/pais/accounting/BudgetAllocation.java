package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.math.Rounding;
import java.math.BigDecimal;

/**
 * The one place where a release's ε is split into the shares of its stages (SPEC §13), fixed from public settings
 * before any data is read. A stage that is not needed (a public centre, no histogram, a data-independent start)
 * gets nothing; DP-Lloyd gets the rest, the target less the exact sum of the others rounded down, so that the
 * ledger's total is at most the target to the last ulp. Each stage receives its ε from here and records it in the
 * {@link PrivacyLedger}; none multiplies ε itself. In paper mode DP-Lloyd is the only stage and gets all of ε.
 *
 * @param epsilon the target ε of the release
 * @param centre the DP centre's ε (0: not run)
 * @param histogram the DP norm histogram's ε (0: not run)
 * @param initialisation the private coreset's three mechanisms (all 0: not run)
 * @param lloyd DP-Lloyd's ε: the rest
 * @param lloydDelta DP-Lloyd's δ (the uniform schemes; the other stages are pure)
 */
public record BudgetAllocation(double epsilon, double centre, double histogram, CoresetShares initialisation,
    double lloyd, double lloydDelta) {

  /**
   * The private coreset's split of its share: spreads, cell tree and region sums (10 %, 45 % and the rest), chosen
   * with a prototype of the strict pipeline (see {@code PrivateCoreset}).
   *
   * @param spreads the per-coordinate spreads' ε
   * @param tree the cell tree's ε
   * @param sums the region sums' ε
   */
  public record CoresetShares(double spreads, double tree, double sums) {
    static final double SPREAD_SHARE = 0.10;
    static final double TREE_SHARE = 0.45;
    static final CoresetShares NONE = new CoresetShares(0, 0, 0);

    static CoresetShares of(double epsilon) {
      return new CoresetShares(epsilon * SPREAD_SHARE, epsilon * TREE_SHARE,
          epsilon * (1 - SPREAD_SHARE - TREE_SHARE));
    }

    /** Whether the coreset runs. */
    public boolean runs() {
      return tree > 0;
    }
  }

  /** Which stages of a strict release run (each is decided from public settings). */
  public record Stages(boolean centre, boolean histogram, boolean initialisation) {}

  /**
   * A strict release: each running stage gets its share of ε, DP-Lloyd the rest.
   *
   * @param shares the shares of ε for the centre, the histogram and the initialisation, each in (0, 1)
   */
  public static BudgetAllocation strict(double epsilon, double delta, double centreShare, double histogramShare,
      double initShare, Stages stages) {
    requireShares(centreShare, histogramShare, initShare, stages.initialisation());
    double centre = stages.centre() ? epsilon * centreShare : 0;
    double histogram = stages.histogram() ? epsilon * histogramShare : 0;
    CoresetShares coreset = stages.initialisation() ? CoresetShares.of(epsilon * initShare) : CoresetShares.NONE;
    if (Double.isInfinite(epsilon)) {
      return new BudgetAllocation(epsilon, centre, histogram, coreset, epsilon, delta);
    }
    BigDecimal rest = new BigDecimal(epsilon);
    for (double spent : new double[] {centre, histogram, coreset.spreads(), coreset.tree(), coreset.sums()}) {
      rest = rest.subtract(new BigDecimal(spent));
    }
    return new BudgetAllocation(epsilon, centre, histogram, coreset, Math.max(0, Rounding.down(rest)), delta);
  }

  /** The paper's pipeline: DP-Lloyd is the only stage that spends. */
  public static BudgetAllocation paper(double epsilon, double delta) {
    return new BudgetAllocation(epsilon, 0, 0, CoresetShares.NONE, epsilon, delta);
  }

  /**
   * The one check of the shares: each in (0, 1), and those of the stages that run leave DP-Lloyd a positive rest.
   */
  public static void requireShares(double centreShare, double histogramShare, double initShare,
      boolean initialisation) {
    Checks.require(centreShare > 0 && centreShare < 1, "budget-centre must be in (0, 1), got " + centreShare);
    Checks.require(histogramShare > 0 && histogramShare < 1, "budget-histogram must be in (0, 1), got "
        + histogramShare);
    Checks.require(initShare > 0 && initShare < 1, "budget-init must be in (0, 1), got " + initShare);
    Checks.require(centreShare + histogramShare < 1, "budget-centre + budget-histogram must be < 1 (DP-Lloyd needs "
        + "the rest), got " + (centreShare + histogramShare));
    double shares = centreShare + histogramShare + initShare;
    Checks.require(!initialisation || shares < 1, "budget-centre + budget-histogram + budget-init must be < 1 with "
        + "init private-coreset (DP-Lloyd needs the rest), got " + shares);
  }
}
