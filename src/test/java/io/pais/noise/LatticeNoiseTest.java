package io.pais.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Geometry;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The lattice noise of releases. Distribution tests have a false-failure rate of at most 1e-4 each (chi-square and
 * KS thresholds), with fixed seeds; each also shows it rejects a scale 10 % off.
 */
class LatticeNoiseTest {
  private static final int N = 200_000;
  private static final double ALPHA = 1e-4;

  /** P(K ≥ m) for m ≥ 1 under the discrete Laplace of scale t: a^m/(1 + a), a = e^{−1/t}. */
  private static double upperTail(long m, double t) {
    double a = Math.exp(-1 / t);
    return Math.exp(-m / t) / (1 + a);
  }

  /** Bin edges 1 = m0 < m1 < ... on the positive side, at multiples of the scale (distinct integers). */
  private static long[] edges(long t) {
    List<Long> out = new ArrayList<>();
    out.add(1L);
    for (double c : new double[] {0.1, 0.25, 0.5, 1, 1.5, 2, 3, 4, 6}) {
      long m = Math.max(1, Math.round(c * t));
      if (m > out.get(out.size() - 1)) {
        out.add(m);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** Pearson's statistic of a symmetric binning (0, ±[m_i, m_{i+1}), ±[m_last, ∞)) against scale {@code t}. */
  private static double chiSquare(long[] sample, long[] edges, double t) {
    int bins = edges.length;
    long[] observed = new long[2 * bins + 1];
    for (long k : sample) {
      long abs = Math.abs(k);
      int b = 0;
      while (b < bins && abs >= edges[b]) {
        b++;
      }
      observed[k == 0 ? 0 : (k > 0 ? b : bins + b)]++;
    }
    double stat = 0;
    for (int b = 0; b <= 2 * bins; b++) {
      double p;
      if (b == 0) {
        p = 1 - 2 * upperTail(1, t);
      } else {
        int i = (b - 1) % bins;
        p = upperTail(edges[i], t) - (i + 1 < bins ? upperTail(edges[i + 1], t) : 0);
      }
      double expected = p * sample.length;
      stat += (observed[b] - expected) * (observed[b] - expected) / expected;
    }
    return stat;
  }

  @Test
  void discreteLaplaceHasItsExactLawAtSmallAndLargeScales() {
    UniformRandomProvider rng = NoiseRandomness.seeded(71).provider();
    for (long t : new long[] {1, 3, 1L << 21, 1L << 45}) {
      DiscreteLaplace law = new DiscreteLaplace(t);
      long[] sample = new long[N];
      for (int i = 0; i < N; i++) {
        sample[i] = law.sample(rng);
      }
      long[] edges = edges(t);
      double critical = new ChiSquaredDistribution(2 * edges.length).inverseCumulativeProbability(1 - ALPHA);
      assertTrue(chiSquare(sample, edges, t) < critical, "scale " + t);
      assertTrue(chiSquare(sample, edges, t * 1.1) > critical, "a scale 10% off should be rejected at " + t);
    }
  }

  @Test
  void releasesLieOnTheLatticeAndDependOnTheDataOnlyThroughTheGridPoint() {
    LatticeLaplace count = LatticeNoise.count(3.0);
    double g = count.lattice().spacing();
    assertEquals(0x1p-21, g);
    for (double exact : new double[] {0, 1, 17.3, 1234567.891, 1e12 + 0.123}) {
      UniformRandomProvider a = NoiseRandomness.seeded(5).provider();
      UniformRandomProvider b = NoiseRandomness.seeded(5).provider();
      double gridPoint = Math.rint(exact / g) * g;
      double released = count.release(gridPoint - g / 4, a);
      assertEquals(Math.rint(released / g), released / g, "on the lattice");
      // values either side of a grid point round to it: the same noise gives the same bits
      assertEquals(released, count.release(gridPoint + g / 4, b));
    }
    LatticeNoise.Pair pair = LatticeNoise.countAndSum(2.0, 30.0, Geometry.L2, 5);
    double gs = pair.sum().lattice().spacing();
    double[] s = {1e6 + 0.1, -3.3, 0.0, 7e-9, 42};
    double[] shifted = s.clone();
    for (int i = 0; i < s.length; i++) {
      s[i] = Math.rint(s[i] / gs) * gs - gs / 3;
      shifted[i] = s[i] + gs / 2;
    }
    double[] r1 = pair.sum().release(s, NoiseRandomness.seeded(6).provider());
    double[] r2 = pair.sum().release(shifted, NoiseRandomness.seeded(6).provider());
    for (int i = 0; i < s.length; i++) {
      assertEquals(Math.rint(r1[i] / gs), r1[i] / gs, "sum coordinate " + i + " on the lattice");
      assertEquals(r1[i], r2[i]);
    }
  }

  /** The inflation argument of {@link LatticeNoise}, checked numerically over a range of scales and dimensions. */
  @Test
  void roundingIsPaidForByTheInflatedScales() {
    for (Geometry geometry : Geometry.values()) {
      for (int d : new int[] {1, 2, 50, 1000}) {
        for (double betaCount : new double[] {1e-3, 0.7, 40, 3e4}) {
          for (double betaSum : new double[] {1e-2, 5, 9e3}) {
            LatticeNoise.Pair pair = LatticeNoise.countAndSum(betaCount, betaSum, geometry, d);
            double gc = pair.count().lattice().spacing();
            double gs = pair.sum().lattice().spacing();
            double coordinates = geometry == Geometry.L1 ? d : Math.sqrt(d);
            assertTrue(pair.count().scale() >= betaCount * (1 + LatticeNoise.SCALE_INFLATION));
            assertTrue(pair.sum().scale() >= betaSum * (1 + LatticeNoise.SCALE_INFLATION));
            // the cheapest neighbour (count change 1, sum change 0) is the one the rounding hurts most
            for (double sumChange : new double[] {0, 1, betaSum}) {
              double claimed = 1 / betaCount + sumChange / betaSum;
              double lattice = (1 + gc) / pair.count().scale() + (sumChange + coordinates * gs) / pair.sum().scale();
              assertTrue(lattice <= claimed, geometry + " d=" + d + " " + betaCount + " " + betaSum);
            }
          }
        }
      }
    }
  }

  @Test
  void l2SumNoiseKeepsItsGammaRadius() {
    int d = 4;
    double beta = 0.8;
    LatticeNoise.Pair pair = LatticeNoise.countAndSum(1.0, beta, Geometry.L2, d);
    UniformRandomProvider rng = NoiseRandomness.seeded(72).provider();
    double[] radii = new double[20_000];
    for (int i = 0; i < radii.length; i++) {
      radii[i] = Geometry.L2.norm(pair.sum().release(new double[d], rng));
    }
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, beta), radii) > ALPHA);
    assertTrue(ks.kolmogorovSmirnovTest(new GammaDistribution(d, beta * 1.1), radii) < ALPHA);
  }

  /** Gaussian lattice noise: normal at σ(1 + 2^-20) by KS (false failure 1e-4), a σ 10 % off rejected. */
  @Test
  void gaussianNoiseIsNormalAtItsDeviation() {
    int d = 3;
    LatticeNoise.GaussianPair pair = LatticeNoise.gaussian(2.5, 40, d);
    UniformRandomProvider rng = NoiseRandomness.seeded(19).provider();
    double[] counts = new double[20_000];
    double[] sums = new double[counts.length * d];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = pair.count().release(0.0, rng);
      System.arraycopy(pair.sum().release(new double[d], rng), 0, sums, i * d, d);
    }
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, 2.5), counts) > ALPHA);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, 2.5 * 1.1), counts) < ALPHA);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, 40), sums) > ALPHA);
    assertTrue(ks.kolmogorovSmirnovTest(new NormalDistribution(0, 40 * 1.1), sums) < ALPHA);
  }

  /** The Gaussian inflation argument: the snapped, scaled sensitivity stays within θ over the deviations. */
  @Test
  void gaussianRoundingIsPaidForByTheInflatedDeviations() {
    for (int d : new int[] {1, 2, 50, 1000}) {
      for (double sigmaCount : new double[] {1e-3, 0.7, 40, 3e4}) {
        for (double sigmaSum : new double[] {1e-2, 5, 9e3}) {
          LatticeNoise.GaussianPair pair = LatticeNoise.gaussian(sigmaCount, sigmaSum, d);
          double gc = pair.count().lattice().spacing();
          double gs = pair.sum().lattice().spacing();
          // substitution across two clusters: two counts by 1, two sums by s each (s = 0: the cheapest case)
          for (double s : new double[] {0, 1, sigmaSum}) {
            double claimed = Math.sqrt(2 / (sigmaCount * sigmaCount) + 2 * s * s / (sigmaSum * sigmaSum));
            double cs = pair.count().scale();
            double ss = pair.sum().scale();
            double snapped = Math.sqrt(2 * Math.pow((1 + gc) / cs, 2) + 2 * Math.pow((s + Math.sqrt(d) * gs) / ss, 2));
            assertTrue(snapped <= claimed, "d=" + d + " " + sigmaCount + " " + sigmaSum + " s=" + s);
          }
        }
      }
    }
  }

  @Test
  void parametersAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> new DiscreteLaplace(0));
    assertThrows(IllegalArgumentException.class, () -> new DiscreteLaplace((1L << 52) + 1));
    IllegalArgumentException notPower = assertThrows(IllegalArgumentException.class, () -> new Lattice(0.3));
    assertTrue(notPower.getMessage().contains("power of two"), notPower.getMessage());
    for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1, 0}) {
      assertThrows(IllegalArgumentException.class, () -> new Lattice(bad));
      assertThrows(IllegalArgumentException.class, () -> LatticeNoise.count(bad));
      assertThrows(IllegalArgumentException.class, () -> LatticeNoise.countAndSum(1, bad, Geometry.L2, 2));
    }
    IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class, () -> LatticeNoise.count(1e10));
    assertTrue(tooLarge.getMessage().contains("too large"), tooLarge.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> LatticeNoise.count(1).release(Double.POSITIVE_INFINITY, NoiseRandomness.seeded(1).provider()));
  }
}
