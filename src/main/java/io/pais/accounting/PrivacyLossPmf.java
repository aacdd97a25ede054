package io.pais.accounting;

import io.pais.math.Checks;
import java.util.Arrays;
import org.jtransforms.fft.DoubleFFT_1D;

/**
 * A privacy-loss distribution on the grid step·ℤ: mass[i] at loss (offset + i)·step, plus a mass at +∞. An
 * <em>upper</em> pmf only ever moves mass to a larger loss than the true one (a cell's mass to the ceiling of its
 * largest loss, truncated tails to +∞ or up to the kept range), a <em>lower</em> one only to a smaller loss or
 * away; since δ(ε) = E_P[(1 − e^{ε − L})₊] is non-decreasing in the loss and losses add under composition, the two
 * bracket δ of the pair and of its compositions (Koskela, Jälkö and Honkela's Fourier accountant; here the
 * convolutions are linear, not circular, and the truncation is explicit, so no wrap-around term is needed).
 * Round-off of the FFT (about 1e-16 of the total mass per entry) is not modelled.
 */
final class PrivacyLossPmf {
  /** Mass cut from either end after a convolution (moved to +∞ or to the kept range's end, or dropped). */
  private static final double TRUNCATION = 1e-15;
  /** Below this length a convolution is done directly. */
  private static final int DIRECT = 64;
  /** The mass of P′ left beyond each end of the x range (Gaussian). */
  private static final double NEGLIGIBLE = 1e-30;
  private static final int COARSE_CELLS = 4096;
  /** A cell whose estimated mass (density at its ends times width) is below this may span several levels. */
  private static final double SPARSE_CELL_MASS = 1e-20;
  private static final int MAX_MERGED = 4096;
  private static final int MAX_FINE_CELLS = 1 << 24;

  final double step;
  final long offset;
  final double[] mass;
  final double infinite;
  final boolean upper;

  private PrivacyLossPmf(double step, long offset, double[] mass, double infinite, boolean upper) {
    this.step = step;
    this.offset = offset;
    this.mass = mass;
    this.infinite = infinite;
    this.upper = upper;
  }

  /** The upper and the lower pmf of one pair. */
  record Bracket(PrivacyLossPmf upper, PrivacyLossPmf lower) {}

  /**
   * The pmfs of L(X), X ~ P′, for the kept components of {@code pair}. L is non-decreasing, so on a cell (a, b] of
   * x it lies in [L(a), L(b)]: the upper pmf puts the cell's mass at ⌈L(b)⌉, the lower at ⌊L(a)⌋. Cells are runs of
   * a fine x grid (a coarse grid cut by the rise of the loss, about half a step per cell) on which both indices
   * agree, so the Gaussian's mass function is evaluated about once per grid level and component. Beyond the x range: for the Laplace the loss
   * is constant (the end values, exact); for the Gaussian P′ has at most 1e-30 there, which the upper pmf puts at
   * +∞ on the right and at ⌈L(lo)⌉ on the left, and the lower pmf at ⌊L(hi)⌋ on the right and drops on the left.
   */
  static Bracket discretise(LossPair pair, double step) {
    boolean laplace = pair.noise() == GroupProfile.LAPLACE;
    double lo = pair.relevantEnd(false, NEGLIGIBLE);
    double hi = pair.relevantEnd(true, NEGLIGIBLE);
    // a coarse grid, each interval cut into as many cells as its rise in loss needs for half a step per cell
    double[] coarseX = new double[COARSE_CELLS + 1];
    double[] coarseLoss = new double[COARSE_CELLS + 1];
    long cells = 0;
    for (int c = 0; c <= COARSE_CELLS; c++) {
      coarseX[c] = c == COARSE_CELLS ? hi : lo + (hi - lo) * c / COARSE_CELLS;
      coarseLoss[c] = pair.loss(coarseX[c]);
      if (c > 0) {
        cells += subdivisions(coarseLoss[c] - coarseLoss[c - 1], step);
      }
    }
    Checks.require(cells <= MAX_FINE_CELLS, "the loss grid step " + step + " is too fine for " + pair.description()
        + " (" + cells + " cells); use a larger step");
    int fine = (int) cells;
    double[] x = new double[fine + 1];
    double[] logP = new double[fine + 1];
    double[] loss = new double[fine + 1];
    int f = 0;
    for (int c = 0; c < COARSE_CELLS; c++) {
      int parts = subdivisions(coarseLoss[c + 1] - coarseLoss[c], step);
      for (int j = 0; j < parts; j++) {
        x[f++] = coarseX[c] + (coarseX[c + 1] - coarseX[c]) * j / parts;
      }
    }
    x[fine] = hi;
    for (f = 0; f <= fine; f++) {
      logP[f] = pair.logDensityOfP(x[f]);
      loss[f] = logP[f] - pair.logDensityOfQ(x[f]);
    }
    for (f = 1; f <= fine; f++) {
      if (loss[f] < loss[f - 1] - 1e-9 * (1 + Math.abs(loss[f]))) {
        throw new IllegalStateException("privacy loss of " + pair.description() + " is not monotone at x = " + x[f]);
      }
    }
    long first = index(loss[0], step, false);
    long last = index(loss[fine], step, true);
    double[] up = new double[Math.toIntExact(last - first + 1)];
    double[] down = new double[up.length];
    double[] atLo = pair.tails(lo);
    double[] atHi = pair.tails(hi);
    double left = pair.massBetween(Double.NEGATIVE_INFINITY, pair.tailsAtInfinity(), lo, atLo);
    double right = pair.massBetween(hi, atHi, Double.POSITIVE_INFINITY, pair.tailsAtInfinity());
    double infinite = pair.omittedMass();
    up[(int) (index(loss[0], step, true) - first)] += left;
    if (laplace) {
      down[(int) (index(loss[0], step, false) - first)] += left;
      up[(int) (index(loss[fine], step, true) - first)] += right;
    } else {
      infinite += right;
    }
    down[(int) (index(loss[fine], step, false) - first)] += right;
    int start = 0;
    int mergedCells = 0;
    double[] tailsAtStart = atLo;
    for (f = 0; f < fine; f++) {
      long upIndex = index(loss[f + 1], step, true);
      long downIndex = index(loss[start], step, false);
      boolean levelChanges = f + 1 == fine || index(loss[f + 2], step, true) != upIndex
          || index(loss[f + 1], step, false) != downIndex;
      // where P′ has next to no density a cell may span several levels: any cell is valid, small ones only
      // make the bracket tight where the mass is
      boolean closes = levelChanges && (f + 1 == fine || f + 1 - start >= MAX_MERGED
          || Math.exp(Math.max(logP[start], logP[f + 1])) * (x[f + 1] - x[start]) > SPARSE_CELL_MASS);
      if (closes) {
        double[] tailsAtEnd = f + 1 == fine ? atHi : pair.tails(x[f + 1]);
        double m = pair.massBetween(x[start], tailsAtStart, x[f + 1], tailsAtEnd);
        up[(int) (upIndex - first)] += m;
        down[(int) (downIndex - first)] += m;
        start = f + 1;
        tailsAtStart = tailsAtEnd;
        mergedCells++;
      }
    }
    infinite += mergedCells * pair.skippedMassPerCell();
    return new Bracket(new PrivacyLossPmf(step, first, up, infinite, true).trimmed(),
        new PrivacyLossPmf(step, first, down, 0, false).trimmed());
  }

  /** Cells for an interval whose loss rises by {@code rise}: half a step each (rounding is what keeps this tight). */
  private static int subdivisions(double rise, double step) {
    return (int) Math.min(1 << 20, Math.max(1, Math.ceil(2 * rise / step)));
  }

  /**
   * The grid index of a loss, rounded up (upper) or down, with a relative allowance for the round-off in the
   * loss itself.
   */
  private static long index(double loss, double step, boolean up) {
    double slack = 1e-12 * (1 + Math.abs(loss));
    return up ? (long) Math.ceil((loss + slack) / step) : (long) Math.floor((loss - slack) / step);
  }

  /** The T-fold composition, by repeated squaring. */
  PrivacyLossPmf compose(int times) {
    PrivacyLossPmf result = null;
    PrivacyLossPmf power = this;
    int t = times;
    while (true) {
      if ((t & 1) == 1) {
        result = result == null ? power : result.convolve(power);
      }
      t >>= 1;
      if (t == 0) {
        return result;
      }
      power = power.convolve(power);
    }
  }

  /** The law of the sum of two independent losses. */
  PrivacyLossPmf convolve(PrivacyLossPmf other) {
    // a sum is infinite when either term is: m∞(A) + m∞(B) − m∞(A)·m∞(B)
    double sumInfinite = infinite + other.infinite - infinite * other.infinite;
    double[] sum = linearConvolution(mass, other.mass);
    return new PrivacyLossPmf(step, offset + other.offset, sum, sumInfinite, upper).trimmed();
  }

  /**
   * Cuts at most {@link #TRUNCATION} of mass from each end: an upper pmf moves the top cut to +∞ and the bottom cut
   * up to the first kept entry; a lower pmf moves the top cut down to the last kept entry and drops the bottom.
   */
  private PrivacyLossPmf trimmed() {
    int top = mass.length - 1;
    double cutTop = 0;
    while (top > 0 && cutTop + mass[top] <= TRUNCATION) {
      cutTop += mass[top--];
    }
    int bottom = 0;
    double cutBottom = 0;
    while (bottom < top && cutBottom + mass[bottom] <= TRUNCATION) {
      cutBottom += mass[bottom++];
    }
    double[] kept = Arrays.copyOfRange(mass, bottom, top + 1);
    double infinite = this.infinite;
    if (upper) {
      infinite += cutTop;
      kept[0] += cutBottom;
    } else {
      kept[kept.length - 1] += cutTop;
    }
    return new PrivacyLossPmf(step, offset + bottom, kept, infinite, upper);
  }

  /** δ(ε) of this pmf, for ε ≥ 0. */
  DeltaCurve deltaCurve() {
    return new DeltaCurve(this);
  }

  /**
   * δ(ε) = m(+∞) + Σ_{ℓ > ε} (1 − e^{ε − ℓ})·m(ℓ) in constant time per ε, from suffix sums of m(ℓ) and of
   * e^{−ℓ}·m(ℓ) over the positive losses (ε ≥ 0 never needs the others). The two sums cancel to about 1e-16 of the
   * mass above ε, the same order as the FFT's round-off.
   */
  static final class DeltaCurve {
    private final double step;
    private final long firstPositive;
    private final double[] massAbove;
    private final double[] weightedAbove;
    private final double infinite;
    private final double maxLoss;

    private DeltaCurve(PrivacyLossPmf pmf) {
      this.step = pmf.step;
      this.infinite = pmf.infinite;
      this.maxLoss = pmf.maxLoss();
      this.firstPositive = Math.max(pmf.offset, 1);
      int n = (int) Math.max(0, pmf.offset + pmf.mass.length - firstPositive);
      this.massAbove = new double[n + 1];
      this.weightedAbove = new double[n + 1];
      for (int i = n - 1; i >= 0; i--) {
        double m = pmf.mass[(int) (firstPositive + i - pmf.offset)];
        massAbove[i] = massAbove[i + 1] + m;
        weightedAbove[i] = weightedAbove[i + 1] + Math.exp(-(firstPositive + i) * step) * m;
      }
    }

    double at(double epsilon) {
      // the first grid loss strictly above ε
      long first = Math.max(firstPositive, (long) Math.floor(epsilon / step) + 1);
      int i = (int) Math.min(massAbove.length - 1, first - firstPositive);
      double delta = massAbove[i] - Math.exp(epsilon) * weightedAbove[i];
      return Math.min(1, infinite + Math.max(0, delta));
    }

    double maxLoss() {
      return maxLoss;
    }
  }

  /** The largest finite loss with mass. */
  double maxLoss() {
    return (offset + mass.length - 1) * step;
  }

  /** a * b, by FFT for long inputs; negative round-off is set to 0. */
  static double[] linearConvolution(double[] a, double[] b) {
    int n = a.length + b.length - 1;
    double[] out;
    if (Math.min(a.length, b.length) <= DIRECT) {
      out = new double[n];
      for (int i = 0; i < a.length; i++) {
        if (a[i] != 0) {
          for (int j = 0; j < b.length; j++) {
            out[i + j] += a[i] * b[j];
          }
        }
      }
      return out;
    }
    int size = Integer.highestOneBit(n - 1) << 1;
    DoubleFFT_1D fft = new DoubleFFT_1D(size);
    double[] fa = Arrays.copyOf(a, size);
    fft.realForward(fa);
    double[] fb;
    if (a == b) {
      fb = fa;
    } else {
      fb = Arrays.copyOf(b, size);
      fft.realForward(fb);
    }
    // packed layout: [0] = Re(0), [1] = Re(size/2), then (Re, Im) pairs
    double[] product = new double[size];
    product[0] = fa[0] * fb[0];
    product[1] = fa[1] * fb[1];
    for (int k = 2; k < size; k += 2) {
      double re = fa[k] * fb[k] - fa[k + 1] * fb[k + 1];
      double im = fa[k] * fb[k + 1] + fa[k + 1] * fb[k];
      product[k] = re;
      product[k + 1] = im;
    }
    fft.realInverse(product, true);
    out = Arrays.copyOf(product, n);
    for (int i = 0; i < n; i++) {
      if (out[i] < 0) {
        out[i] = 0;
      }
    }
    return out;
  }
}
