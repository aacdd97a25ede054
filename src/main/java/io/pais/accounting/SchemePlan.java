package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.privacy.SumShape;
import io.pais.sampling.UniformScheme;
import java.util.Locale;
import java.util.function.DoublePredicate;

/**
 * The privacy side of DP-Lloyd under a uniform scheme (SPEC §14), decided on the driver before any noise is drawn:
 * the noise scales solved for a target (ε, δ) over T iterations, each drawing a fresh sample, and the guarantee
 * with how it was computed. Spark-free.
 *
 * <p><b>One copy's parameter θ.</b> A record drawn f times enters with weight f, so its copies move the k × (d + 1)
 * counts and sums f times as far as one copy; the group profile of f copies is that of sensitivity fΔ. Under
 * substitution a record leaves one cluster and its replacement joins another: two counts change by 1 and two sums
 * by at most r each (or one sum by at most 2r, in the same cluster); under add/remove (Poisson) one count by 1 and
 * one sum by at most r.
 * <ul>
 *   <li>Laplace: θ is the pure ε of one copy in one iteration: 2(1/β_c + r/β_s) under substitution, 1/β_c + r/β_s
 *   under add/remove (SPEC §2 with weight 1; the lattice rounding is covered as in
 *   {@link io.pais.noise.LatticeNoise}). The release is multidimensional, so its profile is the generic pure one
 *   ({@link PrivacyProfile#PURE}), not the one-dimensional Laplace's. The scales keep Su et al.'s split
 *   (SPEC §7), at the budget B whose full-data ε per iteration is θ/2 (substitution) or θ.</li>
 *   <li>Gaussian: θ = Δ₂/σ, the joint ℓ2 sensitivity in units of the noise. With σ_s = r·σ_c (the split that makes
 *   the two substitution cases equal): substitution θ² = max(4r²/σ_s², 2/σ_c² + 2r²/σ_s²) = 4/σ_c², add/remove
 *   θ² = 1/σ_c² + r²/σ_s² = 2/σ_c². (ℓ1 radii bound ℓ2 norms, so this holds in either geometry.)</li>
 * </ul>
 *
 * <p><b>Solving.</b> The guarantee is basic composition of Theorem 5 (δ′ falls as θ falls), except for Poisson
 * with Gaussian noise, whose Fourier pair is proven to dominate: there the accountant's upper bound is the guarantee
 * when it allows more θ. The largest θ whose guarantee meets (ε, δ) is found by bisection; the scales are set at a
 * θ a part in 10⁹ below it, and the guarantee is recomputed from the scales actually used. For the schemes whose
 * Fourier pair is only the MUST paper's model, the model's ε interval is computed beside the guarantee.
 *
 * @param scheme the scheme
 * @param noise the base noise
 * @param theta one copy's θ at the scales used
 * @param countScale β_c (Laplace) or σ_c (Gaussian)
 * @param sumScale β_s (Laplace) or σ_s (Gaussian)
 * @param noiseKnob B of the Laplace split, NaN for Gaussian
 * @param epsilon the guaranteed ε
 * @param delta the guaranteed δ
 * @param relation the neighbouring relation
 * @param guaranteeMethod how (ε, δ) was computed
 * @param modelEpsilon the Fourier accountant's ε interval at δ under the paper's model (null when the guarantee
 *     is the accountant's own, proven figure, or when no accountant applies)
 * @param eta the inclusion probability of one record in one iteration's sample
 */
public record SchemePlan(UniformScheme scheme, BaseNoise noise, double theta, double countScale, double sumScale,
    double noiseKnob, double epsilon, double delta, Relation relation, String guaranteeMethod,
    FourierAccountant.Bounds modelEpsilon, double eta) implements LloydPlan {

  /** Relative precision of θ in the basic-composition search (cheap: closed forms). */
  private static final double BASIC_PRECISION = 1e-9;
  /** Relative precision of θ in the Fourier search (each step builds an accountant). */
  private static final double FOURIER_PRECISION = 1e-3;
  private static final double SMALLEST_THETA = 1e-12;
  private static final double LARGEST_THETA = 1e6;
  /** The scales are set this far (relative) below the solved θ, so rounding cannot lift it over. */
  private static final double SAFETY = 1e-9;

  /**
   * What the plan is computed from.
   *
   * @param population N (public under substitution); ignored for Poisson
   * @param stage1 n₁ of a two-stage scheme (else ignored)
   * @param sampleSize m (ignored for Poisson)
   * @param rate Poisson's γ (ignored otherwise)
   * @param stage1Cached stage I drawn once (must-ow only)
   * @param split Laplace noise: the count/sum split (the paper's, or the unit-free one of a strict release)
   * @param geometry Laplace noise: the geometry of the sum noise (the unit-free split depends on it)
   */
  public record Request(UniformScheme scheme, long population, long stage1, long sampleSize, double rate,
      BaseNoise noise, int iterations, int dimension, double radius, double epsilon, double delta,
      boolean stage1Cached, NoiseSplit split, Geometry geometry) {

    public Request {
      Checks.notNull("scheme", scheme);
      Checks.notNull("noise", noise);
      Checks.notNull("split", split);
      Checks.notNull("geometry", geometry);
      Checks.positive("iterations (T)", iterations);
      Checks.positive("dimension (d)", dimension);
      Checks.positive("radius (r)", radius);
      Checks.positive("epsilon", epsilon);
      Checks.require(delta >= 0 && delta < 1, "delta must be in [0, 1), got " + delta);
      if (scheme == UniformScheme.POISSON_UNIFORM) {
        Checks.require(rate > 0 && rate <= 1, "rate (gamma = m/N) must be in (0, 1], got " + rate);
      } else {
        scheme.requireValidSizes(population, stage1, sampleSize);
      }
      Checks.require(!stage1Cached || scheme == UniformScheme.MUST_OW, "a cached stage I (stage1-cached) is for "
          + "must-ow only, got " + scheme.id());
      requireReachableDelta(scheme, noise, delta);
    }

    /** The same request for another target (ε, δ). */
    public Request withTarget(double targetEpsilon, double targetDelta) {
      return new Request(scheme, population, stage1, sampleSize, rate, noise, iterations, dimension, radius,
          targetEpsilon, targetDelta, stage1Cached, split, geometry);
    }

    /** Whether neighbours differ by substitution (everything but Poisson). */
    boolean substitution() {
      return Relation.of(scheme) == Relation.SUBSTITUTION;
    }

    SchemeAccountant accountant(double theta) {
      PrivacyProfile profile = noise == BaseNoise.LAPLACE ? PrivacyProfile.PURE : GroupProfile.GAUSSIAN;
      return scheme == UniformScheme.POISSON_UNIFORM ? SchemeAccountant.poisson(rate, profile, theta, iterations)
          : new SchemeAccountant(scheme, population, stage1, sampleSize, profile, theta, iterations, stage1Cached);
    }
  }

  /**
   * δ = 0 (pure ε-DP) is reachable only without multisets and with Laplace noise: k ≥ 2 copies and Gaussian noise
   * always leave δ &gt; 0.
   */
  public static void requireReachableDelta(UniformScheme scheme, BaseNoise noise, double delta) {
    Checks.require(delta > 0 || noise == BaseNoise.LAPLACE && !scheme.isMultiset(), "delta must be > 0 for "
        + scheme.id() + " with " + noise.id() + " noise (its release is (epsilon, delta)-DP, never pure), got "
        + delta);
  }

  /**
   * Solves the request so that its guarantee is at most the request's (ε, δ) exactly ({@link ShareFit}): what a
   * ledger records.
   */
  public static SchemePlan solveWithin(Request q) {
    return ShareFit.within("(epsilon, delta) = (" + q.epsilon() + ", " + q.delta() + ")",
        factor -> solve(q.withTarget(q.epsilon() * factor, q.delta() * factor)),
        plan -> plan.epsilon() <= q.epsilon() && plan.delta() <= q.delta());
  }

  /** Solves the scales for the request's (ε, δ); refused when no noise scale reaches δ. */
  public static SchemePlan solve(Request q) {
    double eps = q.epsilon();
    double delta = q.delta();
    double basicTheta = largestTheta(t -> q.accountant(t).basicAtEpsilon(eps).delta() <= delta, BASIC_PRECISION,
        1, q);
    boolean fourierGuarantee = q.noise() == BaseNoise.GAUSSIAN && q.scheme() == UniformScheme.POISSON_UNIFORM;
    double fourierTheta = fourierGuarantee
        ? largestTheta(t -> q.accountant(t).fourier().delta(eps).upper() <= delta, FOURIER_PRECISION, basicTheta, q)
        : 0;
    boolean byFourier = fourierTheta > basicTheta;
    Scales scales = scales(q, Math.max(basicTheta, fourierTheta) * (1 - SAFETY));
    SchemeAccountant accountant = q.accountant(scales.theta());
    double guaranteedEpsilon = eps;
    double guaranteedDelta;
    String method;
    FourierAccountant.Bounds model = null;
    if (byFourier) {
      guaranteedDelta = accountant.fourierDelta(accountant.fourier(), eps).upper();
      method = String.format(Locale.ROOT, "Fourier (privacy-loss distribution) accountant, upper bound: %d "
          + "iterations of the Poisson pair under add/remove, which is proven to dominate", q.iterations());
    } else {
      SchemeAccountant.Guarantee g = accountant.basicAtEpsilon(eps);
      guaranteedEpsilon = g.epsilon();
      guaranteedDelta = g.delta();
      method = String.format(Locale.ROOT, "Theorem 5 of the MUST paper (%s profile) per iteration, basic "
          + "composition over %d iterations%s", q.noise() == BaseNoise.LAPLACE ? "pure-DP group" : "Gaussian",
          q.iterations(), q.stage1Cached() ? ", then one amplification by the cached stage I (n1 of N without "
              + "replacement)" : "");
      if (q.noise() == BaseNoise.GAUSSIAN && delta > 0) {
        model = accountant.fourierEpsilon(accountant.fourier(), delta);
      }
    }
    Checks.require(guaranteedDelta <= delta * (1 + 1e-12), "the solved delta " + guaranteedDelta
        + " exceeds the target " + delta);
    return new SchemePlan(q.scheme(), q.noise(), scales.theta(), scales.count(), scales.sum(), scales.noiseKnob(),
        guaranteedEpsilon, guaranteedDelta, accountant.relation(), method, model, accountant.once(0).eta());
  }

  /** The scales of one copy's θ. */
  private record Scales(double theta, double count, double sum, double noiseKnob) {}

  private static Scales scales(Request q, double theta) {
    if (q.noise() == BaseNoise.LAPLACE) {
      double factor = q.substitution() ? 2 : 1;
      NoiseKnobSolver solver = new NoiseKnobSolver(q.iterations(), q.radius(), q.dimension(), q.split(),
          q.geometry());
      NoiseScales s = solver.scales(solver.full(q.iterations() * theta / factor));
      return new Scales(factor * s.fullDataEpsilon() / q.iterations(), s.betaCount(), s.betaSum(), s.noiseKnob());
    }
    double c = q.substitution() ? 2 : Math.sqrt(2);
    double sigmaCount = c / theta;
    return new Scales(c / sigmaCount, sigmaCount, q.radius() * sigmaCount, Double.NaN);
  }

  /**
   * The largest θ with {@code ok(θ)} (ok is true below some θ and false above it), to relative {@code precision},
   * searched from {@code start}.
   */
  private static double largestTheta(DoublePredicate ok, double precision, double start, Request q) {
    double lo = start;
    double hi = start;
    if (ok.test(start)) {
      while (ok.test(hi)) {
        lo = hi;
        hi *= 2;
        if (hi > LARGEST_THETA) {
          return LARGEST_THETA;
        }
      }
    } else {
      while (!ok.test(lo)) {
        hi = lo;
        lo /= 2;
        if (lo < SMALLEST_THETA) {
          throw new IllegalArgumentException(String.format(Locale.ROOT, "delta = %s is out of reach for %s at "
              + "epsilon = %s: even overwhelming noise leaves more (the rare many-copy draws alone exceed it; raise "
              + "delta or lower the sample size)",
              q.delta(), q.scheme().id(), q.epsilon()));
        }
      }
    }
    while (hi - lo > precision * lo) {
      double mid = Math.sqrt(lo * hi);
      if (ok.test(mid)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Whether the release is pure ε-DP. */
  public boolean isPure() {
    return delta == 0;
  }

  /** DP-Lloyd's ledger entry under this scheme: what one copy moves, and the noise, over {@code iterations}. */
  public LedgerEntry ledgerEntry(int iterations, SumBound bound, Geometry geometry) {
    SchemePlan plan = this;
    boolean substitution = plan.relation() == Relation.SUBSTITUTION;
    boolean laplace = plan.noise() == BaseNoise.LAPLACE;
    String norm = geometry.name().toLowerCase(Locale.ROOT);
    String b = bound.symbol();
    String mechanism = String.format(Locale.ROOT, "%d iterations of %s counts and sums (on lattices), each on a "
        + "fresh %s sample, a record's copies as its weight", iterations, laplace ? "Laplace" : "Gaussian",
        plan.scheme().id());
    String sensitivity = laplace
        ? String.format(Locale.ROOT, "per copy and iteration, pure epsilon %.6g = %s(1/betaCount + %s/betaSum), "
            + "%s (%s): %s", plan.theta(), substitution ? "2" : "", b, bound.describe(), norm, substitution
            ? "a substituted record moves two counts by 1 and two sums by " + b : "a record moves one count by 1 and "
            + "one sum by " + b)
        : String.format(Locale.ROOT, "per copy and iteration, joint l2 sensitivity over the noise theta = %.6g = "
            + "%s/sigmaCount with sigmaSum = %s sigmaCount, %s: %s", plan.theta(), substitution ? "2" : "sqrt(2)",
            b, bound.describe(), substitution ? "max(4" + b + "^2/sigmaSum^2, 2/sigmaCount^2 + 2" + b + "^2/sigmaSum^2)"
                : "1/sigmaCount^2 + " + b + "^2/sigmaSum^2");
    String scales = laplace
        ? String.format(Locale.ROOT, "betaSum = %.6g, betaCount = %.6g (B = %.6g)", plan.sumScale(),
            plan.countScale(), plan.noiseKnob())
        : String.format(Locale.ROOT, "sigmaSum = %.6g, sigmaCount = %.6g", plan.sumScale(), plan.countScale());
    return new LedgerEntry(LedgerStage.DP_LLOYD, mechanism, plan.epsilon(), plan.delta(), sensitivity + "; "
        + plan.relation().description() + "; " + plan.guaranteeMethod(), scales, "the centres");
  }

  /**
   * Under a scheme the noise is its base noise (Laplace or Gaussian) at its scales; Gaussian noise is calibrated to
   * the terms' ℓ2 norm, which a box's gauge does not bound, so it takes no box.
   */
  @Override
  public LatticeNoise.CountAndSum noise(SumShape shape, int dimension) {
    Checks.require(noise == BaseNoise.LAPLACE || shape instanceof Geometry, "Gaussian noise is calibrated to the "
        + "sums' l2 norm: it takes l2 or l1, got " + shape.id());
    return switch (noise) {
      case LAPLACE -> LatticeNoise.countAndSum(countScale, sumScale, shape, dimension);
      case GAUSSIAN -> LatticeNoise.gaussian(countScale, sumScale, dimension);
    };
  }
}
