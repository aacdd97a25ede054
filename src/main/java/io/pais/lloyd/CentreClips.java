package io.pais.lloyd;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * How far each centre's offsets are clipped from DP-Lloyd's second iteration on, where a private coreset's grid was
 * released: f_j·ρ with f_j the smallest power of two in [2^−{@value #MAX_HALVINGS}, 1] with f_j·ρ at or above the
 * spread of the grid's kept cells nearest centre j — the root of their count-weighted mean squared ℓ2 distance to it,
 * each cell taken as its middle plus the second moment of a point spread evenly over it — where those cells weigh at
 * least {@value #MIN_SHARE} of n̂/k; 1 for every other centre. Post-processing of DP outputs (the grid's public middles
 * and sides and noisy counts, the centres of the iteration before): it spends no ε, and the narrowed sums keep ρ's
 * sensitivity ({@link LloydSums.ClippedOffsets#narrowing}).
 *
 * <p>Why per centre. ρ follows a typical cluster's radius at the data's typical norm (the width rule); where clusters
 * are compact and apart (many clusters in few dimensions) a cluster fills a fraction of that, and a sum clipped near
 * its own spread carries noise as much smaller. One clip for every centre read from the grid lost the small far
 * clusters the grid's threshold drops at small ε (the rule then followed the large clusters); per centre, a centre
 * with no kept cells near it keeps ρ (docs/results/history.md, "A clip per centre from the grid's cells").
 */
public final class CentreClips implements Serializable {
  private static final long serialVersionUID = 1L;
  /**
   * The most halvings of ρ (a utility constant: post-processing, no ε). On the four many-cluster 2-d cells of the
   * generalisation benchmark (11 seeds; many-31, many-50, separated-15, birch2) 3 and 2 gave the same medians at ε = 1
   * and 3 but for birch2 (0.734 against 0.740 at ε = 1; at ε = 3, where birch2 is now above
   * {@link #BUDGET_PER_CENTRE_BELOW} and not narrowed, 1.054 against 1.017).
   */
  public static final int MAX_HALVINGS = 3;
  /**
   * The share of n̂/k the grid's cells nearest a centre must weigh for their spread to narrow its clip (a utility
   * constant: post-processing, no ε): below it the cells are a sliver of a cluster the threshold mostly dropped. Set
   * with the rule, not tuned: the rule's measurements are {@link #BUDGET_PER_CENTRE_BELOW}'s.
   */
  public static final double MIN_SHARE = 0.25;
  /**
   * Narrowing runs where n̂·ε/(k·d) is below this (a utility constant: post-processing, no ε). A narrower clip trades
   * a bias for less noise; where the budget per centre is rich the noise is already small beside a cluster and only the
   * bias is left: skin (n̂·ε/(k·d) of 4,000 and more) 0.9474 → 0.9479 the floor at every ε, above its quartiles, and
   * at ε = 3 birch2 0.87 → 1.05 and small-far-8 0.989 → 0.998 (1,190–1,460). Below it, on the generalisation
   * benchmark's 35 cells at ε = 0.5, 1 and 3, 29 medians went down and 6 up, the largest up aggregation's 1.5 %
   * (docs/results/history.md, "A clip per centre from the grid's cells").
   */
  public static final double BUDGET_PER_CENTRE_BELOW = 1000;

  private static final CentreClips NONE = new CentreClips(SampleBlock.empty(1), Double.NaN, Double.NaN);

  private final SampleBlock cells;
  private final double cellSecondMoment;
  private final double minWeight;

  private CentreClips(SampleBlock cells, double cellSecondMoment, double minWeight) {
    this.cells = cells;
    this.cellSecondMoment = cellSecondMoment;
    this.minWeight = minWeight;
  }

  /** No narrowing: every centre clips at ρ. */
  public static CentreClips none() {
    return NONE;
  }

  /**
   * Narrowing from a grid's kept cells {@code cells} (public middles, noisy counts), whose cells have second moment
   * {@code cellSecondMoment} (Σ w_j²/12 for sides w_j), with {@code pointsPerCentre} = n̂/k.
   */
  public static CentreClips fromGrid(SampleBlock cells, double cellSecondMoment, double pointsPerCentre) {
    Checks.notNull("cells", cells);
    Checks.require(cellSecondMoment >= 0 && Double.isFinite(cellSecondMoment), "cellSecondMoment must be finite "
        + "and >= 0, got " + cellSecondMoment);
    Checks.require(pointsPerCentre > 0 && Double.isFinite(pointsPerCentre), "pointsPerCentre (n/k) must be finite "
        + "and > 0, got " + pointsPerCentre);
    return new CentreClips(cells, cellSecondMoment, MIN_SHARE * pointsPerCentre);
  }

  /** Whether any centre can be narrowed. */
  public boolean narrows() {
    return cells.rows() > 0;
  }

  /**
   * f_j for the k × d row-major {@code centres} at clip {@code rho}; null where nothing narrows ({@link #none()}, or
   * every f_j 1).
   */
  public double[] factors(double[] centres, int k, double rho) {
    if (!narrows()) {
      return null;
    }
    int d = cells.dimension();
    Checks.require(centres.length == k * d, "centres must be k x d = " + k * d + " values, got " + centres.length);
    int[] nearest = NearestCentre.indices(cells, centres, k);
    double[] weight = new double[k];
    double[] squares = new double[k];
    for (int i = 0; i < cells.rows(); i++) {
      double w = cells.weights()[i];
      if (!(w > 0)) {
        continue;
      }
      int c = nearest[i];
      double distance = 0; // exactly, not as ‖x‖² less 2 x·c plus ‖c‖²: cells lie close to their centre
      for (int t = 0; t < d; t++) {
        double e = cells.value(i, t) - centres[c * d + t];
        distance += e * e;
      }
      weight[c] += w;
      squares[c] += w * distance;
    }
    double[] factors = new double[k];
    boolean any = false;
    for (int c = 0; c < k; c++) {
      factors[c] = 1;
      if (weight[c] < minWeight) { // minWeight > 0: a centre with no cells keeps rho
        continue;
      }
      double spread = Math.sqrt(squares[c] / weight[c] + cellSecondMoment);
      for (int m = 1; m <= MAX_HALVINGS && Math.scalb(rho, -m) >= spread; m++) {
        factors[c] = Math.scalb(1.0, -m);
        any = true;
      }
    }
    return any ? factors : null;
  }
}
