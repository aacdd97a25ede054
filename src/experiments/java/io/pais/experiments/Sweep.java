package io.pais.experiments;

import io.pais.accounting.PrivacyPlan;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.initialisation.InitialCentres;
import io.pais.settings.Initialisation;
import io.pais.lloyd.KMeansCost;
import io.pais.lloyd.LloydNoise;
import io.pais.sampling.spark.PoissonSampler;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedLloyd;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.noise.SumNoise;
import io.pais.math.Rounding;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.Sampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The runs of one data set: samplers × m × ε × repetitions for each protocol, the ε = ∞ references, and the
 * reference-code noise variant, executed in memory on a thread pool with the product's own sampling, DP-Lloyd
 * and noise code. Repetition r uses seed r for the Poisson coins (so unif and core runs at different ε share
 * their sample) and a seed derived from r and the configuration for noise and initial centres.
 */
final class Sweep {
  /** One configuration to run R times. */
  record Config(Protocol protocol, NoiseMode noise, Sampler sampler, double sampleSize, double epsilon) {}

  private final PreparedSet set;
  private final SweepSettings settings;
  private final Consumer<String> log;
  private final Map<String, PrivacyPlan> plans = new ConcurrentHashMap<>();
  private final java.util.Set<String> infeasible = ConcurrentHashMap.newKeySet();

  Sweep(PreparedSet set, SweepSettings settings, Consumer<String> log) {
    this.set = set;
    this.settings = settings;
    this.log = log;
  }

  /** Every configuration of the sweep, in order. */
  List<Config> configs() {
    List<Config> out = new ArrayList<>();
    double maxEps = settings.epsilons().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double middleM = settings.sampleSizes(set.count).get(settings.sampleSizes(set.count).size() / 2);
    for (Protocol protocol : settings.protocols()) {
      for (Sampler sampler : settings.samplers()) {
        List<Double> ms = sampler == Sampler.FULL ? List.of((double) set.count) : settings.sampleSizes(set.count);
        for (double m : ms) {
          if (!feasible(sampler, m)) {
            log.accept(String.format(Locale.ROOT, "%s: skipping %s at m = %.0f (q would exceed 1 somewhere on [0, r])",
                set.name, sampler.id(), m));
            continue;
          }
          for (double eps : settings.epsilons()) {
            out.add(new Config(protocol, NoiseMode.GAMMA, sampler, m, eps));
            if (settings.referenceNoise() && protocol == Protocol.PAPER && (m == middleM || sampler == Sampler.FULL)) {
              out.add(new Config(protocol, NoiseMode.REFERENCE_EXPONENTIAL, sampler, m, eps));
            }
          }
          // ε = ∞: weighted Lloyd without noise on the sample of the largest ε (opt's weights depend on ε)
          out.add(new Config(protocol, NoiseMode.NONE, sampler, m, maxEps));
        }
      }
    }
    return out;
  }

  private boolean feasible(Sampler sampler, double m) {
    return sampler != Sampler.CORE
        || m <= CoreSampling.maxSampleSize(set.count, settings.lambda(), set.xTilde, set.radius, Geometry.L2);
  }

  /** Runs everything on {@code threads} threads; reports progress through the log. */
  List<RunResult> run(int threads) throws InterruptedException {
    List<Config> configs = configs();
    int total = configs.size() * settings.repetitions();
    AtomicInteger done = new AtomicInteger();
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<RunResult>> futures = new ArrayList<>();
    for (Config config : configs) {
      for (int rep = 0; rep < settings.repetitions(); rep++) {
        int r = rep;
        futures.add(pool.submit(() -> {
          RunResult result = runOnce(config, r);
          int n = done.incrementAndGet();
          if (n % Math.max(1, total / 50) == 0 || n == total) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            log.accept(String.format(Locale.ROOT, "%s: run %d of %d, %.0f s elapsed, about %.0f s left", set.name, n,
                total, elapsed, elapsed / n * (total - n)));
          }
          return result;
        }));
      }
    }
    pool.shutdown();
    List<RunResult> out = new ArrayList<>();
    for (Future<RunResult> f : futures) {
      try {
        RunResult r = f.get();
        if (r != null) {
          out.add(r);
        }
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException("a run failed: " + e.getCause().getMessage(), e.getCause());
      }
    }
    return out;
  }

  /**
   * One run. The weights are computed on their own first (what the map tasks do), then the Poisson filter runs
   * on them, so the two are timed apart at no extra cost.
   */
  RunResult runOnce(Config c, int rep) {
    PrivacyPlan plan = plan(c);
    if (plan == null) {
      return null;
    }
    double weightsSeconds = Double.NaN;
    double samplingSeconds;
    List<SampleBlock> sample;
    if (plan.samplingFunction() == null) {
      sample = set.all;
      samplingSeconds = 0;
    } else {
      long t0 = System.nanoTime();
      double[] w = new double[set.points.size()];
      for (int i = 0; i < w.length; i++) {
        double[] x = set.points.get(i);
        w[i] = plan.samplingFunction().weightAtMost(Rounding.normUpperBound(Geometry.L2.norm(x), x.length));
      }
      weightsSeconds = (System.nanoTime() - t0) / 1e9;
      long t1 = System.nanoTime();
      sample = PoissonSampler.sampleInMemory(set.points, set.dimension, (x, position) -> w[(int) position], rep);
      samplingSeconds = (System.nanoTime() - t1) / 1e9;
    }
    long size = sample.stream().mapToLong(SampleBlock::rows).sum();
    NoiseRandomness randomness = NoiseRandomness.seeded(noiseSeed(c, rep));
    double[] init = c.protocol().init == Initialisation.SAMPLE_POINTS
        ? InitialCentres.samplePoints(sample, settings.k(), set.dimension, randomness.provider())
        : InitialCentres.randomBall(settings.k(), set.dimension, set.radius, Geometry.L2, randomness.provider());
    WeightedLloyd lloyd = new WeightedLloyd(settings.k(), settings.iterations(), set.radius, Geometry.L2,
        c.protocol().guards, 1.0);
    LloydNoise noise = switch (c.noise()) {
      case NONE -> LloydNoise.none();
      case GAMMA -> LloydNoise.of(new LaplaceNoise(plan.scales().betaCount()),
          SumNoise.of(Geometry.L2, set.dimension, plan.scales().betaSum()), randomness);
      case REFERENCE_EXPONENTIAL -> LloydNoise.of(new LaplaceNoise(plan.scales().betaCount()),
          SumNoise.referenceCodeL2(set.dimension, plan.scales().betaSum()), randomness);
    };
    long t2 = System.nanoTime();
    double[] centres = lloyd.run(SampleBlocks.inMemory(sample), set.dimension, init, noise);
    double lloydSeconds = (System.nanoTime() - t2) / 1e9;
    double cost = KMeansCost.meanCost(set.all, centres, settings.k());
    boolean infinite = c.noise() == NoiseMode.NONE;
    return new RunResult(set.name, c.protocol().id(), c.noise().id, c.sampler().id(), c.sampleSize(),
        infinite ? Double.POSITIVE_INFINITY : c.epsilon(), rep, plan.noiseKnob(), plan.scales().betaSum(),
        plan.scales().betaCount(), infinite ? Double.POSITIVE_INFINITY : plan.epsilon(), size, cost, weightsSeconds,
        samplingSeconds, lloydSeconds);
  }

  /**
   * The noise seed of a run, from the repetition and the configuration only (enum ordinals and the bits of m and
   * ε, never identity hash codes), so a sweep reproduces across JVMs.
   */
  static long noiseSeed(Config c, int rep) {
    long h = rep;
    h = 31 * h + c.protocol().ordinal();
    h = 31 * h + c.noise().ordinal();
    h = 31 * h + c.sampler().ordinal();
    h = 31 * h + Double.doubleToLongBits(c.sampleSize());
    h = 31 * h + Double.doubleToLongBits(c.epsilon());
    return h ^ 0x5DEECE66DL;
  }

  /** The plan of (sampler, m, ε), solved once and shared by every repetition and protocol; null if infeasible. */
  private PrivacyPlan plan(Config c) {
    String key = c.sampler() + "/" + c.sampleSize() + "/" + c.epsilon();
    PrivacyPlan cached = plans.get(key);
    if (cached != null || infeasible.contains(key)) {
      return cached;
    }
    try {
      PrivacyPlan plan = PrivacyPlan.solve(new PrivacyPlan.Request(c.sampler(), Geometry.L2, c.epsilon(),
          c.sampleSize(), settings.lambda(), settings.iterations(), set.dimension, set.count, set.radius, set.xTilde,
          CoreSupremum.EXACT, NoiseSplit.SU_ET_AL), () -> set.norms);
      plans.put(key, plan);
      return plan;
    } catch (IllegalArgumentException e) {
      log.accept(set.name + ": " + c.sampler().id() + " at m = " + c.sampleSize() + ", epsilon = " + c.epsilon()
          + " skipped: " + e.getMessage());
      infeasible.add(key);
      return null;
    }
  }
}
