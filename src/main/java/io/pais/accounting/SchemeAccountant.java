package io.pais.accounting;

import io.pais.math.Checks;
import io.pais.sampling.CopyCounts;
import io.pais.sampling.UniformScheme;
import java.util.Locale;

/**
 * (ε, δ) of T iterations of a uniform scheme applied to a base noise with θ = Δ/scale (SPEC §14): the guarantee by
 * Theorem 5 and basic composition, and the Fourier accountant's bracket beside it.
 *
 * <p>With {@code stage1Cached} (MUST.OW only) stage I — n₁ of N without replacement — is drawn once and kept, and
 * only stage II (m draws with replacement from the n₁) is redrawn: the T iterations are accounted on the n₁
 * records, WR(m of n₁), and the composite is amplified once by WOR(n₁ of N): ε = log(1 + (n₁/N)(e^{ε_T} − 1)),
 * δ = (n₁/N)·δ_T.
 */
public final class SchemeAccountant {
  /** The largest base ε searched when solving for a δ target. */
  private static final double LARGEST_BASE_EPSILON = 1e4;
  private static final int BISECTIONS = 200;

  private final UniformScheme scheme;
  private final CopyCounts perIteration;
  private final double stage1Fraction;
  private final GroupProfile noise;
  private final double theta;
  private final int iterations;
  private final boolean stage1Cached;

  /**
   * @param stage1Cached whether stage I is drawn once (MUST.OW only)
   */
  public SchemeAccountant(UniformScheme scheme, long population, long stage1, long sampleSize, GroupProfile noise,
      double theta, int iterations, boolean stage1Cached) {
    this.scheme = Checks.notNull("scheme", scheme);
    this.noise = Checks.notNull("noise", noise);
    this.theta = Checks.positive("theta (sensitivity / noise scale)", theta);
    this.iterations = Checks.positive("iterations (T)", iterations);
    this.stage1Cached = stage1Cached;
    if (stage1Cached) {
      Checks.require(scheme == UniformScheme.MUST_OW, "a cached stage I is accounted for must-ow only (stage I "
          + "without replacement), got " + scheme.id());
      Checks.positive("population (N)", population);
      Checks.positive("stage-1 size (n1)", stage1);
      Checks.require(stage1 <= population, "stage-1 size (n1) must be at most the population (N) = " + population
          + ", got " + stage1);
      this.perIteration = CopyCounts.of(UniformScheme.WR, stage1, 0, sampleSize);
      this.stage1Fraction = (double) stage1 / population;
    } else {
      this.perIteration = CopyCounts.of(scheme, population, stage1, sampleSize);
      this.stage1Fraction = 1;
    }
  }

  /** A composed (ε, δ). */
  public record Guarantee(double epsilon, double delta) {}

  /** The neighbouring relation the figures are for. */
  public String relation() {
    return scheme == UniformScheme.POISSON_UNIFORM ? "add/remove one record"
        : "substitution of one record (N public)";
  }

  /** One application at base ε (for a cached stage I: one stage-II draw from the n₁ records). */
  public MustAmplification.Amplified once(double baseEpsilon) {
    return MustAmplification.amplify(perIteration, noise, theta, baseEpsilon);
  }

  /** Basic composition of T applications at base ε, then the stage-I amplification when cached. */
  public Guarantee basic(double baseEpsilon) {
    MustAmplification.Amplified a = once(baseEpsilon);
    return amplifiedByStage1(iterations * a.epsilon(), Math.min(1, iterations * a.delta()));
  }

  /** The basic bound whose ε is {@code epsilon}: the base ε that gives it, then its δ. */
  public Guarantee basicAtEpsilon(double epsilon) {
    Checks.positive("epsilon", epsilon);
    // invert ε = log(1 + f(e^{Tε′} − 1)) and ε′ = log(1 + η(e^{ε₀} − 1))
    double perIterationEpsilon = Math.log1p(Math.expm1(epsilon) / stage1Fraction) / iterations;
    double base = Math.log1p(Math.expm1(perIterationEpsilon) / perIteration.eta());
    Guarantee g = basic(base);
    return new Guarantee(Math.max(epsilon, g.epsilon()), g.delta());
  }

  /**
   * The basic bound with the smallest ε whose δ is at most {@code delta}, by bisection on the base ε (δ′ falls as
   * the base ε grows); refused when no base ε up to 1e4 reaches it.
   */
  public Guarantee basicAtDelta(double delta) {
    Checks.require(delta > 0 && delta < 1, "delta must be in (0, 1), got " + delta);
    if (basic(0).delta() <= delta) {
      return basic(0);
    }
    double hi = 1;
    while (basic(hi).delta() > delta) {
      hi *= 2;
      if (hi > LARGEST_BASE_EPSILON) {
        throw new IllegalArgumentException(String.format(Locale.ROOT, "delta = %s is out of reach for %s: even a "
            + "base epsilon of %s leaves delta = %s", delta, scheme.id(), LARGEST_BASE_EPSILON,
            basic(LARGEST_BASE_EPSILON).delta()));
      }
    }
    double lo = 0;
    for (int i = 0; i < BISECTIONS && hi - lo > 1e-14 * hi; i++) {
      double mid = 0.5 * (lo + hi);
      if (basic(mid).delta() <= delta) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return basic(hi);
  }

  /** The Fourier accountant of the T iterations (on the n₁ records when stage I is cached). */
  public FourierAccountant fourier() {
    return FourierAccountant.forScheme(perIteration, noise, theta, iterations);
  }

  /** The Fourier bracket on ε at δ, amplified by stage I when cached. */
  public FourierAccountant.Bounds fourierEpsilon(FourierAccountant fa, double delta) {
    FourierAccountant.Bounds inner = fa.epsilon(Math.min(1, delta / stage1Fraction));
    return new FourierAccountant.Bounds(amplifiedByStage1(inner.lower(), 0).epsilon(),
        amplifiedByStage1(inner.upper(), 0).epsilon());
  }

  /** The Fourier bracket on δ at ε, amplified by stage I when cached. */
  public FourierAccountant.Bounds fourierDelta(FourierAccountant fa, double epsilon) {
    double inner = Math.log1p(Math.expm1(epsilon) / stage1Fraction);
    FourierAccountant.Bounds d = fa.delta(inner);
    return new FourierAccountant.Bounds(stage1Fraction * d.lower(), stage1Fraction * d.upper());
  }

  private Guarantee amplifiedByStage1(double epsilon, double delta) {
    if (!stage1Cached) {
      return new Guarantee(epsilon, delta);
    }
    double e = Double.isInfinite(epsilon) ? epsilon : Math.log1p(stage1Fraction * Math.expm1(epsilon));
    return new Guarantee(e, stage1Fraction * delta);
  }
}
