package io.pais.lloyd;

import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.io.Serializable;

/**
 * Per-cluster weighted sums and weighted counts, k × (d + 1), accumulated over sample blocks in map tasks and
 * merged with treeAggregate (or over in-memory blocks in experiments); assignment through {@link NearestCentre}.
 * The sums are of the points or of their clipped offsets from the centres, as {@link LloydSums} says.
 */
public final class WeightedClusterStats implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int k;
  private final int dimension;
  private final double[] sums;
  private final double[] counts;
  private final LloydSums terms;
  /** The buffers of {@link NearestCentre}, reused by every block a task adds (never serialised). */
  private transient NearestCentre.Assignment scratch;
  /** The per-row buffers of {@link #addOffsets}, reused by every block a task adds (never serialised). */
  private transient double[] offsetNorm;
  private transient double[] pointNorm;
  private transient double[] scaled;

  public WeightedClusterStats(int k, int dimension, LloydSums terms) {
    this.terms = terms;
    this.k = k;
    this.dimension = dimension;
    this.sums = new double[k * dimension];
    this.counts = new double[k];
  }

  /** Adds every row of {@code block} to its nearest centre. Returns this. */
  public WeightedClusterStats add(SampleBlock block, double[] centres, double[] centreSquaredNorms) {
    int b = block.rows();
    double[] x = block.columns();
    double[] w = block.weights();
    scratch = NearestCentre.assign(block, centres, centreSquaredNorms, k, NearestCentre.Assignment.reuse(scratch, b));
    int[] best = scratch.centre;
    for (int i = 0; i < b; i++) {
      counts[best[i]] += w[i];
    }
    if (terms instanceof LloydSums.ClippedOffsets offsets) {
      addOffsets(offsets, b, x, w, best, centres);
    } else {
      addPoints(b, x, w, best);
    }
    return this;
  }

  private void addPoints(int b, double[] x, double[] w, int[] best) {
    for (int t = 0; t < dimension; t++) { // coordinate by coordinate: the block's values are read in order
      int column = t * b;
      for (int i = 0; i < b; i++) {
        sums[best[i] * dimension + t] += w[i] * x[column + i];
      }
    }
  }

  /**
   * Σ w·s·(x − c) with s from {@link LloydSums.ClippedOffsets#scale}: one pass for the offsets' norms (and the
   * points', which only offsets capped at the point's norm read), then the scaled offsets added coordinate by
   * coordinate. Each term is the offset whose norm set s, so its norm is
   * w·ρ to a few ulps of ρ, and the sum rounds at the scale of the offsets. (Σ w·s·x less c·Σ w·s rounded at the
   * scale of ‖c‖ instead: at ‖c‖/ρ = 10⁶ one point moved a sum by 5.6e-7·ρ more than ρ, issue 50.)
   */
  private void addOffsets(LloydSums.ClippedOffsets offsets, int b, double[] x, double[] w, int[] best,
      double[] centres) {
    if (offsets.shape() instanceof SumShape.Box box) {
      addBoxOffsets(offsets, box, b, x, w, best, centres);
      return;
    }
    boolean l1 = offsets.shape() == Geometry.L1;
    boolean capped = offsets.cappedAtNorm();
    if (offsetNorm == null || offsetNorm.length < b) {
      offsetNorm = new double[b];
      pointNorm = new double[b];
      scaled = new double[b];
    }
    java.util.Arrays.fill(offsetNorm, 0, b, 0.0);
    java.util.Arrays.fill(pointNorm, 0, b, 0.0);
    for (int t = 0; t < dimension; t++) {
      int column = t * b;
      for (int i = 0; i < b; i++) {
        double v = x[column + i];
        double o = v - centres[best[i] * dimension + t];
        offsetNorm[i] += l1 ? Math.abs(o) : o * o;
        if (capped) {
          pointNorm[i] += l1 ? Math.abs(v) : v * v;
        }
      }
    }
    for (int i = 0; i < b; i++) {
      scaled[i] = w[i] * (l1 ? offsets.scale(offsetNorm[i], pointNorm[i], best[i])
          : offsets.scale(Math.sqrt(offsetNorm[i]), Math.sqrt(pointNorm[i]), best[i]));
    }
    for (int t = 0; t < dimension; t++) {
      int column = t * b;
      for (int i = 0; i < b; i++) {
        int at = best[i] * dimension + t;
        sums[at] += scaled[i] * (x[column + i] - centres[at]); // the same offset whose norm set the scale
      }
    }
  }

  /**
   * Σ w·clamp(x − c, ±cap·s_j)/g with cap from {@link LloydSums.ClippedOffsets#cap} (g·ρ, or min(a·ρ, ‖x‖₂) capped
   * at the point's norm) and g the cluster's {@link LloydSums.ClippedOffsets#gauge} (the reach a times its
   * narrowing): each coordinate clamped to its own bound, so each term's gauge is at most ρ (capped: min(ρ, ‖x‖₂)) to
   * the ulp of the product cap·s_j. Dividing by g, a power of two, is exact.
   */
  private void addBoxOffsets(LloydSums.ClippedOffsets offsets, SumShape.Box box, int b, double[] x, double[] w,
      int[] best, double[] centres) {
    if (scaled == null || scaled.length < b) {
      offsetNorm = new double[b];
      pointNorm = new double[b];
      scaled = new double[b];
    }
    if (offsets.cappedAtNorm()) {
      java.util.Arrays.fill(pointNorm, 0, b, 0.0);
      for (int t = 0; t < dimension; t++) {
        int column = t * b;
        for (int i = 0; i < b; i++) {
          double v = x[column + i];
          pointNorm[i] += v * v;
        }
      }
    }
    for (int i = 0; i < b; i++) {
      scaled[i] = offsets.cap(offsets.cappedAtNorm() ? Math.sqrt(pointNorm[i]) : 0, best[i]);
    }
    for (int t = 0; t < dimension; t++) {
      int column = t * b;
      double s = box.halfWidth(t);
      for (int i = 0; i < b; i++) {
        int at = best[i] * dimension + t;
        double bound = scaled[i] * s;
        double o = Math.max(-bound, Math.min(bound, x[column + i] - centres[at]));
        sums[at] += w[i] * (o / offsets.gauge(best[i]));
      }
    }
  }

  /** Adds {@code other} into this. Returns this. */
  public WeightedClusterStats merge(WeightedClusterStats other) {
    for (int i = 0; i < sums.length; i++) {
      sums[i] += other.sums[i];
    }
    for (int j = 0; j < k; j++) {
      counts[j] += other.counts[j];
    }
    return this;
  }

  /** Weighted count W_j (exact: stays on the driver, never logged or released). */
  public double count(int j) {
    return counts[j];
  }

  /** Weighted sum (of points or clipped offsets) of cluster j, coordinate t. */
  public double sum(int j, int t) {
    return sums[j * dimension + t];
  }

  /** The weighted sum of cluster j (a copy). */
  public double[] sum(int j) {
    return java.util.Arrays.copyOfRange(sums, j * dimension, (j + 1) * dimension);
  }

  /** ‖c_j‖² for row-major centres. */
  public static double[] squaredNorms(double[] centres, int k, int dimension) {
    double[] out = new double[k];
    for (int j = 0; j < k; j++) {
      double s = 0;
      for (int t = 0; t < dimension; t++) {
        double v = centres[j * dimension + t];
        s += v * v;
      }
      out[j] = s;
    }
    return out;
  }
}
