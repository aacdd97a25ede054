package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.sampling.CopyCounts;
import java.util.Arrays;
import java.util.List;

/**
 * A pair (P, Q) of mixtures of one unit-scale noise law M at shifts measured in units of the noise scale, as the
 * Fourier accountant discretises it (SPEC §14). Only two families are built, and for both the privacy loss
 * L(x) = log p(x)/q(x) is non-decreasing in x, which is what lets a cell of x be bracketed by its end points:
 * <ul>
 *   <li>{@link #copyMixture}: substitution, the MUST paper's symmetric pair P = Σ_k W(k)·M(+kθ/2),
 *   Q = Σ_k W(k)·M(−kθ/2). With c_k = W(k)·e^{−a_k²/2}, a_k = kθ/2 ≥ 0, the Gaussian ratio is
 *   Σ c_k e^{x a_k} / Σ c_k e^{−x a_k}: numerator non-decreasing, denominator non-increasing. For the Laplace,
 *   on x ≥ 0 the ratio's derivative has the sign of N′ + N = Σ_{a_k ≥ x} 2W(k)e^{x − a_k} ≥ 0 (N the
 *   numerator), and L(−x) = −L(x) gives x ≤ 0.</li>
 *   <li>{@link #addRemove}: Poisson under add/remove, P = (1 − γ)·M(0) + γ·M(θ) against Q = M(0): the ratio
 *   (1 − γ) + γ·e^{ℓ(x)} with ℓ the loss of M(θ) against M(0), non-decreasing; the reverse direction is taken
 *   mirrored (x → −x) so it is non-decreasing too.</li>
 * </ul>
 * Components with weight below {@link #SMALLEST_WEIGHT}, and the copy-count tail beyond the kept pmf, are left
 * out; their total {@link #omittedMass()} w is accounted for exactly: δ(P, Q) ≤ δ(P′, Q′) + w for the kept
 * sub-probability measures P′, Q′ (and per composition 1 − (1 − w)^T).
 */
public final class LossPair {
  /** Components lighter than this are left out (their weight counted in {@link #omittedMass()}). */
  static final double SMALLEST_WEIGHT = 1e-25;
  /** A weighted Gaussian tail below this is not evaluated (see {@link #tails}). */
  static final double SKIPPED_TAIL = 1e-40;
  private static final double LOG_SKIPPED_TAIL = Math.log(SKIPPED_TAIL);

  private final GroupProfile noise;
  private final double[] pWeights;
  private final double[] pShifts;
  private final double[] qWeights;
  private final double[] qShifts;
  private final double[] pLogWeights;
  private final double[] qLogWeights;
  private final double omittedMass;
  private final String description;

  private LossPair(GroupProfile noise, double[] pWeights, double[] pShifts, double[] qWeights, double[] qShifts,
      double omittedMass, String description) {
    this.noise = noise;
    this.pWeights = pWeights;
    this.pShifts = pShifts;
    this.qWeights = qWeights;
    this.qShifts = qShifts;
    this.pLogWeights = Arrays.stream(pWeights).map(Math::log).toArray();
    this.qLogWeights = Arrays.stream(qWeights).map(Math::log).toArray();
    this.omittedMass = omittedMass;
    this.description = description;
  }

  /** The symmetric copy mixture of a substitution scheme with copy-count law {@code counts}. */
  public static LossPair copyMixture(CopyCounts counts, GroupProfile noise, double theta) {
    Checks.notNull("counts", counts);
    Checks.notNull("noise", noise);
    Checks.positive("theta (sensitivity / noise scale)", theta);
    double[] weights = new double[counts.maxCount() + 1];
    double[] shifts = new double[weights.length];
    int kept = 0;
    double omitted = counts.tail();
    for (int k = 0; k <= counts.maxCount(); k++) {
      double w = counts.probability(k);
      if (w >= SMALLEST_WEIGHT) {
        weights[kept] = w;
        shifts[kept++] = k * theta / 2;
      } else {
        omitted += w;
      }
    }
    double[] w = Arrays.copyOf(weights, kept);
    double[] a = Arrays.copyOf(shifts, kept);
    double[] minusA = Arrays.stream(a).map(x -> -x).toArray();
    return new LossPair(noise, w, a, w.clone(), minusA, omitted, "symmetric copy mixture of "
        + counts.scheme().id() + " (substitution)");
  }

  /** Both directions of the Poisson pair under add/remove, at sampling probability γ. */
  public static List<LossPair> addRemove(double gamma, GroupProfile noise, double theta) {
    Checks.require(gamma > 0 && gamma <= 1, "gamma (sampling probability) must be in (0, 1], got " + gamma);
    Checks.notNull("noise", noise);
    Checks.positive("theta (sensitivity / noise scale)", theta);
    double[] p = gamma == 1 ? new double[] {1} : new double[] {1 - gamma, gamma};
    double[] pShift = gamma == 1 ? new double[] {theta} : new double[] {0, theta};
    double[] mirrored = Arrays.stream(pShift).map(x -> -x).toArray();
    return List.of(
        new LossPair(noise, p, pShift, new double[] {1}, new double[] {0}, 0, "Poisson pair, add direction"),
        new LossPair(noise, new double[] {1}, new double[] {0}, p.clone(), mirrored, 0,
            "Poisson pair, remove direction (mirrored)"));
  }

  public GroupProfile noise() {
    return noise;
  }

  /** Total weight of the components left out (and of the copy-count tail). */
  public double omittedMass() {
    return omittedMass;
  }

  public String description() {
    return description;
  }

  /** The smallest shift of any component. */
  double minShift() {
    return Math.min(Arrays.stream(pShifts).min().orElse(0), Arrays.stream(qShifts).min().orElse(0));
  }

  /** The largest shift of any component. */
  double maxShift() {
    return Math.max(Arrays.stream(pShifts).max().orElse(0), Arrays.stream(qShifts).max().orElse(0));
  }

  /**
   * For the Gaussian, the end of the x range beyond which P′ has at most {@code negligible} mass on that side
   * (per component the bound P(Z &gt; z) ≤ e^{−z²/2}, its share negligible/K); for the Laplace, the last shift
   * (beyond all shifts its loss is constant).
   */
  double relevantEnd(boolean right, double negligible) {
    if (noise == GroupProfile.LAPLACE) {
      return right ? maxShift() : minShift();
    }
    double end = right ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (int i = 0; i < pWeights.length; i++) {
      double z = Math.sqrt(2 * Math.log(Math.max(1, pWeights.length * pWeights[i] / negligible)));
      end = right ? Math.max(end, pShifts[i] + z) : Math.min(end, pShifts[i] - z);
    }
    return end;
  }

  /** L(x) = log p(x) − log q(x) of the kept components. */
  double loss(double x) {
    return logDensityOfP(x) - logDensityOfQ(x);
  }

  /** log p(x) of the kept components of P. */
  double logDensityOfP(double x) {
    return logMixture(pLogWeights, pShifts, x);
  }

  /** log q(x) of the kept components of Q. */
  double logDensityOfQ(double x) {
    return logMixture(qLogWeights, qShifts, x);
  }

  /**
   * The tail of each component of P on the far side of x: g_i = P(Z ≤ −|x − a_i|), one evaluation per component
   * that {@link #massBetween} reuses for both cells that share the boundary. Where the weighted tail is provably
   * below {@link #SKIPPED_TAIL} (Gaussian: P(Z &gt; d) ≤ e^{−d²/2}) it is set to 0 without evaluating it; a cell's
   * mass is then off by at most 2·{@link #SKIPPED_TAIL} per component, which the discretisation adds to the mass at
   * +∞ of the upper pmf (the lower one may be high by as much, about 1e-40 per cell).
   */
  double[] tails(double x) {
    double[] g = new double[pWeights.length];
    for (int i = 0; i < g.length; i++) {
      double d = Math.abs(x - pShifts[i]);
      boolean negligible = noise == GroupProfile.GAUSSIAN && pLogWeights[i] - 0.5 * d * d < LOG_SKIPPED_TAIL;
      g[i] = negligible ? 0 : noise.lowerTail(-d);
    }
    return g;
  }

  /** The most a cell's mass can be under-counted by the tails {@link #tails} skips. */
  double skippedMassPerCell() {
    return 2 * SKIPPED_TAIL * pWeights.length;
  }

  /** P′((a, b]) from the {@link #tails} at a and b (a &lt; b, or ±∞ with tails 0). */
  double massBetween(double a, double[] tailsA, double b, double[] tailsB) {
    double mass = 0;
    for (int i = 0; i < pWeights.length; i++) {
      double m;
      if (a - pShifts[i] >= 0) {
        m = tailsA[i] - tailsB[i];
      } else if (b - pShifts[i] <= 0) {
        m = tailsB[i] - tailsA[i];
      } else {
        m = 1 - tailsA[i] - tailsB[i];
      }
      mass += pWeights[i] * Math.max(0, m);
    }
    return mass;
  }

  /** The {@link #tails} at ±∞. */
  double[] tailsAtInfinity() {
    return new double[pWeights.length];
  }

  private double logMixture(double[] logWeights, double[] shifts, double x) {
    // two passes (largest term, then the sum relative to it) instead of an array per call: this runs per grid point
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < logWeights.length; i++) {
      max = Math.max(max, logWeights[i] + noise.logDensity(x - shifts[i]));
    }
    double sum = 0;
    for (int i = 0; i < logWeights.length; i++) {
      sum += Math.exp(logWeights[i] + noise.logDensity(x - shifts[i]) - max);
    }
    return max + Math.log(sum);
  }
}
