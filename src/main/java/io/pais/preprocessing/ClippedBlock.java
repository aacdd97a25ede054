package io.pais.preprocessing;

import io.pais.sampling.KeyedPoint;
import io.pais.privacy.Geometry;
import io.pais.sampling.spark.PoissonSampler;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A strict release's clipped points as the run caches them (issue 29): per row the sampling key and the offset
 * y = x′ − c₀ of the clipped point from the public origin in units of the clip radius ρ (u = y/ρ, |u_j| ≤ 1), in
 * single precision, column by column. 8 + 4d bytes a row where doubles took 16 + 8d: at 20M × 20 the cache is
 * 1.8 GB instead of 3.5 GB, so far more of it stays in memory and what spills is half the bytes. In units of ρ no
 * clip radius overflows or underflows the float range.
 *
 * <p>The precision argument. A point is read back as c₀ + y′ with y′_j = u_j·ρ (one double rounding), and u_j is the
 * float nearest y_j/ρ toward zero, stepped further toward zero until |y′_j| ≤ |y_j| ({@link #stored}). So the exact
 * norm of y′ is at most that of the clipped y: every bound the clip guarantees (SPEC §13, the sensitivity R₀) holds
 * for the stored point, and reading it back as c₀ + y′ is the "projected point added back to c₀" that
 * {@link StrictPreprocessor#clipRadius} already allows for. What changes is the data, by a public record-wise map:
 * each coordinate moves toward c₀ by less than 2⁻²²·|y_j| ≤ 2⁻²²·ρ (2.4·10⁻⁷ of the clip radius), far below the noise
 * of any release (the DP centre, the histogram's bin width R₁/128, DP-Lloyd's noisy centres).
 */
final class ClippedBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long[] keys;
  /** u: coordinate t of row i at t·rows + i. */
  private final float[] offsets;
  /** ρ. */
  private final double unit;

  private ClippedBlock(long[] keys, float[] offsets, double unit) {
    this.keys = keys;
    this.offsets = offsets;
    this.unit = unit;
  }

  int rows() {
    return keys.length;
  }

  long key(int i) {
    return keys[i];
  }

  /** The rows whose keys {@code keep} keeps, as a block of their own (null when none). */
  ClippedBlock rowsKept(KeyFilter keep) {
    int[] kept = new int[keys.length];
    int n = 0;
    for (int i = 0; i < keys.length; i++) {
      if (keep.keeps(keys[i])) {
        kept[n++] = i;
      }
    }
    if (n == 0) {
      return null;
    }
    int dimension = offsets.length / keys.length;
    long[] keptKeys = new long[n];
    float[] keptOffsets = new float[n * dimension];
    for (int j = 0; j < n; j++) {
      keptKeys[j] = keys[kept[j]];
      for (int t = 0; t < dimension; t++) {
        keptOffsets[t * n + j] = offsets[t * keys.length + kept[j]];
      }
    }
    return new ClippedBlock(keptKeys, keptOffsets, unit);
  }

  /** Coordinate t of row i: c₀_t + u·ρ (the point as every pass reads it). */
  double coordinate(int i, int t, double[] origin) {
    return origin[t] + offsets[t * keys.length + i] * unit;
  }

  /**
   * The points of {@code points} (raw, already clamped to public bounds when there are any) clipped to the ball of
   * radius {@code inner} around {@code origin} ({@link StrictPreprocessor#clipRadius}) and packed as they are
   * consumed (one block under construction at a time).
   */
  static Iterator<ClippedBlock> pack(Iterator<KeyedPoint> points, int dimension, double[] origin, double inner,
      Geometry geometry) {
    int capacity = PoissonSampler.blockRows(dimension);
    return new Iterator<>() {
      private final long[] keys = new long[capacity];
      private final float[] offsets = new float[capacity * dimension];

      @Override
      public boolean hasNext() {
        return points.hasNext();
      }

      @Override
      public ClippedBlock next() {
        if (!points.hasNext()) {
          throw new NoSuchElementException();
        }
        int rows = 0;
        while (rows < capacity && points.hasNext()) {
          KeyedPoint p = points.next();
          double[] y = Preprocessor.projectInside(Preprocessor.subtract(p.x(), origin), inner, geometry);
          keys[rows] = p.key();
          for (int t = 0; t < dimension; t++) {
            offsets[t * capacity + rows] = stored(y[t], inner);
          }
          rows++;
        }
        float[] packed = new float[rows * dimension];
        for (int t = 0; t < dimension; t++) {
          System.arraycopy(offsets, t * capacity, packed, t * rows, rows);
        }
        return new ClippedBlock(Arrays.copyOf(keys, rows), packed, inner);
      }
    };
  }

  /** u for the coordinate y in units of ρ: the float below y/ρ in magnitude whose read-back u·ρ is at most |y|. */
  static float stored(double y, double unit) {
    float u = (float) (y / unit);
    while (Math.abs(u * unit) > Math.abs(y)) {
      // one ulp toward zero, as Math.nextAfter(u, 0.0) steps (u is not zero here): a float's magnitude is its bits
      // below the sign, so one less is the next float toward zero for either sign
      u = Float.intBitsToFloat(Float.floatToRawIntBits(u) - 1);
    }
    return u;
  }
}
