package io.pais.lloyd;

import io.pais.math.Checks;

/** The weight of a block's rows nearest each centre (SPEC §2's assignment: ties to the lowest index). */
public final class CentreWeights {
  private CentreWeights() {}

  /**
   * Σ w_i over the rows whose nearest of the k × d row-major {@code centres} is centre j, for every j; rows of
   * weight 0 or less count nothing (no rows: every weight 0).
   */
  public static double[] of(SampleBlock rows, double[] centres, int k) {
    Checks.notNull("rows", rows);
    Checks.notNull("centres", centres);
    Checks.positive("k", k);
    double[] weights = new double[k];
    if (rows.rows() == 0) {
      return weights;
    }
    int d = rows.dimension();
    Checks.require(centres.length == k * d, "centres must be k x d = " + k + " x " + d + " values, got "
        + centres.length);
    int[] nearest = NearestCentre.indices(rows, centres, k);
    for (int i = 0; i < rows.rows(); i++) {
      double w = rows.weights()[i];
      if (w > 0) {
        weights[nearest[i]] += w;
      }
    }
    return weights;
  }
}
