package io.pais.lloyd;

/**
 * The nearest centre of each row of a block, the one O(n·k·d) step of a Lloyd pass: the products x·c and the
 * running minimum of ‖c‖² − 2 x·c are fused, so no k × rows matrix is written. Two implementations compute the
 * same (to rounding): one with the Vector API when the JVM has the {@code jdk.incubator.vector} module (the launch
 * scripts, the tests and {@code conf/spark-defaults.conf} add it), and a plain-Java one, chosen silently otherwise.
 */
interface DistanceKernel {

  /**
   * For the {@code rows} rows of a coordinate-major block (coordinate t of row i at t·rows + i) and the k row-major
   * centres with squared norms {@code centreNorms}: best[i] = the j minimising ‖c_j‖² − 2 x_i·c_j (ties to the
   * lowest j; 0 when every value is NaN) and partial[i] = that minimum.
   */
  void nearest(double[] columns, int rows, int dimension, double[] centres, double[] centreNorms, int k, int[] best,
      double[] partial);

  /** The Vector API kernel when the module is there, else the plain-Java one. */
  static DistanceKernel best() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      try {
        return (DistanceKernel) Class.forName("io.pais.lloyd.VectorDistanceKernel").getDeclaredConstructor()
            .newInstance();
      } catch (ReflectiveOperationException | LinkageError e) {
        // fall through: a JVM whose Vector API does not load gets the plain kernel
      }
    }
    return new ScalarDistanceKernel();
  }
}
