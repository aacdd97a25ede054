package io.pais.sampling;

import io.pais.math.Checks;
import java.util.Arrays;

/**
 * The law of K, the number of copies of the differing record in a uniform scheme's sample (SPEC §14):
 * W(k) = P(K = k) and the inclusion probability η = 1 − W(0).
 * <ul>
 *   <li>Poisson: W(1) = γ = m/N. WOR: W(1) = m/N.</li>
 *   <li>WR and MUST.WO: Bin(m, 1/N).</li>
 *   <li>MUST.OW: W(k) = (n₁/N)·Bin(m, 1/n₁)(k) for k ≥ 1.</li>
 *   <li>MUST.WW: W(k) = Σ_j Bin(n₁, 1/N)(j)·Bin(m, j/n₁)(k).</li>
 * </ul>
 * Binomial probabilities come from a log-space recurrence (so a huge m or N neither overflows nor underflows
 * early), η from expm1/log1p (no cancellation). The pmf is kept up to the first k past the mode where it underflows
 * (or to m); {@link #tail()} bounds what lies beyond.
 */
public final class CopyCounts {
  private final UniformScheme scheme;
  private final double eta;
  private final double[] pmf;
  private final double tail;

  private CopyCounts(UniformScheme scheme, double eta, double[] pmf, double tail) {
    this.scheme = scheme;
    this.eta = eta;
    this.pmf = pmf;
    this.tail = tail;
  }

  /** Poisson sampling at rate γ (the expected sample size need not be known: a fraction γ of an unknown N). */
  public static CopyCounts poisson(double rate) {
    Checks.require(rate > 0 && rate <= 1, "rate (gamma) must be in (0, 1], got " + rate);
    return new CopyCounts(UniformScheme.POISSON_UNIFORM, rate, new double[] {1 - rate, rate}, 0);
  }

  /**
   * @param population N, public
   * @param stage1 n₁ for the two-stage schemes (ignored otherwise)
   * @param sampleSize m (Poisson: the expected sample size)
   */
  public static CopyCounts of(UniformScheme scheme, long population, long stage1, long sampleSize) {
    Checks.notNull("scheme", scheme);
    scheme.requireValidSizes(population, stage1, sampleSize);
    if (scheme == UniformScheme.POISSON_UNIFORM) {
      return poisson((double) sampleSize / population);
    }
    if (scheme == UniformScheme.WOR) {
      double p = (double) sampleSize / population;
      return new CopyCounts(scheme, p, new double[] {1 - p, p}, 0);
    }
    switch (scheme) {
      case WR:
      case MUST_WO: {
        Binomial b = Binomial.of(sampleSize, 1.0 / population);
        return new CopyCounts(scheme, -Math.expm1(sampleSize * Math.log1p(-1.0 / population)), b.pmf, b.tail);
      }
      case MUST_OW: {
        double f = (double) stage1 / population;
        Binomial b = Binomial.of(sampleSize, 1.0 / stage1);
        double[] w = new double[b.pmf.length];
        for (int k = 1; k < w.length; k++) {
          w[k] = f * b.pmf[k];
        }
        w[0] = 1 - f + f * b.pmf[0];
        return new CopyCounts(scheme, -f * Math.expm1(sampleSize * Math.log1p(-1.0 / stage1)), w, f * b.tail);
      }
      case MUST_WW: {
        Binomial first = Binomial.of(stage1, 1.0 / population);
        double[] w = new double[1];
        double eta = 0;
        double tail = first.tail; // j beyond the first row: any k, bounded by 1
        for (int j = 0; j < first.pmf.length; j++) {
          double pj = first.pmf[j];
          if (j == 0) {
            w[0] += pj;
            continue;
          }
          double p = (double) j / stage1; // the row ends at j = n₁
          Binomial second = Binomial.of(sampleSize, p);
          if (second.pmf.length > w.length) {
            w = Arrays.copyOf(w, second.pmf.length);
          }
          for (int k = 0; k < second.pmf.length; k++) {
            w[k] += pj * second.pmf[k];
          }
          tail += pj * second.tail;
          eta += pj * (p == 1 ? 1 : -Math.expm1(sampleSize * Math.log1p(-p)));
        }
        return new CopyCounts(scheme, eta, w, tail);
      }
      default:
        throw new IllegalStateException("unhandled scheme " + scheme);
    }
  }

  public UniformScheme scheme() {
    return scheme;
  }

  /** η = 1 − W(0), the probability that the differing record is in the sample at all. */
  public double eta() {
    return eta;
  }

  /** W(k) (0 beyond the kept range; see {@link #tail()}). */
  public double probability(int k) {
    return k >= 0 && k < pmf.length ? pmf[k] : 0;
  }

  /** The largest k whose probability is kept. */
  public int maxCount() {
    return pmf.length - 1;
  }

  /** An upper bound on P(K &gt; {@link #maxCount()}). */
  public double tail() {
    return tail;
  }

  /** One binomial row Bin(n, p)(0..K), K the first k past the mode whose probability underflows (or n). */
  private record Binomial(double[] pmf, double tail) {
    static Binomial of(long n, double p) {
      if (p >= 1) {
        Checks.require(n <= Integer.MAX_VALUE - 8, "sample size (m) too large for a copy count of " + n);
        double[] pmf = new double[(int) n + 1];
        pmf[(int) n] = 1;
        return new Binomial(pmf, 0);
      }
      double logRatio = Math.log(p) - Math.log1p(-p);
      double logB = n * Math.log1p(-p);
      double mode = Math.floor((n + 1) * p);
      double[] out = new double[16];
      int k = 0;
      while (true) {
        if (k == out.length) {
          out = Arrays.copyOf(out, 2 * k);
        }
        double b = Math.exp(logB);
        out[k] = b;
        if (k == n || (k > mode && b == 0)) {
          break;
        }
        logB += Math.log((double) (n - k)) - Math.log(k + 1.0) + logRatio;
        k++;
      }
      // past the mode the ratio b(k+1)/b(k) falls, so the tail is below the geometric series of the last term
      // (which underflowed, so is below the smallest double) with the current ratio
      double ratio = Math.exp(Math.log((double) (n - k)) - Math.log(k + 1.0) + logRatio);
      double tail = k == n ? 0 : ratio < 1 ? Double.MIN_VALUE / (1 - ratio) : (n - k) * Double.MIN_VALUE;
      return new Binomial(Arrays.copyOf(out, k + 1), tail);
    }
  }
}
