package io.pais.accounting;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Geometry;
import io.pais.privacy.NoiseSplit;
import io.pais.sampling.CoreSampling;
import io.pais.sampling.Sampler;
import io.pais.sampling.UniformScheme;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every reported ε is an upper bound to the last ulp (issue 25, item 3): a plan solved for a share never has a
 * guarantee above it, with no tolerance, and the ledger's total is the exact sum of its entries rounded up and never
 * above the budget when the last stage spends the rest.
 */
class UlpBoundTest {

  private static double logUniform(SplittableRandom random, double lo, double hi) {
    return Math.exp(Math.log(lo) + random.nextDouble() * (Math.log(hi) - Math.log(lo)));
  }

  /** A random plan of the importance samplers with public constants (opt's guarantee is its target by design). */
  private static PrivacyPlan.Request randomRequest(SplittableRandom random) {
    Sampler sampler = new Sampler[] {Sampler.FULL, Sampler.UNIF, Sampler.CORE}[random.nextInt(3)];
    Geometry geometry = random.nextBoolean() ? Geometry.L2 : Geometry.L1;
    long n = (long) logUniform(random, 1_000, 1_000_000);
    double r = logUniform(random, 0.1, 1000);
    double lambda = random.nextDouble();
    double xTilde = (geometry == Geometry.L2 ? r * r : r) * (0.01 + 0.5 * random.nextDouble());
    double m = Math.max(1, n * 0.05);
    if (sampler == Sampler.CORE) { // a size at which q <= 1 on [0, r]
      m = Math.max(1, Math.min(m, 0.9 * CoreSampling.maxSampleSize(n, lambda, xTilde, r, geometry)));
    }
    return new PrivacyPlan.Request(sampler, geometry, logUniform(random, 0.05, 150), m, lambda,
        2 + random.nextInt(6), 1 + random.nextInt(60), n, r, xTilde, CoreSupremum.EXACT,
        random.nextBoolean() ? NoiseSplit.UNIT_FREE : NoiseSplit.SU_ET_AL);
  }

  @Test
  void aPlanSolvedForItsShareNeverExceedsItWithNoTolerance() {
    SplittableRandom random = new SplittableRandom(25);
    int plans = 1500;
    int overshootsUnfitted = 0;
    for (int i = 0; i < plans; i++) {
      PrivacyPlan.Request request = randomRequest(random);
      double share = request.epsilon();
      if (PrivacyPlan.solve(request, () -> null).epsilon() > share) {
        overshootsUnfitted++;
      }
      PrivacyPlan plan = PrivacyPlan.solveWithin(request, () -> null);
      assertTrue(plan.epsilon() <= share, request + ": guarantee " + plan.epsilon() + " above its share " + share);
      assertTrue(plan.epsilon() >= share * (1 - 1e-8), "and not far below it: " + plan.epsilon() + " for " + share);
    }
    // the check has teeth: solved at the share itself, a good part of the plans end an ulp or so above it
    assertTrue(overshootsUnfitted > plans / 20, "plans above their share without the fit: " + overshootsUnfitted);
  }

  @Test
  void aSchemePlanNeverExceedsItsShareOfEpsilonAndDelta() {
    SplittableRandom random = new SplittableRandom(26);
    for (int i = 0; i < 40; i++) {
      boolean gaussian = random.nextBoolean();
      UniformScheme scheme = gaussian ? UniformScheme.POISSON_UNIFORM : UniformScheme.WOR;
      double epsilon = logUniform(random, 0.1, 20);
      double delta = gaussian ? 1e-6 : 0;
      SchemePlan.Request request = new SchemePlan.Request(scheme, 20_000, 0, 1_000, 0.05,
          gaussian ? BaseNoise.GAUSSIAN : BaseNoise.LAPLACE, 2 + random.nextInt(6), 1 + random.nextInt(20),
          logUniform(random, 0.1, 100), epsilon, delta, false, NoiseSplit.UNIT_FREE, Geometry.L2);
      SchemePlan plan = SchemePlan.solveWithin(request);
      assertTrue(plan.epsilon() <= epsilon && plan.delta() <= delta, request + " gave " + plan.epsilon() + ", "
          + plan.delta());
    }
  }

  @Test
  void theLedgersTotalIsTheExactSumRoundedUpAndTheRestNeverOverspends() {
    SplittableRandom random = new SplittableRandom(27);
    for (int i = 0; i < 5_000; i++) {
      double budget = logUniform(random, 0.01, 1e4);
      PrivacyLedger ledger = PrivacyLedger.pure(budget);
      BigDecimal exact = BigDecimal.ZERO;
      for (double share : new double[] {0.05 * random.nextDouble(), 0.05 * random.nextDouble(),
          0.3 * random.nextDouble()}) {
        double epsilon = budget * share;
        ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, epsilon));
        exact = exact.add(new BigDecimal(epsilon));
      }
      double rest = ledger.remainingEpsilon();
      ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, rest));
      exact = exact.add(new BigDecimal(rest));
      double total = ledger.totalEpsilon();
      assertTrue(new BigDecimal(total).compareTo(exact) >= 0, "the total " + total + " is below the exact sum");
      assertTrue(new BigDecimal(Math.nextDown(total)).compareTo(exact) < 0, "and the smallest double above it");
      assertTrue(total <= budget, "spending the rest overspends: " + total + " > " + budget);
    }
    // a double sum rounds below the exact one: 0.1 + 0.2 + 0.3 sums to 0.6 in doubles, the exact sum is above it
    PrivacyLedger ledger = PrivacyLedger.pure(1);
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, 0.1));
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, 0.2));
    ledger.spend(Fixtures.ledgerEntry(LedgerStage.DP_LLOYD, 0.3));
    BigDecimal exact = new BigDecimal(0.1).add(new BigDecimal(0.2)).add(new BigDecimal(0.3));
    assertTrue(new BigDecimal(ledger.totalEpsilon()).compareTo(exact) >= 0);
    assertEquals(Math.nextUp(0.6), ledger.totalEpsilon(), "0.1 + 0.2 + 0.3 exceeds 0.6 in exact arithmetic");
  }

}
