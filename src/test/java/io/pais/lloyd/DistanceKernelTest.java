package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Both distance kernels against a direct computation, on shapes that exercise every remainder path. */
class DistanceKernelTest {
  private static final List<DistanceKernel> KERNELS = List.of(new ScalarDistanceKernel(),
      new VectorDistanceKernel());

  @Test
  void theTestJvmLoadsTheVectorKernel() {
    // surefire adds jdk.incubator.vector, as the launch scripts do: the fast path is the one the tests run
    assertInstanceOf(VectorDistanceKernel.class, DistanceKernel.best());
  }

  @Test
  void nearestCentresMatchADirectComputation() {
    SplittableRandom random = new SplittableRandom(7);
    for (int rows : new int[] {1, 3, 15, 16, 17, 33, 100, 257}) {
      for (int k : new int[] {1, 2, 3, 4, 5, 9, 25}) {
        for (int d : new int[] {1, 2, 7, 50}) {
          double[] rowMajor = gaussian(random, rows * d);
          double[] centres = gaussian(random, k * d);
          SampleBlock block = SampleBlock.ofRows(rowMajor, new double[rows], d);
          double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
          for (DistanceKernel kernel : KERNELS) {
            int[] best = new int[rows];
            double[] partial = new double[rows];
            kernel.nearest(block.columns(), rows, d, centres, norms, k, best, partial);
            for (int i = 0; i < rows; i++) {
              double[] direct = new double[k];
              int expected = 0;
              for (int j = 0; j < k; j++) {
                double dot = 0;
                for (int t = 0; t < d; t++) {
                  dot += rowMajor[i * d + t] * centres[j * d + t];
                }
                direct[j] = norms[j] - 2 * dot;
                expected = direct[j] < direct[expected] ? j : expected;
              }
              String where = kernel.getClass().getSimpleName() + " rows=" + rows + " k=" + k + " d=" + d + " i=" + i;
              assertEquals(direct[expected], partial[i], 1e-12 * (1 + Math.abs(direct[expected])), where);
              // a different centre is only acceptable as a rounding-level tie
              assertEquals(direct[expected], direct[best[i]], 1e-12 * (1 + Math.abs(direct[expected])), where);
            }
          }
        }
      }
    }
  }

  @Test
  void tiesGoToTheLowestCentre() {
    int d = 3;
    int k = 9;
    int rows = 40;
    double[] centres = new double[k * d];
    for (int j = 0; j < k; j++) { // every centre the same point: every row ties between all of them
      centres[j * d] = 1;
    }
    SplittableRandom random = new SplittableRandom(3);
    SampleBlock block = SampleBlock.ofRows(gaussian(random, rows * d), new double[rows], d);
    double[] norms = WeightedClusterStats.squaredNorms(centres, k, d);
    for (DistanceKernel kernel : KERNELS) {
      int[] best = new int[rows];
      kernel.nearest(block.columns(), rows, d, centres, norms, k, best, new double[rows]);
      for (int i = 0; i < rows; i++) {
        assertEquals(0, best[i], kernel.getClass().getSimpleName());
      }
    }
  }

  private static double[] gaussian(SplittableRandom random, int size) {
    double[] out = new double[size];
    for (int i = 0; i < size; i++) {
      out[i] = random.nextDouble(-3, 3);
    }
    return out;
  }
}
