package io.pais.noise;

import io.pais.math.Checks;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The noise of a release: counts and sums on power-of-two lattices, with every scale raised by
 * {@link #SCALE_INFLATION} so that the ε the accounting computes for the continuous mechanism stays an upper
 * bound for the lattice one.
 *
 * <p>Why the inflation suffices. The mechanisms noised here cost ε₀ = Δ_c/β_c + Δ_s/β_s for neighbours whose
 * count differs by Δ_c ≥ 1 (a point's weight 1/q is at least 1) and whose sum differs by Δ_s in the geometry's
 * norm. Rounding to the lattices moves each coordinate by at most half a step, so neighbouring grid points differ
 * by at most Δ_c + g_c and Δ_s + c_d·g_s (c_d = d for ℓ1, √d for ℓ2, 1/min s_j in a box's gauge max |v_j|/s_j).
 * With the scales multiplied by 1 + δ the lattice mechanism costs at most (ε₀ + g_c/β_c + c_d·g_s/β_s)/(1 + δ).
 * Choosing g_c ≤ δ/2 and g_s ≤ (δ/2)·β_s/(β_c·c_d) makes the extra at most δ/β_c ≤ δ·ε₀, so the cost is at most ε₀.
 */
public final class LatticeNoise {
  /** δ: the relative increase of every noise scale (about one part in a million). */
  public static final double SCALE_INFLATION = 0x1p-20;

  private LatticeNoise() {}

  /**
   * The noise of one DP-Lloyd release's counts and sums, on their lattices: Laplace counts with sum noise or Gaussian
   * counts and sums, each with its share of ε, or one K-norm noise for both ({@link Joint}).
   */
  public sealed interface CountAndSum extends ClusterNoise permits Pair, GaussianPair, Joint {
    /** The count noise's standard deviation in value units: a public value, it depends on the scale only. */
    double countDeviation();

    /** A one-line description for the privacy report. */
    String describe(SumShape shape);
  }

  /** Count noise and sum noise for one mechanism, on their lattices. */
  public record Pair(LatticeLaplace count, LatticeSumNoise sum) implements CountAndSum {
    @Override
    public Released release(double exactCount, double[] exactSum, UniformRandomProvider rng) {
      return ClusterNoise.split(count, sum).release(exactCount, exactSum, rng);
    }

    @Override
    public double countDeviation() {
      return Math.sqrt(count.variance());
    }

    @Override
    public String describe(SumShape shape) {
      return String.format(Locale.ROOT, "lattice noise: counts on 2^%d Z with exact discrete Laplace, sums on 2^%d Z "
          + "(%s), scales raised by 2^-20 for the rounding", Math.getExponent(count.lattice().spacing()),
          Math.getExponent(sum.lattice().spacing()), Checks.notNull("sum shape", shape) instanceof SumShape.Box box
              ? String.format(Locale.ROOT, "K-norm of the box: Gamma(d + 1) radius times a uniform point of the box "
                  + "of half-diagonal %s, rounded", box.reach())
              : shape == Geometry.L1 ? "exact discrete Laplace per coordinate"
                  : "Gamma(d) radius and uniform direction, rounded");
    }
  }

  /** The lattice of counts: g_c = 2^-21 ≤ δ/2. */
  static Lattice countLattice() {
    return Lattice.atMost(SCALE_INFLATION / 2);
  }

  /** Noise for counts that change by at least 1 between neighbours, at scale {@code beta} (ε₀ = Δ/β). */
  public static LatticeLaplace count(double beta) {
    Checks.positive("count noise scale (beta)", beta);
    Lattice lattice = countLattice();
    return new LatticeLaplace(lattice, new DiscreteLaplace(units("count noise scale (beta)", beta, lattice)));
  }

  /** Noise for a count at scale β_c and a d-dimensional sum at scale β_s in {@code shape}'s norm. */
  public static Pair countAndSum(double betaCount, double betaSum, SumShape shape, int dimension) {
    Checks.positive("betaCount", betaCount);
    Checks.positive("betaSum", betaSum);
    // the sum's lattice as for a sum alone of sensitivity β_s/β_c: its extra cost, at most δ/(2β_c), is at most δ·ε₀/2
    return new Pair(count(betaCount), sum(betaSum, betaSum / betaCount, shape, dimension));
  }

  /**
   * Noise for a d-dimensional sum alone whose neighbours differ by {@code sensitivity} in the shape's norm (ε₀ =
   * Δ/β). Rounding moves neighbouring grid points apart by at most c_d·g more; with g ≤ (δ/2)·Δ/c_d the extra is at
   * most δ·ε₀/2, which the inflated scale pays for.
   */
  public static LatticeSumNoise sum(double beta, double sensitivity, SumShape shape, int dimension) {
    Checks.positive("sum noise scale (beta)", beta);
    Checks.positive("sensitivity", sensitivity);
    Checks.notNull("sum shape", shape);
    Checks.positive("dimension (d)", dimension);
    double inflated = beta * (1 + SCALE_INFLATION);
    if (shape instanceof SumShape.Box box) {
      Checks.require(box.dimension() == dimension, "the box has " + box.dimension() + " coordinates, the sum "
          + dimension);
      return LatticeSumNoise.rounded(Lattice.atMost(SCALE_INFLATION / 2 * sensitivity * box.narrowest()),
          new BoxNoise(box, inflated));
    }
    if (shape == Geometry.L1) {
      Lattice lattice = Lattice.atMost(SCALE_INFLATION / 2 * sensitivity / dimension);
      return LatticeSumNoise.l1(lattice, new DiscreteLaplace(units("sum noise scale (beta)", beta, lattice)),
          dimension);
    }
    return LatticeSumNoise.rounded(Lattice.atMost(SCALE_INFLATION / 2 * sensitivity / Math.sqrt(dimension)),
        SumNoise.of(Geometry.L2, dimension, inflated));
  }

  /**
   * One K-norm noise for a count and an ℓ2 sum of terms of norm at most ρ ({@link CylinderNoise}), at the ε of Laplace
   * counts at β_c and sum noise at β_s: 1/β_c + ρ/β_s, lowered by the inflation. Both values are rounded to their
   * lattices (post-processing of the continuous draw added to the snapped values, which neighbours move apart by at
   * most g_c and √d·g_s more). In the cylinder's norm max(|c|, ‖o‖/ρ) that is at most max(g_c, √d·g_s/ρ) ≤ δ/2 more
   * than a record of weight w ≥ 1 moves them, so a draw at ε/(1 + δ) costs at most ε(w + δ/2)/(1 + δ) ≤ w·ε.
   */
  public static Joint joint(double betaCount, double betaSum, double reach, int dimension) {
    double epsilon = CylinderNoise.replacing(betaCount, betaSum, reach, dimension).epsilon();
    return new Joint(new CylinderNoise(epsilon / (1 + SCALE_INFLATION), reach, dimension), countLattice(),
        Lattice.atMost(SCALE_INFLATION / 2 * reach / Math.sqrt(dimension)), betaCount);
  }

  /**
   * A count and an ℓ2 sum released with one {@link CylinderNoise} draw, each rounded to its lattice.
   *
   * @param betaCount β_c of the Laplace count it replaces, which the dead-centre guard's threshold is set against
   */
  public record Joint(CylinderNoise noise, Lattice countLattice, Lattice sumLattice, double betaCount)
      implements CountAndSum {
    public Joint {
      Checks.notNull("noise", noise);
      Checks.notNull("countLattice", countLattice);
      Checks.notNull("sumLattice", sumLattice);
      Checks.positive("betaCount", betaCount);
    }

    @Override
    public Released release(double exactCount, double[] exactSum, UniformRandomProvider rng) {
      int d = noise.dimension();
      Checks.require(exactSum.length == d, "the sum must have " + d + " coordinates, got " + exactSum.length);
      double[] draw = noise.sample(rng);
      double count = countLattice.release(exactCount, countLattice.snap(draw[0]));
      double[] sum = new double[d];
      for (int i = 0; i < d; i++) {
        sum[i] = sumLattice.release(exactSum[i], sumLattice.snap(draw[i + 1]));
      }
      return new Released(count, sum);
    }

    /** √Var η of the continuous draw (rounding adds at most g_c/2, a few parts in 10⁷ of a count). */
    @Override
    public double countDeviation() {
      return Math.sqrt(noise.countVariance());
    }

    /** Its count's deviation over the Laplace count's √2·β_c it replaces. */
    public double countDeviationOverLaplace() {
      return countDeviation() / (Math.sqrt(2) * betaCount);
    }

    @Override
    public String describe(SumShape shape) {
      return String.format(Locale.ROOT, "one K-norm noise for a count and its l2 sum (Gamma(d + 2) radius, a uniform "
          + "point of the cylinder |c| <= 1, |o| <= %.6g), counts rounded to 2^%d Z and sums to 2^%d Z, scales "
          + "raised by 2^-20 for the rounding", noise.reach(), Math.getExponent(countLattice.spacing()),
          Math.getExponent(sumLattice.spacing()));
    }
  }

  /** Gaussian count noise and Gaussian sum noise, on their lattices. */
  public record GaussianPair(LatticeGaussian count, LatticeGaussian sum) implements CountAndSum {
    @Override
    public Released release(double exactCount, double[] exactSum, UniformRandomProvider rng) {
      return ClusterNoise.split(count, sum).release(exactCount, exactSum, rng);
    }

    @Override
    public double countDeviation() {
      return count.scale();
    }

    /** A one-line description for the privacy report (Gaussian noise is the same in either geometry). */
    @Override
    public String describe(SumShape shape) {
      return String.format(Locale.ROOT, "lattice noise: counts on 2^%d Z and sums on 2^%d Z, each coordinate a normal "
          + "draw rounded to its lattice, deviations raised by 2^-20 for the rounding",
          Math.getExponent(count.lattice().spacing()), Math.getExponent(sum.lattice().spacing()));
    }
  }

  /**
   * Gaussian noise of deviation σ_c for counts and σ_s per coordinate for d-dimensional sums. The scaled vector
   * (counts/σ_c, sums/σ_s) has some ℓ2 sensitivity θ ≥ 1/σ_c (a count moves by at least 1, SchemePlan). Snapping
   * moves the 2(d + 1) coordinates of the two clusters a record touches by at most g each, so in scaled units by at
   * most sqrt(2(g_c/σ_c)² + 2d(g_s/σ_s)²); with g_c ≤ δ/2 and g_s ≤ (δ/2)·σ_s/(σ_c·√d) that is at most δ/σ_c ≤ δθ,
   * and deviations raised by 1 + δ bring θ + δθ back to θ.
   */
  public static GaussianPair gaussian(double sigmaCount, double sigmaSum, int dimension) {
    Checks.positive("sigmaCount", sigmaCount);
    Checks.positive("sigmaSum", sigmaSum);
    Checks.positive("dimension (d)", dimension);
    Lattice sumLattice = Lattice.atMost(SCALE_INFLATION / 2 * sigmaSum / (sigmaCount * Math.sqrt(dimension)));
    return new GaussianPair(new LatticeGaussian(countLattice(), sigmaCount * (1 + SCALE_INFLATION), 1),
        new LatticeGaussian(sumLattice, sigmaSum * (1 + SCALE_INFLATION), dimension));
  }

  /** The integer scale, in lattice steps, of noise at scale β(1 + δ) or just above. */
  private static long units(String name, double beta, Lattice lattice) {
    double units = Math.ceil(beta * (1 + SCALE_INFLATION) / lattice.spacing());
    Checks.require(units <= DiscreteLaplace.MAX_SCALE, String.format(Locale.ROOT, "%s is too large for lattice "
        + "noise: %.6g steps of %.6g exceed 2^52 (rescale the data or raise the budget)", name, units,
        lattice.spacing()));
    return (long) units;
  }
}
