package io.pais.preprocessing;

import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pais.sampling.KeyedPoint;
import io.pais.privacy.Geometry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Full-data DP-Lloyd in a strict release reads the cached clipped blocks through {@link CentringView}: the rows it
 * sees must be, to the bit, the points of the point-by-point path (centred, then projected onto the ball or
 * dropped outside it), in both geometries, across blocks of different sizes that share the view's scratch.
 */
class CentringViewTest {
  private static final int D = 7;
  private static final double R = 3.0;
  /** The clip radius around the origin: wide enough that no point is clipped. */
  private static final double CLIP = 100;

  @Test
  void projectedBlocksEqualThePointByPointPathToTheBit() {
    for (Geometry geometry : Geometry.values()) {
      for (boolean drop : new boolean[] {false, true}) {
        check(geometry, drop);
      }
    }
  }

  private static void check(Geometry geometry, boolean drop) {
    double[] origin = {1, 0, -2, 0.5, 0, 0, 3};
    double[] centre = {0.5, -1, 2, 0, 0.25, 3, -0.75};
    CentringView view = new CentringView(origin, centre, R, geometry, drop);
    // a full block, then a short one, then a full one again: the scratch is reused at both sizes
    for (int rows : new int[] {PoissonSampler.blockRows(D), 37, PoissonSampler.blockRows(D)}) {
      List<KeyedPoint> points = points(rows, 11L * rows + (drop ? 1 : 0));
      Iterator<ClippedBlock> blocks = ClippedBlock.pack(points.iterator(), D, origin, CLIP, geometry);
      ClippedBlock block = blocks.next();
      SampleBlock seen = view.of(block);

      List<double[]> expected = new ArrayList<>();
      for (KeyedPoint p : points) {
        // the point-by-point path: the point as cached and read back (ClippedBlock.points), centred, projected
        double[] y = Preprocessor.subtract(ClippedPoints.clip(p.x(), origin, CLIP, geometry), centre);
        if (!drop) {
          expected.add(Preprocessor.projectOntoBall(y, R, geometry));
        } else if (geometry.norm(y) <= io.pais.math.Rounding.projectionRadius(R, D)) {
          expected.add(y);
        }
      }
      String what = geometry + (drop ? " drop " : " project ") + rows + " rows";
      assertEquals(expected.size(), seen.rows(), what);
      if (drop) {
        assertNotEquals(rows, seen.rows(), what + ": some rows must lie outside the ball");
      }
      for (int i = 0; i < seen.rows(); i++) {
        double[] row = new double[D];
        seen.copyRow(i, row, 0);
        assertArrayEquals(expected.get(i), row, 0.0, what + ", row " + i);
        assertEquals(1.0, seen.weights()[i], what);
      }
      // the cached block itself is unchanged: the view writes into its own scratch
      double[] first = new double[D];
      for (int t = 0; t < D; t++) {
        first[t] = block.coordinate(0, t, origin);
      }
      assertArrayEquals(ClippedPoints.clip(points.get(0).x(), origin, CLIP, geometry), first, 0.0);
    }
  }

  @Test
  void normsPastTheSquaresRangeTakeTheScaledPass() {
    double[] centre = new double[D];
    CentringView view = new CentringView(centre, centre, 1e200, Geometry.L2, false);
    double[] huge = new double[D];
    java.util.Arrays.fill(huge, 1e200); // ‖x‖ = 1e200·√7 > r: projected; its square overflows
    double[] tiny = new double[D];
    java.util.Arrays.fill(tiny, 1e-200);
    // each in a block clipped at a radius of its own magnitude: in units of it, neither overflows nor underflows a float
    for (double[] x : new double[][] {huge, tiny}) {
      double clip = 10 * Math.abs(x[0]) * D;
      SampleBlock seen = view.of(ClippedBlock.pack(List.of(new KeyedPoint(0, x)).iterator(), D, centre, clip,
          Geometry.L2).next());
      double[] row = new double[D];
      seen.copyRow(0, row, 0);
      double[] cached = ClippedPoints.clip(x, centre, clip, Geometry.L2);
      assertEquals(x[0], cached[0], 1e-6 * Math.abs(x[0]), "kept to float precision");
      assertArrayEquals(Preprocessor.projectOntoBall(cached, 1e200, Geometry.L2), row, 0.0);
    }
  }

  /** Points of norm up to about 2R around the centre's region, so that some lie outside the ball. */
  private static List<KeyedPoint> points(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<KeyedPoint> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] x = new double[D];
      for (int t = 0; t < D; t++) {
        x[t] = random.nextDouble(-3, 4);
      }
      out.add(new KeyedPoint(i, x));
    }
    return out;
  }
}
