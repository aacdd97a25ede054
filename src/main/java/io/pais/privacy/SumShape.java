package io.pais.privacy;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;

/**
 * The body a DP-Lloyd sum's terms are clipped into and whose norm shapes its noise (SPEC §2, §13): a {@link Geometry}'s
 * ball, or a {@link Box} with the public box's proportions. A term t of a sum with bound ρ has ‖t‖_K ≤ ρ in the
 * body's gauge ‖·‖_K, and the noise has density ∝ exp(−‖ζ‖_K/β) — the K-norm mechanism of Hardt and Talwar — so a
 * term costs ρ/β whatever the body: the profiles, shares and ledger are the same for every shape, and only the noise's
 * second moment m₂ = E‖ζ‖₂²/β² (what the count/sum split and the iteration policy weigh) and the terms' bias differ.
 */
public sealed interface SumShape extends Serializable permits Geometry, SumShape.Box {

  /** The norm of the points (their radius r, the samplers' weights, the cap at a point's norm): ℓ2 for a box. */
  Geometry geometry();

  /** m₂ = E‖ζ‖₂²/β² of the d-dimensional sum noise at scale β. */
  double secondMoment(int dimension);

  /** The flag value: "l2", "l1" or "box". */
  String id();

  /**
   * The box {|t_j| ≤ ρ·s_j}: each coordinate of a term clipped to its own bound, s_j = κ·a_j/‖a‖₂ for the public
   * box's half-widths a_j, so that the clip box has the box's proportions and reaches κρ along its half-diagonal.
   *
   * <p>Why a box. In many coordinates the ball's noise, the same in every coordinate, is d(d + 1)β² in all; the box's,
   * R·(s ⊙ U) with R ~ Gamma(d + 1, β) and U uniform in [−1, 1]^d, is (d + 1)(d + 2)κ²β²/3: (d + 2)κ²/(3d) of the
   * ball's for a reach of κρ, where the ball at κρ costs κ² times. It also puts the noise where the box is wide
   * instead of swamping its narrow coordinates. In few coordinates the ball's noise is the smaller (2-d: the box at
   * κ = 1.5 costs 1.5 times the ball's). A coordinate of zero width is given a tiny one ({@link #MIN_RELATIVE_WIDTH}
   * of the widest): the body stays d-dimensional, so Gamma(d + 1) stays its radius law.
   */
  final class Box implements SumShape {
    private static final long serialVersionUID = 1L;

    /** The narrowest a coordinate's bound may be beside the widest's: keeps the box full-dimensional. */
    public static final double MIN_RELATIVE_WIDTH = 0x1p-30;

    private final double[] halfWidths;
    private final double reach;

    private Box(double[] halfWidths, double reach) {
      this.halfWidths = halfWidths;
      this.reach = reach;
    }

    /**
     * The box of half-widths s_j = κ·a_j/‖a‖₂ for the public box's half-widths {@code boxHalfWidths} (a_j ≥ 0, not
     * all 0, finite) and κ = {@code reach} &gt; 0.
     */
    public static Box of(double[] boxHalfWidths, double reach) {
      Checks.notNull("box half-widths", boxHalfWidths);
      Checks.require(boxHalfWidths.length > 0, "the box needs at least one coordinate, got none");
      Checks.positive("box reach (kappa)", reach);
      double widest = 0;
      for (int j = 0; j < boxHalfWidths.length; j++) {
        Checks.nonNegative("box half-width of coordinate " + (j + 1), boxHalfWidths[j]);
        widest = Math.max(widest, boxHalfWidths[j]);
      }
      Checks.require(widest > 0, "the box needs a coordinate of positive width, got every half-width 0");
      double[] s = new double[boxHalfWidths.length];
      double squares = 0;
      for (int j = 0; j < s.length; j++) {
        s[j] = Math.max(boxHalfWidths[j] / widest, MIN_RELATIVE_WIDTH); // relative to the widest: no overflow
        squares += s[j] * s[j];
      }
      double norm = Math.sqrt(squares);
      for (int j = 0; j < s.length; j++) {
        s[j] = reach * (s[j] / norm);
      }
      return new Box(s, reach);
    }

    @Override
    public Geometry geometry() {
      return Geometry.L2;
    }

    /** d, the box's coordinates. */
    public int dimension() {
      return halfWidths.length;
    }

    /** s_j: a term's bound in coordinate j is ρ·s_j (a copy). */
    public double[] halfWidths() {
      return halfWidths.clone();
    }

    /** s_j for one coordinate (0-based). */
    public double halfWidth(int j) {
      return halfWidths[j];
    }

    /** κ: the half-diagonal ‖s‖₂ the box was built with. */
    public double reach() {
      return reach;
    }

    /** The narrowest s_j: how far a move of g in every coordinate goes in the gauge (g/min s_j). */
    public double narrowest() {
      double min = Double.POSITIVE_INFINITY;
      for (double s : halfWidths) {
        min = Math.min(min, s);
      }
      return min;
    }

    /** The gauge max_j |v_j|/s_j. */
    public double gauge(double[] v) {
      Checks.require(v.length == halfWidths.length, "the vector must have " + halfWidths.length
          + " coordinates, got " + v.length);
      double g = 0;
      for (int j = 0; j < v.length; j++) {
        g = Math.max(g, Math.abs(v[j]) / halfWidths[j]);
      }
      return g;
    }

    /** (d + 1)(d + 2)·Σ s_j²/3: E R² = (d + 1)(d + 2)β² for R ~ Gamma(d + 1, β), E U_j² = 1/3. */
    @Override
    public double secondMoment(int dimension) {
      Checks.require(dimension == halfWidths.length, "the box has " + halfWidths.length + " coordinates, asked for "
          + dimension);
      double squares = 0;
      for (double s : halfWidths) {
        squares += s * s;
      }
      return (dimension + 1.0) * (dimension + 2.0) * squares / 3;
    }

    @Override
    public String id() {
      return "box";
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Box b && Arrays.equals(halfWidths, b.halfWidths) && Double.compare(reach, b.reach) == 0;
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(halfWidths) + Double.hashCode(reach);
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "Box[d=%d, kappa=%s]", halfWidths.length, reach);
    }
  }
}
