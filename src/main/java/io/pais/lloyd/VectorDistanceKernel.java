package io.pais.lloyd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API kernel (loaded only when the JVM has {@code jdk.incubator.vector}, see
 * {@link DistanceKernel#best()}). The block is coordinate-major, so one vector holds one coordinate of consecutive
 * rows: a register tile of 2 row vectors × 4 centres takes, per coordinate, two loads, four broadcasts and eight
 * fused multiply-adds with no horizontal sums, and the running minimum and its centre stay in registers too.
 */
final class VectorDistanceKernel implements DistanceKernel {
  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
  private static final int LANES = SPECIES.length();

  @Override
  public void nearest(double[] x, int rows, int d, double[] c, double[] norms, int k, int[] best,
      double[] partial) {
    double[] lanes = new double[2 * LANES];
    int i = 0;
    for (; i + 2 * LANES <= rows; i += 2 * LANES) {
      DoubleVector min0 = DoubleVector.broadcast(SPECIES, Double.POSITIVE_INFINITY);
      DoubleVector min1 = min0;
      DoubleVector arg0 = DoubleVector.zero(SPECIES);
      DoubleVector arg1 = arg0;
      int j = 0;
      for (; j + 4 <= k; j += 4) {
        DoubleVector a00 = DoubleVector.zero(SPECIES);
        DoubleVector a01 = a00;
        DoubleVector a10 = a00;
        DoubleVector a11 = a00;
        DoubleVector a20 = a00;
        DoubleVector a21 = a00;
        DoubleVector a30 = a00;
        DoubleVector a31 = a00;
        int p = j * d;
        for (int t = 0; t < d; t++) {
          DoubleVector u = DoubleVector.fromArray(SPECIES, x, t * rows + i);
          DoubleVector v = DoubleVector.fromArray(SPECIES, x, t * rows + i + LANES);
          DoubleVector w = DoubleVector.broadcast(SPECIES, c[p + t]);
          a00 = u.fma(w, a00);
          a01 = v.fma(w, a01);
          w = DoubleVector.broadcast(SPECIES, c[p + d + t]);
          a10 = u.fma(w, a10);
          a11 = v.fma(w, a11);
          w = DoubleVector.broadcast(SPECIES, c[p + 2 * d + t]);
          a20 = u.fma(w, a20);
          a21 = v.fma(w, a21);
          w = DoubleVector.broadcast(SPECIES, c[p + 3 * d + t]);
          a30 = u.fma(w, a30);
          a31 = v.fma(w, a31);
        }
        // in increasing j with a strict comparison: ties stay with the lower centre. Written out for the four
        // centres on purpose: the tile's vectors held in an array escaped C2's analysis, and the kernel boxed
        // every vector (measured ten times slower)
        DoubleVector norm = DoubleVector.broadcast(SPECIES, norms[j]);
        DoubleVector centre = DoubleVector.broadcast(SPECIES, j);
        DoubleVector value = a00.mul(-2).add(norm);
        VectorMask<Double> less = value.lt(min0);
        min0 = min0.blend(value, less);
        arg0 = arg0.blend(centre, less);
        value = a01.mul(-2).add(norm);
        less = value.lt(min1);
        min1 = min1.blend(value, less);
        arg1 = arg1.blend(centre, less);
        norm = DoubleVector.broadcast(SPECIES, norms[j + 1]);
        centre = DoubleVector.broadcast(SPECIES, j + 1);
        value = a10.mul(-2).add(norm);
        less = value.lt(min0);
        min0 = min0.blend(value, less);
        arg0 = arg0.blend(centre, less);
        value = a11.mul(-2).add(norm);
        less = value.lt(min1);
        min1 = min1.blend(value, less);
        arg1 = arg1.blend(centre, less);
        norm = DoubleVector.broadcast(SPECIES, norms[j + 2]);
        centre = DoubleVector.broadcast(SPECIES, j + 2);
        value = a20.mul(-2).add(norm);
        less = value.lt(min0);
        min0 = min0.blend(value, less);
        arg0 = arg0.blend(centre, less);
        value = a21.mul(-2).add(norm);
        less = value.lt(min1);
        min1 = min1.blend(value, less);
        arg1 = arg1.blend(centre, less);
        norm = DoubleVector.broadcast(SPECIES, norms[j + 3]);
        centre = DoubleVector.broadcast(SPECIES, j + 3);
        value = a30.mul(-2).add(norm);
        less = value.lt(min0);
        min0 = min0.blend(value, less);
        arg0 = arg0.blend(centre, less);
        value = a31.mul(-2).add(norm);
        less = value.lt(min1);
        min1 = min1.blend(value, less);
        arg1 = arg1.blend(centre, less);
      }
      for (; j < k; j++) {
        DoubleVector a0 = DoubleVector.zero(SPECIES);
        DoubleVector a1 = a0;
        for (int t = 0; t < d; t++) {
          DoubleVector w = DoubleVector.broadcast(SPECIES, c[j * d + t]);
          a0 = DoubleVector.fromArray(SPECIES, x, t * rows + i).fma(w, a0);
          a1 = DoubleVector.fromArray(SPECIES, x, t * rows + i + LANES).fma(w, a1);
        }
        DoubleVector norm = DoubleVector.broadcast(SPECIES, norms[j]);
        DoubleVector centre = DoubleVector.broadcast(SPECIES, j);
        DoubleVector value0 = a0.mul(-2).add(norm);
        DoubleVector value1 = a1.mul(-2).add(norm);
        VectorMask<Double> less0 = value0.lt(min0);
        VectorMask<Double> less1 = value1.lt(min1);
        min0 = min0.blend(value0, less0);
        arg0 = arg0.blend(centre, less0);
        min1 = min1.blend(value1, less1);
        arg1 = arg1.blend(centre, less1);
      }
      min0.intoArray(partial, i);
      min1.intoArray(partial, i + LANES);
      arg0.intoArray(lanes, 0);
      arg1.intoArray(lanes, LANES);
      for (int r = 0; r < 2 * LANES; r++) {
        best[i + r] = (int) lanes[r];
      }
    }
    for (; i < rows; i++) { // the last rows, fewer than two vectors
      best[i] = 0;
      partial[i] = Double.POSITIVE_INFINITY;
      for (int j = 0; j < k; j++) {
        double value = norms[j] - 2 * ScalarDistanceKernel.dot(x, rows, i, c, j, d);
        if (value < partial[i]) {
          partial[i] = value;
          best[i] = j;
        }
      }
    }
  }
}
