package io.pais.accounting;

import io.pais.math.Checks;
import java.util.Locale;

/**
 * n̂·ε/(k·d): the points per centre and coordinate per unit of ε, which sets how far DP-Lloyd's noisy means fall
 * from the clusters' (the noise of a centre's d coordinates against its n̂/k points). A function of a DP estimate and
 * public settings, so the report may publish it and the plan may follow it.
 *
 * @param value n̂·ε/(k·d)
 */
public record BudgetPerCentre(double value) {
  /** The report's statistic. */
  public static final String STATISTIC = "budgetPerCentre";
  /**
   * Below it the budget is little for k centres in d dimensions: on the generalisation benchmark at ε = 1 every
   * method's median cost sat at 1.1–26 times the non-private optimum there, against 1.0–3.4 for pais from 55 on
   * (docs/results/generalisation.md, "Generalisation"). A report threshold only: it changes no release.
   */
  public static final double LITTLE_BELOW = 50;

  public BudgetPerCentre {
    Checks.nonNegative("budget per centre", value);
  }

  /** n̂·ε/(k·d). */
  public static BudgetPerCentre of(double pointCount, double epsilon, int k, int dimension) {
    Checks.nonNegative("pointCount", pointCount);
    Checks.positive("epsilon", epsilon);
    Checks.positive("k", k);
    Checks.positive("dimension", dimension);
    return new BudgetPerCentre(pointCount * epsilon / ((double) k * dimension));
  }

  public boolean isLittle() {
    return value < LITTLE_BELOW;
  }

  /**
   * What would bring a release of k centres in d dimensions at ε to {@link #LITTLE_BELOW}: the ε, the k or the d
   * with the others held (one line, no data: the figures follow from the DP value and public settings).
   */
  public String advice(double epsilon, int k, int dimension) {
    double factor = LITTLE_BELOW / Math.max(value, Double.MIN_NORMAL);
    int fewerK = (int) Math.floor(k / factor);
    int fewerD = (int) Math.floor(dimension / factor);
    return String.format(Locale.ROOT, "n eps/(k d) is about %.3g, below %.0f: little budget for %d centres in %d "
        + "dimensions (expect a cost several times the non-private optimum); epsilon %.3g%s%s would reach %.0f",
        value, LITTLE_BELOW, k, dimension, epsilon * factor, fewerK >= 1 ? ", or k <= " + fewerK : "",
        fewerD >= 1 ? ", or d <= " + fewerD : "", LITTLE_BELOW);
  }
}
