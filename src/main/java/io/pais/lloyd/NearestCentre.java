package io.pais.lloyd;

/**
 * The nearest centre of every row of a block, by squared Euclidean distance with ties to the lowest index
 * (SPEC §2): ‖x − c‖² = ‖x‖² − 2 x·c + ‖c‖², the products and the minimum fused in one {@link DistanceKernel} call.
 */
final class NearestCentre {
  private static final DistanceKernel KERNEL = DistanceKernel.best();

  private NearestCentre() {}

  /**
   * The assignment of one block: row i's nearest centre and its ‖c‖² − 2 x·c (the distance less ‖x‖²), in
   * buffers a task reuses across its blocks, so a pass allocates nothing per block.
   */
  static final class Assignment {
    final int[] centre;
    final double[] partial;

    private Assignment(int rows) {
      centre = new int[rows];
      partial = new double[rows];
    }

    /** {@code reuse} when it holds {@code rows} rows, else a new one. */
    static Assignment reuse(Assignment reuse, int rows) {
      return reuse != null && reuse.centre.length >= rows ? reuse : new Assignment(rows);
    }
  }

  /** Every row's nearest of the k × d row-major {@code centres}, in a new array (driver-side: small blocks). */
  static int[] indices(SampleBlock block, double[] centres, int k) {
    return assign(block, centres, WeightedClusterStats.squaredNorms(centres, k, block.dimension()), k,
        Assignment.reuse(null, block.rows())).centre;
  }

  /** Fills {@code into} (see {@link Assignment#reuse}) with the nearest centre of every row; returns it. */
  static Assignment assign(SampleBlock block, double[] centres, double[] centreSquaredNorms, int k,
      Assignment into) {
    KERNEL.nearest(block.columns(), block.rows(), block.dimension(), centres, centreSquaredNorms, k, into.centre,
        into.partial);
    return into;
  }
}
