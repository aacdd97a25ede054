package io.pais.lloyd;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.io.Serializable;

/**
 * What DP-Lloyd adds up per cluster before the noise: the points themselves (the paper's sums, SPEC §2), or each
 * point's offset from its current centre, clipped ({@link ClippedOffsets}).
 *
 * <p>Why offsets. The noise on a cluster's sum is calibrated to what one point can move it by. Summing the points,
 * that is ‖x‖ ≤ r, the radius of the whole data set. Summing offsets x − c_j clipped to a bound ρ well below r,
 * one point moves the sum by at most ρ, so the same ε buys noise ρ/r as large, and the new centre is
 * c_j + (Σ offsets + ζ)/ñ_j. The count's noise then scales an offset, not a centre's distance from the origin. The
 * price is a bias: a point further than ρ from its centre pulls it by ρ only. The utility benchmark chooses the
 * bound ({@code io.pais.settings.OffsetClip}).
 */
public sealed interface LloydSums extends Serializable {

  /**
   * What one iteration of these sums with the given reach adds up: clipped offsets that reach {@code reach}·ρ
   * ({@link ClippedOffsets}); sums of points have no reach, so only 1 is theirs.
   */
  LloydSums reaching(int reach);

  /** The paper's sums of the points: one point moves its cluster's sum by ‖x‖ ≤ r. */
  record Points() implements LloydSums {
    @Override
    public LloydSums reaching(int reach) {
      Checks.require(reach == 1, "sums of points have no reach beyond r, got a reach of " + reach);
      return this;
    }
  }

  /**
   * Sums of offsets from the current centres: point x nearest to c_j adds x − c_j scaled down to norm at most ρ in
   * the geometry's norm, and with {@code cappedAtNorm} at most min(ρ, ‖x‖); in a {@link SumShape.Box} each coordinate
   * of the offset is clamped to ±ρ·s_j (capped: ±min(ρ, ‖x‖₂)·s_j), the Euclidean projection onto the box, so its
   * gauge is at most ρ (capped: min(ρ, ‖x‖₂)) and the profile is the same. The cap ‖x‖ keeps the personalized
   * profile of SPEC §3 with ‖x‖ replaced by min(‖x‖, ρ), which the norm-weighted samplers need (core's and opt's
   * weights give a point near the origin more weight because it costs less); where every point has the same weight
   * (every point, or a uniform sample) the noise is calibrated to the largest term, ρ, and the cap only biases: a
   * point nearer the origin than to its centre pulls the centre by its own norm, so a cluster near the origin is held
   * back (a quarter of a per cent of the cost at the floor on three 2-d clusters, docs/results/history.md, "The
   * offsets' cap at the point's norm"). The centres are DP outputs of the iterations before, so the offsets' bound
   * holds for any data set.
   *
   * <p>With a reach a &gt; 1 (a power of two), the offset is scaled down to norm at most a·ρ (capped: min(a·ρ, ‖x‖))
   * and then divided by a: each term still has norm at most ρ (capped: min(ρ, ‖x‖)), so the sum's sensitivity, its
   * noise and the profile are those of reach 1, and the driver multiplies the noisy sum by a (post-processing). The
   * centre moves as far as an offset clipped at a·ρ takes it, with a times the noise. Dividing and multiplying by a
   * power of two is exact in floating point, so a term's norm bound holds to the same ulps as at reach 1.
   *
   * <p>Narrowed per centre ({@link #narrowing}): cluster j's offsets are clipped at a·f_j·ρ with f_j a power of two
   * in (0, 1] and divided by a·f_j — the reach's argument with a·f_j for a — so each term still has norm at most ρ and
   * the sum's sensitivity, its noise and the ε are those of reach 1; the driver multiplies cluster j's noisy sum by
   * a·f_j (post-processing, exact), so its noise is f_j as large. The f_j are DP outputs of what came before (the
   * centres, the grid's release), never of this iteration's data. Not with {@code cappedAtNorm}: there a term's bound
   * min(ρ, ‖x‖/f_j) would leave the profile.
   *
   * @param bound ρ &gt; 0
   * @param shape the body whose norm bounds an offset (the sum noise's): a geometry's ball or a box
   * @param reach a, a power of two: how far in units of ρ an offset goes before it is clipped
   * @param cappedAtNorm whether an offset is also clipped at its point's norm ‖x‖ (core's and opt's profile)
   * @param narrowing f_j per cluster, powers of two in (0, 1] (null: 1 for every cluster)
   */
  record ClippedOffsets(double bound, SumShape shape, int reach, boolean cappedAtNorm, double[] narrowing)
      implements LloydSums {
    public ClippedOffsets {
      Checks.positive("offset bound (rho)", bound);
      Checks.notNull("sum shape", shape);
      Checks.require(reach >= 1 && Integer.bitCount(reach) == 1, "the reach of clipped offsets must be a power of "
          + "two (1, 2, 4, ...), got " + reach);
      if (narrowing != null) {
        Checks.require(!cappedAtNorm, "offsets capped at the point's norm cannot be narrowed per centre");
        narrowing = narrowing.clone();
        for (double f : narrowing) {
          Checks.require(f > 0 && f <= 1 && f == Math.scalb(1.0, Math.getExponent(f)), "a centre's narrowing must "
              + "be a power of two in (0, 1], got " + f);
        }
      }
    }

    ClippedOffsets(double bound, SumShape shape, int reach, boolean cappedAtNorm) {
      this(bound, shape, reach, cappedAtNorm, null);
    }

    @Override
    public ClippedOffsets reaching(int reach) {
      return new ClippedOffsets(bound, shape, reach, cappedAtNorm, narrowing);
    }

    /**
     * Whether every term lies in the ℓ2 ball of radius ρ whatever the point's norm (ℓ2 offsets, not capped at the
     * norm): what one noise for a cluster's count and sum needs ({@link io.pais.noise.LatticeNoise#joint}).
     */
    public boolean inL2Ball() {
      return !cappedAtNorm && shape == Geometry.L2;
    }

    /** The same sums with cluster j's clip narrowed to f_j·ρ ({@code factors[j]}; null: none). */
    public ClippedOffsets narrowing(double[] factors) {
      return new ClippedOffsets(bound, shape, reach, cappedAtNorm, factors);
    }

    /** The narrowing f_j per cluster (null: 1 for every cluster). */
    @Override
    public double[] narrowing() {
      return narrowing == null ? null : narrowing.clone();
    }

    /** a·f_j: cluster j's terms are its clipped offsets divided by this, and its noisy sum is multiplied by it. */
    public double gauge(int cluster) {
      return narrowing == null ? reach : reach * narrowing[cluster];
    }

    /**
     * The scale that brings an offset of norm {@code offsetNorm} of cluster {@code cluster} to at most a·f_j·ρ (with
     * {@code cappedAtNorm} min(a·ρ, {@code pointNorm})), divided by a·f_j.
     */
    double scale(double offsetNorm, double pointNorm, int cluster) {
      double cap = cap(pointNorm, cluster);
      return (offsetNorm > cap ? cap / offsetNorm : 1.0) / gauge(cluster);
    }

    /**
     * a·f_j·ρ, or with {@code cappedAtNorm} min(a·ρ, {@code pointNorm}): the gauge an offset of cluster
     * {@code cluster} is clipped to.
     */
    double cap(double pointNorm, int cluster) {
      return cappedAtNorm ? Math.min(reach * bound, pointNorm) : gauge(cluster) * bound;
    }
  }

  static LloydSums points() {
    return new Points();
  }

  /** Offsets clipped to ρ: the sums of a release whose points all weigh the same. */
  static LloydSums clippedOffsets(double bound, SumShape shape) {
    return new ClippedOffsets(bound, shape, 1, false);
  }

  /** Offsets clipped to min(ρ, ‖x‖): the sums of core's and opt's weighted samples. */
  static LloydSums normCappedOffsets(double bound, SumShape shape) {
    return new ClippedOffsets(bound, shape, 1, true);
  }
}
