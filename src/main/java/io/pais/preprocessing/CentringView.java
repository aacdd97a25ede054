package io.pais.preprocessing;

import io.pais.sampling.spark.SparkBlocks;
import io.pais.lloyd.SampleBlock;
import io.pais.math.Norms;
import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import io.pais.sampling.KeyedPoint;
import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;

/**
 * A strict release's last preprocessing step — x − ĉ (x = c₀ + y_f read from the cached {@link ClippedBlock}), projected onto the ball of radius r (or, with drop, kept
 * only when inside it) — applied block by block to the cached clipped points as full-data DP-Lloyd reads them, so
 * that the clipped blocks stay the run's one cached copy. The arithmetic is the point-by-point path's
 * ({@link Preprocessor#subtract}, the geometry's norm, {@link Preprocessor#projectOntoBall}), so the points are
 * the same to the bit. A task writes its blocks into one scratch block, valid until its next block is read: only
 * a pass that consumes each block before the next (DP-Lloyd's fold) may use this view.
 */
final class CentringView implements SparkBlocks.BlockView<ClippedBlock> {
  private static final long serialVersionUID = 1L;

  private final double[] origin;
  private final double[] centre;
  private final double radius;
  private final Geometry geometry;
  private final boolean drop;
  private transient double[] columns;
  private transient double[] ones;
  private transient double[] norms;
  private transient double[] row;
  private transient int[] keptRows;
  private transient int[] axes;
  private transient double[] largest;

  CentringView(double[] origin, double[] centre, double radius, Geometry geometry, boolean drop) {
    this.origin = origin.clone();
    this.centre = centre.clone();
    this.radius = radius;
    this.geometry = geometry;
    this.drop = drop;
  }

  /** The radius of the ball the view projects onto (or, with drop, keeps). */
  double radius() {
    return radius;
  }

  /**
   * The prepared points of the cached blocks whose keys {@code keep} keeps, as the point-by-point path makes them
   * from the clipped points (the same operations in the same order: (c₀ + u·ρ) − ĉ, then the projection or the drop
   * test, {@link Preprocessor#subtract}, {@link Preprocessor#projectOntoBall}), with one array a point: the clipped
   * point is never made.
   */
  JavaRDD<KeyedPoint> prepared(JavaRDD<ClippedBlock> blocks, KeyFilter keep) {
    return prepared(blocks, keep, false);
  }

  /**
   * The same with one array a task, rewritten for every point: a point is valid only until the next one is read, so
   * only a pass that consumes each point at once may read these (the Poisson sampler, which copies the rows it keeps).
   */
  JavaRDD<KeyedPoint> transientPrepared(JavaRDD<ClippedBlock> blocks) {
    return prepared(blocks, KeyFilter.ALL, true);
  }

  private JavaRDD<KeyedPoint> prepared(JavaRDD<ClippedBlock> blocks, KeyFilter keep, boolean reuse) {
    double[] o = origin;
    double[] c = centre;
    double r = radius;
    Geometry g = geometry;
    boolean dropOutside = drop;
    double keptRadius = Rounding.projectionRadius(r, c.length);
    return blocks.mapPartitions(b -> new java.util.Iterator<KeyedPoint>() {
      private ClippedBlock block;
      private int row;
      private KeyedPoint next;
      private final double[] scratch = reuse ? new double[c.length] : null;

      @Override
      public boolean hasNext() {
        while (next == null) {
          if (block == null || row == block.rows()) {
            if (!b.hasNext()) {
              return false;
            }
            block = b.next();
            row = 0;
            continue;
          }
          int i = row++;
          long key = block.key(i);
          if (!keep.keeps(key)) {
            continue;
          }
          double[] y = reuse ? scratch : new double[c.length];
          for (int t = 0; t < y.length; t++) {
            y[t] = block.coordinate(i, t, o) - c[t];
          }
          if (!dropOutside) {
            next = new KeyedPoint(key, Preprocessor.projectOntoBall(y, r, g));
          } else if (g.norm(y) <= keptRadius) {
            next = new KeyedPoint(key, y);
          }
        }
        return true;
      }

      @Override
      public KeyedPoint next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        KeyedPoint out = next;
        next = null;
        return out;
      }
    }, true);
  }

  /**
   * Centres the block's rows, x − ĉ, into the scratch columns and returns their norms in the run's geometry — to the
   * bit the geometry's norm of each centred row — in a scratch array valid until the next block (its first
   * {@code block.rows()} entries).
   */
  double[] centredNorms(ClippedBlock block) {
    return centredNorms(block, false);
  }

  /**
   * {@link #centredNorms}, and in the same pass each centred row's signed dominant axis ({@link #signedAxes}): one
   * read of the block's coordinates serves both, which the norm histogram's scan reads for every point.
   */
  double[] centredNormsAndAxes(ClippedBlock block) {
    return centredNorms(block, true);
  }

  private double[] centredNorms(ClippedBlock block, boolean withAxes) {
    int b = block.rows();
    int d = centre.length;
    allocate(b, d);
    boolean l2 = geometry == Geometry.L2;
    Arrays.fill(norms, 0, b, 0.0);
    if (withAxes) {
      Arrays.fill(axes, 0, b, 0);
      Arrays.fill(largest, 0, b, -1.0);
    }
    // coordinate by coordinate, each row's sum runs over t in order: the same sum as the geometry's norm of the row
    for (int t = 0; t < d; t++) {
      double c = centre[t];
      int column = t * b;
      for (int i = 0; i < b; i++) {
        double v = block.coordinate(i, t, origin) - c;
        columns[column + i] = v;
        double magnitude = Math.abs(v);
        norms[i] += l2 ? v * v : magnitude;
        if (withAxes && magnitude > largest[i]) {
          largest[i] = magnitude;
          axes[i] = 2 * t + (v < 0 ? 1 : 0);
        }
      }
    }
    if (l2) {
      for (int i = 0; i < b; i++) {
        norms[i] = Norms.plainSumOfSquares(norms[i]) ? Math.sqrt(norms[i]) : scaledNorm(i, b, d);
      }
    }
    return norms;
  }

  /** d. */
  int dimension() {
    return centre.length;
  }

  /**
   * After {@link #centredNormsAndAxes} of a block: each centred row's signed dominant axis, 2j when x_j ≥ 0 and
   * 2j + 1 when x_j &lt; 0, j the coordinate of the largest |x_j| (the lowest on ties), in a scratch array valid until
   * the next block (its first {@code block.rows()} entries).
   */
  int[] signedAxes() {
    return axes;
  }

  @Override
  public SampleBlock of(ClippedBlock block) {
    int b = block.rows();
    int d = centre.length;
    double[] rowNorms = centredNorms(block);
    int kept = 0;
    double inner = Rounding.projectionRadius(radius, d); // as Preprocessor#projectOntoBall and the drop filter
    for (int i = 0; i < b; i++) {
      double norm = rowNorms[i];
      if (drop) {
        if (norm <= inner) {
          keptRows[kept++] = i;
        }
      } else if (norm > inner) {
        double scale = inner / norm;
        for (int t = 0; t < d; t++) {
          columns[t * b + i] *= scale;
        }
      }
    }
    if (!drop) {
      return SampleBlock.over(b, d, columns, ones);
    }
    compact(b, kept, d);
    return SampleBlock.over(kept, d, columns, ones);
  }

  /** ‖row i‖₂ by {@link Norms#l2}'s scaled pass (squares that underflow or overflow). */
  private double scaledNorm(int i, int b, int d) {
    for (int t = 0; t < d; t++) {
      row[t] = columns[t * b + i];
    }
    return Norms.l2(row);
  }

  /**
   * Packs the kept rows (keptRows[0, kept)) to a block of {@code kept} rows in place: coordinate t of
   * kept row j goes to t·kept + j; written in increasing order, each before the position it is read from
   * (t·b + keptRows[j], with keptRows[j] ≥ j and b ≥ kept) and behind every position still to be read.
   */
  private void compact(int b, int kept, int d) {
    for (int t = 0; t < d; t++) {
      for (int j = 0; j < kept; j++) {
        columns[t * kept + j] = columns[t * b + keptRows[j]];
      }
    }
  }

  private void allocate(int b, int d) {
    if (columns == null || columns.length < b * d || ones.length < b) {
      columns = new double[b * d];
      ones = new double[b];
      Arrays.fill(ones, 1.0);
      norms = new double[b];
      keptRows = new int[b];
      row = new double[d];
      axes = new int[b];
      largest = new double[b];
    }
  }
}
