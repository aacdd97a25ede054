package io.pais.estimation;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.math.Checks;
import io.pais.noise.LatticeLaplace;
import io.pais.noise.LatticeNoise;
import io.pais.noise.LatticeSumNoise;
import io.pais.privacy.Geometry;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Per-coordinate DP means and standard deviations of points in a public box, for a private scaler (issue 50): three
 * mechanisms on the statistics of {@link BoxMoments}, each spending its share of ε in the ledger.
 * <ul>
 *   <li>the count n, sensitivity 1: discrete Laplace at 1/ε_n;</li>
 *   <li>the sums (Σ z_j)_j, ℓ1 sensitivity d (each |z_j| ≤ 1): discrete Laplace per coordinate at d/ε_s;</li>
 *   <li>the centred squares (Σ (z_j² − ½))_j, ℓ1 sensitivity d/2 (each z_j² − ½ in [−½, ½]; centring halves the
 *   noise of Σ z_j²): discrete Laplace per coordinate at (d/2)/ε_q.</li>
 * </ul>
 * Then, as post-processing, mean_z = clamp(S/n̂, ±1) and var_z = clamp((Q + n̂/2)/n̂ − mean_z², 0, 1), mapped back to
 * the data's units. The shares are ∝ Δ^(2/3) (1 : d^(2/3) : (d/2)^(2/3)), which minimises the sum of the three
 * noises' relative deviations σ_i/n = √2·Δ_i/(ε_i·n) under Σ ε_i = ε. Guarantees under add/remove one record; the
 * lattices' rounding is paid for by their inflated scales ({@link LatticeNoise}).
 */
public final class PrivateMoments {
  private PrivateMoments() {}

  /**
   * The released moments, in the data's units (DP outputs).
   *
   * @param mean per coordinate, inside the box
   * @param deviation per coordinate, in [0, half the box's width]; empty when only the means were asked for
   * @param count the noisy count the sums were divided by (at least 1)
   */
  public record Estimate(double[] mean, double[] deviation, double count) {
    public Estimate {
      mean = mean.clone();
      deviation = deviation.clone();
    }

    @Override
    public double[] mean() {
      return mean.clone();
    }

    @Override
    public double[] deviation() {
      return deviation.clone();
    }
  }

  /** The shares of ε: count, sums and (when the deviations are released) squares, ∝ Δ^(2/3). */
  static double[] shares(int dimension, boolean deviations) {
    double count = 1;
    double sums = Math.cbrt((double) dimension * dimension);
    double squares = deviations ? Math.cbrt(dimension * (double) dimension / 4) : 0;
    double total = count + sums + squares;
    return new double[] {count / total, sums / total, squares / total};
  }

  /**
   * @param moments the exact statistics (never published)
   * @param deviations whether to release the deviations too (else the whole ε goes to the count and the sums)
   * @param ledger the scaler's own ledger, under add/remove: it spends all that is left in it, the last share being
   *     the exact rest, so the entries compose to the ledger's ε
   */
  public static Estimate release(BoxMoments moments, boolean deviations, PrivacyLedger ledger,
      UniformRandomProvider rng) {
    Checks.notNull("moments", moments);
    Checks.require(ledger.relation() == Relation.ADD_REMOVE, "a private scaler's guarantee is stated under add/remove "
        + "one record, got a ledger under " + ledger.relation().description());
    double epsilon = ledger.remainingEpsilon();
    Checks.positive("epsilon of the scaler", epsilon);
    Checks.finite("epsilon of the scaler", epsilon);
    int d = moments.dimension();
    double[] share = shares(d, deviations);

    double countEpsilon = epsilon * share[0];
    LatticeLaplace countNoise = LatticeNoise.count(1 / countEpsilon);
    ledger.spend(new LedgerEntry(LedgerStage.SCALER_COUNT, "discrete Laplace (on a lattice) on the number of points",
        countEpsilon, 0, "1", String.format(Locale.ROOT, "%.6g", countNoise.scale()), "the count the means divide"));
    double count = Math.max(1, countNoise.release(moments.count(), rng));

    double sumsEpsilon = deviations ? epsilon * share[1] : ledger.remainingEpsilon();
    double[] sums = coordinates(LedgerStage.SCALER_SUMS, "the sums of the coordinates in the box's units",
        moments.sums(), d, sumsEpsilon, ledger, rng, "per-coordinate means");
    double[] mean = new double[d];
    double[] meanUnits = new double[d];
    for (int j = 0; j < d; j++) {
      meanUnits[j] = Math.max(-1, Math.min(1, sums[j] / count));
      mean[j] = moments.midpoint(j) + moments.halfWidth(j) * meanUnits[j];
    }
    if (!deviations) {
      return new Estimate(mean, new double[0], count);
    }
    double[] squares = coordinates(LedgerStage.SCALER_SQUARES, "the sums of the squared coordinates in the box's "
            + "units less 1/2", moments.centredSquares(), d / 2.0, ledger.remainingEpsilon(), ledger, rng,
        "per-coordinate standard deviations");
    double[] deviation = new double[d];
    for (int j = 0; j < d; j++) {
      double variance = (squares[j] + count / 2) / count - meanUnits[j] * meanUnits[j];
      deviation[j] = moments.halfWidth(j) * Math.sqrt(Math.max(0, Math.min(1, variance)));
    }
    return new Estimate(mean, deviation, count);
  }

  /** Discrete Laplace per coordinate at Δ/ε on {@code exact}, ℓ1 sensitivity {@code sensitivity}, in the ledger. */
  private static double[] coordinates(LedgerStage stage, String what, double[] exact, double sensitivity,
      double epsilon, PrivacyLedger ledger, UniformRandomProvider rng, String released) {
    double scale = sensitivity / epsilon;
    LatticeSumNoise noise = LatticeNoise.sum(scale, sensitivity, Geometry.L1, exact.length);
    ledger.spend(new LedgerEntry(stage, "discrete Laplace per coordinate (on a lattice) on " + what, epsilon, 0,
        String.format(Locale.ROOT, "l1 %s", sensitivity), String.format(Locale.ROOT, "%.6g per coordinate", scale),
        released));
    return noise.release(exact, rng);
  }
}
