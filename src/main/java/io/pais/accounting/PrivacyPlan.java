package io.pais.accounting;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.math.Checks;
import io.pais.noise.LatticeNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseScales;
import io.pais.privacy.NoiseSplit;
import io.pais.privacy.SumShape;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.NormSummary;
import io.pais.sampling.Sampler;
import io.pais.sampling.SamplingFunction;
import io.pais.sampling.UniformSampling;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The privacy side of one run, decided on the driver before any noise is drawn: the noise knob B solved for
 * the target ε, the calibrated scales, the sampling function (none for FULL), and the ε guarantee with how it
 * was computed. Spark-free; the engine only executes it.
 *
 * @param sampler the sampler
 * @param noiseKnob B
 * @param scales the calibrated noise scales
 * @param samplingFunction q(‖x‖), or null for FULL (every point, weight 1)
 * @param epsilon the guarantee
 * @param guaranteeMethod how the guarantee was computed
 * @param expectedSampleSize m (n for FULL)
 */
public record PrivacyPlan(Sampler sampler, double noiseKnob, NoiseScales scales, SamplingFunction samplingFunction,
    double epsilon, String guaranteeMethod, double expectedSampleSize) implements LloydPlan {

  /**
   * What the plan is computed from ({@code shape}: the sums' body, whose geometry is the points' norm; {@code split}:
   * the paper's count/sum split, or the unit-free one, which weighs the shape's noise).
   */
  public record Request(Sampler sampler, SumShape shape, double epsilon, double sampleSize, double lambda,
      int iterations, int dimension, long populationSize, double radius, double meanNormStatistic,
      CoreSupremum coreSupremum, NoiseSplit split) {

    public Request {
      Checks.notNull("sampler", sampler);
      Checks.notNull("sum shape", shape);
      Checks.positive("epsilon", epsilon);
      Checks.positive("iterations (T)", iterations);
      Checks.positive("dimension (d)", dimension);
      Checks.positive("populationSize (n)", populationSize);
      Checks.positive("radius (r)", radius);
      Checks.notNull("coreSupremum", coreSupremum);
      Checks.notNull("split", split);
      if (sampler != Sampler.FULL) {
        Checks.positive("sampleSize (m)", sampleSize);
        Checks.require(sampleSize <= populationSize,
            "sampleSize (m) must be at most the number of points n (n may be data-derived, so it is not named), got "
                + sampleSize);
      }
      if (sampler == Sampler.CORE) {
        Checks.inClosedRange("lambda", lambda, 0, 1);
        Checks.positive("xTilde", meanNormStatistic);
      }
    }

    /** The same request for another target ε. */
    public Request withEpsilon(double target) {
      return new Request(sampler, shape, target, sampleSize, lambda, iterations, dimension, populationSize, radius,
          meanNormStatistic, coreSupremum, split);
    }
  }

  /**
   * Solves the request so that the guarantee is at most its ε exactly ({@link ShareFit}): what a ledger records.
   */
  public static PrivacyPlan solveWithin(Request request, Supplier<NormSummary> norms) {
    return ShareFit.within("epsilon " + request.epsilon(),
        factor -> solve(request.withEpsilon(request.epsilon() * factor), norms),
        plan -> plan.epsilon() <= request.epsilon());
  }

  /**
   * Solves B for the request and computes the guarantee.
   *
   * @param norms the norm summary, read only for OPT (its B search reads every norm without privacy)
   */
  public static PrivacyPlan solve(Request request, Supplier<NormSummary> norms) {
    NoiseKnobSolver solver = new NoiseKnobSolver(request.iterations(), request.radius(), request.dimension(),
        request.split(), request.shape());
    double eps = request.epsilon();
    double n = request.populationSize();
    // a switch expression: a new sampler does not compile until it is planned here or refused
    return switch (request.sampler()) {
      case FULL -> {
        double b = solver.full(eps);
        NoiseScales scales = solver.scales(b);
        yield new PrivacyPlan(Sampler.FULL, b, scales, null, SamplerGuarantees.full(scales),
            "closed form: T(1/beta_count + Delta/beta_sum), Delta the sum bound (r, or rho for clipped offsets)",
            n);
      }
      case UNIF -> {
        UniformSampling unif = new UniformSampling(request.sampleSize(), n);
        double b = solver.uniform(eps, unif.rate());
        NoiseScales scales = solver.scales(b);
        yield new PrivacyPlan(Sampler.UNIF, b, scales, unif, SamplerGuarantees.uniform(scales, unif),
            "closed form: log1p(p expm1(eps_full/p)), p = m/n", request.sampleSize());
      }
      case CORE -> {
        CoreSampling core = new CoreSampling(request.sampleSize(), n, request.lambda(), request.meanNormStatistic(),
            request.radius(), request.shape().geometry());
        double b = solver.core(eps, core, request.coreSupremum());
        NoiseScales scales = solver.scales(b);
        String method = request.coreSupremum() == CoreSupremum.EXACT
            ? (request.shape().geometry() == Geometry.L1
                ? "exact: maximum at an endpoint of [0, r] (l1), rounded up by 1e-13 relative"
                : "exact supremum over [0, r]: dense grid plus golden-section refinement of every peak, ends included, "
                + "rounded up by 1e-13 relative")
            : "reference-code grid of 100 points on [0, r] (reproduction only; may under-state epsilon)";
        yield new PrivacyPlan(Sampler.CORE, b, scales, core, SamplerGuarantees.core(scales, core,
            request.coreSupremum()), method, request.sampleSize());
      }
      case OPT -> {
        double b = solver.opt(eps, request.sampleSize(), norms.get());
        NoiseScales scales = solver.scales(b);
        yield new PrivacyPlan(Sampler.OPT, b, scales, solver.optSampler(eps, b), eps,
            "by construction: every weight solves psi = epsilon* on [0, r]", request.sampleSize());
      }
      case POISSON_UNIFORM, WOR, WR, MUST_OW, MUST_WO, MUST_WW -> throw new IllegalArgumentException("the uniform "
          + "scheme " + request.sampler().id() + " is planned by SchemePlan, not PrivacyPlan");
    };
  }

  /**
   * DP-Lloyd's ledger entry for this plan over {@code iterations}, recording {@code epsilon}: the share the plan was
   * solved for (at most which its guarantee is, {@link #solveWithin}) or the guarantee itself. {@code shares}: how the
   * iterations share it ({@link IterationShares}: unequal shares only on the full data, whose guarantee is linear in
   * each iteration's 1/scale). {@code jointLastStep}: the last iteration releases each count and sum with one K-norm
   * noise at its ε ({@link LatticeNoise#joint}), which costs a record the same 1/β_c + ρ/β_s.
   */
  public LedgerEntry ledgerEntry(IterationShares shares, SumBound bound, SumShape shape, boolean jointLastStep,
      double epsilon) {
    Checks.require(epsilon >= this.epsilon, "a ledger entry records at least the guarantee " + this.epsilon + ", got "
        + epsilon);
    Checks.require(shares.isEqual() || sampler == Sampler.FULL, "unequal iteration shares need the full data's "
        + "guarantee (linear in each iteration's 1/scale), got sampler " + sampler.id());
    int iterations = shares.iterations();
    String mechanism = String.format(Locale.ROOT, "%d iterations of Laplace counts and %s sums (on lattices)",
        iterations, shape.id());
    if (jointLastStep) {
      mechanism = iterations == 1 ? "1 iteration of one K-norm noise for each count and l2 sum (on lattices)"
          : String.format(Locale.ROOT, "%d iterations (on lattices): Laplace counts and %s sums, the last one K-norm "
              + "noise for each count and l2 sum", iterations, shape.id());
    }
    return new LedgerEntry(LedgerStage.DP_LLOYD, String.format(Locale.ROOT, "%s, %s sampling", mechanism,
        sampler.id()), epsilon, 0,
        String.format(Locale.ROOT, "profile T w (1/betaCount + %s/betaSum), %s, amplified by sampling (SPEC 3-6): %s",
            bound.profileTerm(sampler.weighsByNorm()),
            bound.clippedOffsets() ? bound.describe() : "|x| <= " + bound.describe(), guaranteeMethod),
        shares.describeAfter(String.format(Locale.ROOT, "betaSum = %.6g, betaCount = %.6g (B = %.6g)",
            scales.betaSum(), scales.betaCount(), noiseKnob)), "the centres");
  }

  @Override
  public LatticeNoise.CountAndSum noise(SumShape shape, int dimension) {
    return noise(shape, dimension, 1.0);
  }

  /** The noise at the plan's scales times {@code factor} (an iteration's φ_t, {@link IterationShares}). */
  public LatticeNoise.CountAndSum noise(SumShape shape, int dimension, double factor) {
    return LatticeNoise.countAndSum(scales.betaCount() * factor, scales.betaSum() * factor, shape, dimension);
  }
}
