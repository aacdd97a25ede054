package io.pais.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.privacy.Geometry;
import java.util.function.Supplier;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Distribution tests of the noise. Each acceptance test has a false-failure rate of at most 1e-3 over seeds
 * (KS p-value threshold 1e-3, or a Bonferroni-corrected normal bound); the seeds are fixed, so a run is
 * deterministic. The power checks show that the same tests reject a sampler with half the scale and the
 * reference code's Exponential(β) radius.
 */
class NoiseDistributionTest {
  private static final int N = 20_000;
  private static final double ALPHA = 1e-3;
  private static final KolmogorovSmirnovTest KS = new KolmogorovSmirnovTest();

  private static double[] draw(Supplier<Double> sampler) {
    double[] out = new double[N];
    for (int i = 0; i < N; i++) {
      out[i] = sampler.get();
    }
    return out;
  }

  private static double pValue(RealDistribution law, double[] sample) {
    return KS.kolmogorovSmirnovTest(law, sample);
  }

  @Test
  void laplaceMatchesItsLawAndHalfTheScaleIsRejected() {
    UniformRandomProvider rng = NoiseRandomness.seeded(11).provider();
    double beta = 2.5;
    LaplaceNoise laplace = new LaplaceNoise(beta);
    LaplaceDistribution law = new LaplaceDistribution(0, beta);
    assertTrue(pValue(law, draw(() -> laplace.sample(rng))) > ALPHA);
    LaplaceNoise half = new LaplaceNoise(beta / 2);
    assertTrue(pValue(law, draw(() -> half.sample(rng))) < ALPHA);
  }

  @Test
  void l2RadiusIsGammaDBetaAndWrongRadiiAreRejected() {
    int d = 6;
    double beta = 1.7;
    UniformRandomProvider rng = NoiseRandomness.seeded(12).provider();
    GammaDistribution law = new GammaDistribution(d, beta);
    SumNoise noise = SumNoise.of(Geometry.L2, d, beta);
    assertTrue(pValue(law, draw(() -> Geometry.L2.norm(noise.sample(rng)))) > ALPHA);
    SumNoise half = SumNoise.of(Geometry.L2, d, beta / 2);
    assertTrue(pValue(law, draw(() -> Geometry.L2.norm(half.sample(rng)))) < ALPHA);
    SumNoise reference = SumNoise.referenceCodeL2(d, beta);
    assertFalse(reference.isPrivate());
    assertTrue(pValue(law, draw(() -> Geometry.L2.norm(reference.sample(rng)))) < ALPHA);
  }

  /**
   * The coordinate variance the DP centre's shrink reads: (d + 1)β² for ℓ2, 2β² for ℓ1. A sample variance over
   * N·d coordinates has relative sd about sqrt(κ/(N d)) (κ ≤ 6, the Laplace kurtosis, plus the radius's spread):
   * a 10 % band is more than 8 sd wide (false-failure rate far below 1e-3); the wrong laws (dβ², β²) lie outside it.
   */
  @Test
  void coordinateVarianceMatchesTheSamplesAndRejectsWrongLaws() {
    int d = 9;
    double beta = 0.8;
    UniformRandomProvider rng = NoiseRandomness.seeded(14).provider();
    for (Geometry geometry : Geometry.values()) {
      SumNoise noise = SumNoise.of(geometry, d, beta);
      double squares = 0;
      for (int i = 0; i < N; i++) {
        for (double z : noise.sample(rng)) {
          squares += z * z;
        }
      }
      double sampleVariance = squares / ((double) N * d);
      double claimed = noise.coordinateVariance();
      double wrong = geometry == Geometry.L2 ? d * beta * beta : beta * beta;
      assertTrue(Math.abs(sampleVariance / claimed - 1) < 0.1, geometry + ": " + sampleVariance + " vs " + claimed);
      assertTrue(Math.abs(sampleVariance / wrong - 1) > 0.1, geometry + ": a wrong law would pass");
      LatticeSumNoise lattice = LatticeNoise.sum(beta, 1, geometry, d);
      assertTrue(Math.abs(lattice.coordinateVariance() / claimed - 1) < 1e-5, "the lattice's is its draw's");
    }
    assertTrue(Double.isNaN(SumNoise.referenceCodeL2(d, beta).coordinateVariance()), "no closed form: NaN");
  }

  @Test
  void l2DirectionIsUniformOnTheSphere() {
    int d = 4;
    UniformRandomProvider rng = NoiseRandomness.seeded(13).provider();
    SumNoise noise = SumNoise.of(Geometry.L2, d, 3.0);
    double[] mean = new double[d];
    double[][] second = new double[d][d];
    for (int n = 0; n < N; n++) {
      double[] z = noise.sample(rng);
      double r = Geometry.L2.norm(z);
      for (int i = 0; i < d; i++) {
        double ui = z[i] / r;
        mean[i] += ui / N;
        for (int j = 0; j < d; j++) {
          second[i][j] += ui * z[j] / r / N;
        }
      }
    }
    // per-entry standard errors: sqrt(1/(d N)) for the mean, at most sqrt(3/(d(d+2)) / N) for second moments;
    // 5 standard errors over 4 + 16 entries keeps the false-failure rate below 2e-5
    double seMean = Math.sqrt(1.0 / (d * N));
    double seSecond = Math.sqrt(3.0 / (d * (d + 2)) / N);
    for (int i = 0; i < d; i++) {
      assertTrue(Math.abs(mean[i]) < 5 * seMean, "mean[" + i + "]=" + mean[i]);
      for (int j = 0; j < d; j++) {
        double expected = i == j ? 1.0 / d : 0.0;
        assertTrue(Math.abs(second[i][j] - expected) < 5 * seSecond, "second[" + i + "][" + j + "]=" + second[i][j]);
      }
    }
  }

  @Test
  void l1NoiseHasLaplaceCoordinatesAndGammaL1Radius() {
    int d = 5;
    double beta = 0.8;
    UniformRandomProvider rng = NoiseRandomness.seeded(14).provider();
    SumNoise noise = SumNoise.of(Geometry.L1, d, beta);
    double[] firstCoordinate = draw(() -> noise.sample(rng)[0]);
    assertTrue(pValue(new LaplaceDistribution(0, beta), firstCoordinate) > ALPHA);
    assertTrue(pValue(new GammaDistribution(d, beta), draw(() -> Geometry.L1.norm(noise.sample(rng)))) > ALPHA);
  }

  @Test
  void generalLpRadiusIsGamma() {
    int d = 3;
    double beta = 2.0;
    double p = 3;
    UniformRandomProvider rng = NoiseRandomness.seeded(15).provider();
    SumNoise noise = SumNoise.lp(p, d, beta);
    double[] radii = draw(() -> {
      double[] z = noise.sample(rng);
      double s = 0;
      for (double v : z) {
        s += Math.pow(Math.abs(v), p);
      }
      return Math.pow(s, 1 / p);
    });
    assertTrue(pValue(new GammaDistribution(d, beta), radii) > ALPHA);
    // the ℓ2 norm of the same noise is not Gamma(d, β): the test can tell p apart
    assertTrue(pValue(new GammaDistribution(d, beta), draw(() -> Geometry.L2.norm(noise.sample(rng)))) < ALPHA);
  }

  @Test
  void seededStreamsReproduceAndTheDefaultIsSecure() {
    double[] a = SumNoise.of(Geometry.L2, 7, 1).sample(NoiseRandomness.seeded(99).provider());
    double[] b = SumNoise.of(Geometry.L2, 7, 1).sample(NoiseRandomness.seeded(99).provider());
    assertArrayEquals(a, b);
    assertTrue(NoiseRandomness.seeded(1).isSeeded());
    NoiseRandomness secure = NoiseRandomness.secure();
    assertFalse(secure.isSeeded());
    double x = new LaplaceNoise(1).sample(secure.provider());
    assertTrue(Double.isFinite(x));
  }

  @Test
  void rejectsBadScales() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LaplaceNoise(-1));
    assertTrue(e.getMessage().contains("scale (beta)") && e.getMessage().contains("-1.0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SumNoise.of(Geometry.L2, 3, Double.NaN));
    assertTrue(e.getMessage().contains("scale (betaSum)") && e.getMessage().contains("NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SumNoise.of(Geometry.L2, 0, 1));
    assertTrue(e.getMessage().contains("dimension (d)"), e.getMessage());
  }
}
