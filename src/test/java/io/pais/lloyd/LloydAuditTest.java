package io.pais.lloyd;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.audit.PrivacyAuditor;
import io.pais.noise.LatticeNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Geometry;
import io.pais.privacy.SumShape;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * One weighted DP-Lloyd iteration (the engine's own update and release noise, then guards) audited on
 * neighbouring inputs D and D plus one point at norm r: its claimed ε = 1/β_count + r/β_sum (with offsets clipped to
 * ρ: 1/β_count + ρ/β_sum) survives {@link PrivacyAuditor}'s lower bound (false-failure rate 1e-3 per audit, fixed
 * seeds), with offsets clipped to ρ and with a first iteration that reaches further at a fraction of the length, and
 * broken variants — β_count and β_sum swapped, no noise for an empty cluster, offsets not clipped, offsets reaching 4ρ
 * at full length, a clip box wider than its noise's — are caught; offsets clamped into a box hold their gauge's claim,
 * and offsets narrowed per centre hold ρ's.
 */
@Tag("audit")
class LloydAuditTest {
  private static final double ALPHA = 1e-3;
  private static final int SAMPLES = 200_000;
  private static final double R = 5;

  /** The exact sums and counts of one assignment step over {@code rows} (weight 1 each). */
  private static WeightedClusterStats stats(List<double[]> rows, double[] centres, int k) {
    return stats(rows, centres, k, LloydSums.points());
  }

  /** The same with the sums {@code terms} names. */
  private static WeightedClusterStats stats(List<double[]> rows, double[] centres, int k, LloydSums terms) {
    SampleBlock.Builder b = new SampleBlock.Builder(2, rows.size());
    rows.forEach(x -> b.add(x, 1.0));
    return new WeightedClusterStats(k, 2, terms).add(b.build(), centres,
        WeightedClusterStats.squaredNorms(centres, k, 2));
  }

  /** 40 points on the unit circle around (x0, 0). */
  private static List<double[]> data(double x0) {
    List<double[]> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      double angle = i * 0.7;
      rows.add(new double[] {x0 + Math.cos(angle), Math.sin(angle)});
    }
    return rows;
  }

  private static List<double[]> withFarPoint(List<double[]> rows) {
    return withPoint(rows, new double[] {R, 0});
  }

  private static List<double[]> withPoint(List<double[]> rows, double[] point) {
    List<double[]> out = new java.util.ArrayList<>(rows);
    out.add(point);
    return out;
  }

  private static DoubleSupplier centreCoordinate(WeightedLloyd lloyd, WeightedClusterStats s, double[] previous,
      LloydNoise noise, int coordinate) {
    return () -> lloyd.update(s, previous, 2, noise)[coordinate];
  }

  /** The release noise (lattice counts and sums) at the given scales. */
  private static LloydNoise lattice(double betaCount, double betaSum, NoiseRandomness rng) {
    LatticeNoise.Pair pair = LatticeNoise.countAndSum(betaCount, betaSum, Geometry.L2, 2);
    return LloydNoise.of(pair.count(), pair.sum(), rng);
  }

  @Test
  void oneIterationWithOneCluster() {
    double betaCount = 2;
    double betaSum = 10;
    double claimed = 1 / betaCount + R / betaSum;
    double[] previous = {0, 0};
    WeightedLloyd lloyd = new WeightedLloyd(1, 1, R, Geometry.L2, true, 1.0);
    // data around the origin: the sum is near zero, so the centre moves with the sum noise, not the count's
    WeightedClusterStats onD = stats(data(0), previous, 1);
    WeightedClusterStats onN = stats(withFarPoint(data(0)), previous, 1);
    NoiseRandomness rng = NoiseRandomness.seeded(41);
    LloydNoise right = lattice(betaCount, betaSum, rng);
    PrivacyAuditor.Result r = PrivacyAuditor.audit(centreCoordinate(lloyd, onD, previous, right, 0),
        centreCoordinate(lloyd, onN, previous, right, 0), SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= claimed, "claimed " + claimed + ", " + r);
    LloydNoise swapped = lattice(betaSum, betaCount, rng);
    PrivacyAuditor.Result broken = PrivacyAuditor.audit(centreCoordinate(lloyd, onD, previous, swapped, 0),
        centreCoordinate(lloyd, onN, previous, swapped, 0), SAMPLES, ALPHA);
    assertTrue(broken.epsilonLowerBound() > claimed, "swapped scales should be caught: " + broken);
  }

  /**
   * Two clusters; in D nobody is nearest to the second centre, the added point is. Guards off, so the noisy
   * centre is released as it is: the statistic is the second centre's distance from where it was.
   */
  @Test
  void anEmptyClusterGetsNoiseToo() {
    double betaCount = 2;
    double betaSum = 10;
    double claimed = 1 / betaCount + R / betaSum;
    double[] previous = {-3, 0, 4, 0};
    WeightedLloyd lloyd = new WeightedLloyd(2, 1, R, Geometry.L2, false, 1.0);
    WeightedClusterStats onD = stats(data(-3), previous, 2);
    WeightedClusterStats onN = stats(withFarPoint(data(-3)), previous, 2);
    NoiseRandomness rng = NoiseRandomness.seeded(42);
    LloydNoise noise = lattice(betaCount, betaSum, rng);
    DoubleSupplier moveD = () -> Math.abs(lloyd.update(onD, previous, 2, noise)[2] - previous[2]);
    DoubleSupplier moveN = () -> Math.abs(lloyd.update(onN, previous, 2, noise)[2] - previous[2]);
    PrivacyAuditor.Result r = PrivacyAuditor.audit(moveD, moveN, SAMPLES, ALPHA);
    assertTrue(r.epsilonLowerBound() <= claimed, "claimed " + claimed + ", " + r);
    // the broken update skips an empty cluster: in D the second centre never moves
    DoubleSupplier brokenD = () -> onD.count(1) == 0 ? 0.0 : moveD.getAsDouble();
    PrivacyAuditor.Result broken = PrivacyAuditor.audit(brokenD, moveN, SAMPLES, ALPHA);
    assertTrue(broken.epsilonLowerBound() > claimed, "no noise on an empty cluster should be caught: " + broken);
  }

  /**
   * The audit of one iteration from the origin on data(0) against data(0) and the far point, each summed as
   * {@code terms} says: the first centre's first coordinate.
   */
  private static PrivacyAuditor.Result auditFarPoint(WeightedLloyd lloyd, LloydSums terms, LloydNoise noise) {
    double[] previous = {0, 0};
    WeightedClusterStats onD = stats(data(0), previous, 1, terms);
    WeightedClusterStats onN = stats(withFarPoint(data(0)), previous, 1, terms);
    return PrivacyAuditor.audit(centreCoordinate(lloyd, onD, previous, noise, 0),
        centreCoordinate(lloyd, onN, previous, noise, 0), SAMPLES, ALPHA);
  }

  /**
   * Offsets clipped to ρ = 1 with the far point at norm 5: the claim 1/β_count + ρ/β_sum = 0.9 holds, while the same
   * noise over unclipped offsets (the far point moves the sum by 5: ε = 2.5) is caught.
   */
  @Test
  void clippedOffsetsBoundWhatTheFarPointAdds() {
    double claimed = 1 / 2.0 + 1 / 2.5;
    LloydSums clipped = LloydSums.clippedOffsets(1, Geometry.L2);
    WeightedLloyd lloyd = new WeightedLloyd(1, 1, R, Geometry.L2, true, 1.0, clipped);
    LloydNoise noise = lattice(2, 2.5, NoiseRandomness.seeded(43));
    PrivacyAuditor.Result r = auditFarPoint(lloyd, clipped, noise);
    assertTrue(r.epsilonLowerBound() <= claimed, "claimed " + claimed + ", " + r);
    PrivacyAuditor.Result broken = auditFarPoint(lloyd, LloydSums.clippedOffsets(1e9, Geometry.L2), noise);
    assertTrue(broken.epsilonLowerBound() > claimed, "unclipped offsets should be caught: " + broken);
  }

  /**
   * A first iteration that reaches further (offsets clipped at a·ρ, summed at 1/a of their length, the noisy sum
   * multiplied by a) keeps the claim 1/β_count + ρ/β_sum = 0.9 of reach 1, at a = 2 (the planner's) and 4. Offsets
   * clipped at 4ρ and summed at full length under the same noise (the far point adds 4ρ: ε = 2.1) are caught; at 2ρ
   * (ε = 1.3) the centre's coordinate, the statistic audited, shows a loss near 0.67 only, too little to tell apart.
   */
  @Test
  void aReachingFirstStepKeepsTheClaimOfRho() {
    double claimed = 1 / 2.0 + 1 / 2.5;
    LloydSums clipped = LloydSums.clippedOffsets(1, Geometry.L2);
    LloydNoise noise = lattice(2, 2.5, NoiseRandomness.seeded(44));
    for (int reach : new int[] {2, 4}) {
      WeightedLloyd reaching = new WeightedLloyd(1, 1, R, Geometry.L2, true, 1.0, clipped, DeadCentres.none(),
          reach);
      PrivacyAuditor.Result r = auditFarPoint(reaching, clipped.reaching(reach), noise);
      assertTrue(r.epsilonLowerBound() <= claimed, "reach " + reach + ": claimed " + claimed + ", " + r);
    }
    LloydSums fullLength = LloydSums.clippedOffsets(4, Geometry.L2);
    PrivacyAuditor.Result broken = auditFarPoint(new WeightedLloyd(1, 1, R, Geometry.L2, true, 1.0, fullLength),
        fullLength, noise);
    assertTrue(broken.epsilonLowerBound() > claimed, "offsets reaching 4 rho at full length should be caught: "
        + broken);
  }

  /**
   * A point at the origin whose centre is 3 away: offsets clipped to ρ = 1 add ρ whatever the point's norm, so one
   * iteration keeps the claim 1/β_count + ρ/β_sum = 1.1 that a release whose points weigh the same is calibrated to,
   * and the personalized claim at the point's own norm, 1/β_count = 0.1, is caught; offsets capped at the point's norm
   * too (core's and opt's sums, whose weights read that claim) keep it.
   */
  @Test
  void onlyOffsetsCappedAtTheNormKeepTheClaimAtAPointsNorm() {
    double atItsNorm = 1 / 10.0;
    double claimed = atItsNorm + 1 / 1.0;
    LloydNoise noise = lattice(10, 1, NoiseRandomness.seeded(45));
    PrivacyAuditor.Result[] results = auditPointAtTheOrigin(noise, LloydSums.clippedOffsets(1, Geometry.L2),
        LloydSums.normCappedOffsets(1, Geometry.L2));
    assertTrue(results[0].epsilonLowerBound() <= claimed, "claimed " + claimed + ", " + results[0]);
    assertTrue(results[0].epsilonLowerBound() > atItsNorm, "the point's own norm is no bound on what it adds: "
        + results[0]);
    assertTrue(results[1].epsilonLowerBound() <= atItsNorm, "capped at its norm: claimed " + atItsNorm + ", "
        + results[1]);
  }

  /**
   * One iteration from the centre (3, 0) on data(3) against data(3) and a point at the origin, each summed as one of
   * {@code terms} says: the centre's first coordinate, audited per terms.
   */
  private static PrivacyAuditor.Result[] auditPointAtTheOrigin(LloydNoise noise, LloydSums... terms) {
    double[] previous = {3, 0};
    PrivacyAuditor.Result[] results = new PrivacyAuditor.Result[terms.length];
    for (int i = 0; i < terms.length; i++) {
      WeightedLloyd lloyd = new WeightedLloyd(1, 1, R, Geometry.L2, true, 1.0, terms[i]);
      WeightedClusterStats onD = stats(data(3), previous, 1, terms[i]);
      WeightedClusterStats onN = stats(withPoint(data(3), new double[] {0, 0}), previous, 1, terms[i]);
      results[i] = PrivacyAuditor.audit(centreCoordinate(lloyd, onD, previous, noise, 0),
          centreCoordinate(lloyd, onN, previous, noise, 0), SAMPLES, ALPHA);
    }
    return results;
  }

  /**
   * Offsets narrowed per centre (f = 1/4: clipped at ρ/4, each term divided by 1/4, the noisy sum multiplied by it)
   * keep ρ's claim 1/β_count + ρ/β_sum on D and D plus a point far beyond the clip, in both coordinates; narrowed sums
   * whose bound is 4ρ under the same noise (terms reaching 4ρ: ε = 2.1) are caught.
   */
  @Test
  void narrowedOffsetsKeepTheClaimOfRho() {
    double betaCount = 2;
    double betaSum = 2.5;
    double claimed = 1 / betaCount + 1 / betaSum;
    LloydNoise noise = lattice(betaCount, betaSum, NoiseRandomness.seeded(48)).atIteration(1);
    double[] previous = {0, 0};
    double[] quarter = {0.25};
    WeightedLloyd lloyd = new WeightedLloyd(1, 2, R, Geometry.L2, true, 1.0,
        LloydSums.clippedOffsets(1, Geometry.L2));
    LloydSums.ClippedOffsets narrowed = ((LloydSums.ClippedOffsets) LloydSums.clippedOffsets(1, Geometry.L2))
        .narrowing(quarter);
    for (int coordinate = 0; coordinate < 2; coordinate++) {
      PrivacyAuditor.Result r = auditNarrowed(lloyd, narrowed, noise, previous, coordinate);
      assertTrue(r.epsilonLowerBound() <= claimed, "coordinate " + coordinate + ": claimed " + claimed + ", " + r);
    }
    LloydSums.ClippedOffsets wide = ((LloydSums.ClippedOffsets) LloydSums.clippedOffsets(4, Geometry.L2))
        .narrowing(quarter);
    PrivacyAuditor.Result broken = auditNarrowed(lloyd, wide, noise, previous, 0);
    assertTrue(broken.epsilonLowerBound() > claimed, "terms reaching 4 rho should be caught: " + broken);
  }

  /** One update with the narrowed sums {@code terms}, audited on D against D plus the point (R, R). */
  private static PrivacyAuditor.Result auditNarrowed(WeightedLloyd lloyd, LloydSums.ClippedOffsets terms,
      LloydNoise noise, double[] previous, int coordinate) {
    double[] far = {R, R};
    WeightedClusterStats onD = stats(data(0), previous, 1, terms);
    WeightedClusterStats onN = stats(withPoint(data(0), far), previous, 1, terms);
    return PrivacyAuditor.audit(
        () -> lloyd.update(onD, previous, 2, noise, DeadCentres.none().memory(1), terms)[coordinate],
        () -> lloyd.update(onN, previous, 2, noise, DeadCentres.none().memory(1), terms)[coordinate], SAMPLES, ALPHA);
  }

  /**
   * Offsets clamped coordinate by coordinate into a box of the proportions (4, 1) reaching κ = 2 (ρ = 1), with the
   * box's K-norm noise: the far point (5, 5) adds a vertex of the box, gauge ρ, and the claim 1/β_count + ρ/β_sum = 0.9
   * holds, at reach 1 and 2; offsets clamped into a box four times larger under the same noise (gauge 4ρ: ε = 2.1) are
   * caught. Capped at the point's norm (opt's and core's sums), a point at the origin 3 from its centre adds nothing,
   * so the personalized claim at its norm, 1/β_count = 0.1, holds, and without the cap it is caught.
   */
  @Test
  void boxOffsetsKeepTheClaimOfTheirGauge() {
    double claimed = 1 / 2.0 + 1 / 2.5;
    SumShape.Box box = SumShape.Box.of(new double[] {4, 1}, 2);
    LatticeNoise.Pair pair = LatticeNoise.countAndSum(2, 2.5, box, 2);
    LloydNoise noise = LloydNoise.of(pair.count(), pair.sum(), NoiseRandomness.seeded(46));
    double[] previous = {0, 0};
    double[] far = {R, R};
    LloydSums clipped = LloydSums.clippedOffsets(1, box);
    for (int reach : new int[] {1, 2}) {
      WeightedLloyd lloyd = new WeightedLloyd(1, 1, R * Math.sqrt(2), Geometry.L2, true, 1.0, clipped,
          DeadCentres.none(), reach);
      WeightedClusterStats onD = stats(data(0), previous, 1, clipped.reaching(reach));
      WeightedClusterStats onN = stats(withPoint(data(0), far), previous, 1, clipped.reaching(reach));
      for (int coordinate = 0; coordinate < 2; coordinate++) {
        PrivacyAuditor.Result r = PrivacyAuditor.audit(centreCoordinate(lloyd, onD, previous, noise, coordinate),
            centreCoordinate(lloyd, onN, previous, noise, coordinate), SAMPLES, ALPHA);
        assertTrue(r.epsilonLowerBound() <= claimed, "reach " + reach + ", coordinate " + coordinate + ": claimed "
            + claimed + ", " + r);
      }
    }
    LloydSums wider = LloydSums.clippedOffsets(4, box);
    WeightedLloyd lloyd = new WeightedLloyd(1, 1, R * Math.sqrt(2), Geometry.L2, true, 1.0, wider);
    // the narrow coordinate, where the wider box lets the far point go 4 of its half-widths
    PrivacyAuditor.Result broken = PrivacyAuditor.audit(
        centreCoordinate(lloyd, stats(data(0), previous, 1, wider), previous, noise, 1),
        centreCoordinate(lloyd, stats(withPoint(data(0), far), previous, 1, wider), previous, noise, 1), SAMPLES,
        ALPHA);
    assertTrue(broken.epsilonLowerBound() > claimed, "a clip box wider than the noise's should be caught: " + broken);

    double atItsNorm = 1 / 10.0;
    LatticeNoise.Pair capPair = LatticeNoise.countAndSum(10, 1, box, 2);
    LloydNoise capNoise = LloydNoise.of(capPair.count(), capPair.sum(), NoiseRandomness.seeded(47));
    PrivacyAuditor.Result[] results = auditPointAtTheOrigin(capNoise, LloydSums.clippedOffsets(1, box),
        LloydSums.normCappedOffsets(1, box));
    assertTrue(results[0].epsilonLowerBound() > atItsNorm, "uncapped, the point's norm is no bound: " + results[0]);
    assertTrue(results[1].epsilonLowerBound() <= atItsNorm, "capped at its norm: claimed " + atItsNorm + ", "
        + results[1]);
  }
}
