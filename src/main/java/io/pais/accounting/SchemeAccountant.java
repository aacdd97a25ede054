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
  private final PrivacyProfile noise;
  private final double theta;
  private final int iterations;
  private final boolean stage1Cached;

  /**
   * @param stage1Cached whether stage I is drawn once (MUST.OW only)
   */
  public SchemeAccountant(UniformScheme scheme, long population, long stage1, long sampleSize, PrivacyProfile noise,
      double theta, int iterations, boolean stage1Cached) {
    this(scheme, perIteration(scheme, population, stage1, sampleSize, stage1Cached),
        stage1Cached ? (double) stage1 / population : 1, noise, theta, iterations, stage1Cached);
  }

  /** Poisson sampling at rate γ in every iteration (γ may be a fraction of an unknown N). */
  public static SchemeAccountant poisson(double rate, PrivacyProfile noise, double theta, int iterations) {
    return new SchemeAccountant(UniformScheme.POISSON_UNIFORM, CopyCounts.poisson(rate), 1, noise, theta,
        iterations, false);
  }

  private SchemeAccountant(UniformScheme scheme, CopyCounts perIteration, double stage1Fraction,
      PrivacyProfile noise, double theta, int iterations, boolean stage1Cached) {
    this.scheme = scheme;
    this.perIteration = perIteration;
    this.stage1Fraction = stage1Fraction;
    this.noise = Checks.notNull("noise", noise);
    this.theta = Checks.positive("theta (sensitivity / noise scale)", theta);
    this.iterations = Checks.positive("iterations (T)", iterations);
    this.stage1Cached = stage1Cached;
  }

  /** The copy-count law of one iteration: with a cached stage I, WR(m of n₁). */
  private static CopyCounts perIteration(UniformScheme scheme, long population, long stage1, long sampleSize,
      boolean stage1Cached) {
    Checks.notNull("scheme", scheme);
    if (!stage1Cached) {
      return CopyCounts.of(scheme, population, stage1, sampleSize);
    }
    Checks.require(scheme == UniformScheme.MUST_OW, "a cached stage I is accounted for must-ow only (stage I "
        + "without replacement), got " + scheme.id());
    scheme.requireValidSizes(population, stage1, sampleSize);
    return CopyCounts.of(UniformScheme.WR, stage1, 0, sampleSize);
  }

  /** A composed (ε, δ). */
  public record Guarantee(double epsilon, double delta) {}

  /** The neighbouring relation the figures are for. */
  public Relation relation() {
    return Relation.of(scheme);
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

  /** Whether the Fourier accountant applies: it models a one-dimensional Laplace or Gaussian base noise. */
  public boolean hasFourier() {
    return noise instanceof GroupProfile;
  }

  /**
   * The Fourier accountant of the T iterations (on the n₁ records when stage I is cached); only for a
   * {@link GroupProfile} base ({@link #hasFourier}).
   */
  public FourierAccountant fourier() {
    Checks.require(hasFourier(), "the Fourier accountant models Laplace or Gaussian base noise, got "
        + noise.id());
    return FourierAccountant.forScheme(perIteration, (GroupProfile) noise, theta, iterations);
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
