package io.pais.job;

import io.pais.accounting.BudgetPerCentre;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.TrainingSummary;
import io.pais.clustering.ClusteringResult;
import io.pais.privacy.Seed;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job's summary on the console after a release: the operator's view, at the data's trust level (timings grow
 * with n and the sample size, so they go to the console and the log, never into the release).
 */
final class ConsoleSummary {
  /** Stage boundaries and timings: to the log file only (the terminal shows them once, in the summary). */
  private static final Logger STAGES = LoggerFactory.getLogger("pais.stages");

  private ConsoleSummary() {}

  /** Noisy sizes, rounded for the terminal (the report holds them in full). */
  private static String sizes(List<Double> sizes) {
    return sizes.stream().map(v -> String.format(Locale.ROOT, "%.0f", v))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  /** What the console shows once the release is written: its guarantee, ledger, plan, summary and timings. */
  static void print(PrintStream out, String output, ClusteringResult result, double writeSeconds, double total,
      boolean evaluate) {
    PrivacyReport r = result.report();
    out.printf(Locale.ROOT, "pais: %d centres written to %s%n", result.centres().length, output);
    String delta = r.delta() == 0 ? "" : String.format(Locale.ROOT, ", delta = %.3g", r.delta());
    out.printf(Locale.ROOT, "  guarantee     epsilon = %.6g%s, %s, %s (%s)%n", r.epsilon(), delta, r.isStrictRelease()
        ? "end to end (strict)" : "paper mode: conditioned on data-derived constants", r.relation().description(),
        r.guaranteeMethod());
    if (!r.accountant().isEmpty()) {
      out.printf(Locale.ROOT, "  accountant    %s%n", r.accountant());
    }
    for (LedgerEntry e : r.ledger()) {
      out.printf(Locale.ROOT, "  ledger        %-15s epsilon = %.6g%s  (%s)%n", e.stage().label(), e.epsilon(),
          e.delta() == 0 ? "" : String.format(Locale.ROOT, ", delta = %.3g", e.delta()), e.released());
    }
    out.printf(Locale.ROOT, "  sampler       %s, expected sample size m = %s, geometry %s, T = %d%n",
        r.sampler().id(), Double.isNaN(r.expectedSampleSize()) ? "a fraction of n (n not estimated)"
            : String.format(Locale.ROOT, "%.1f", r.expectedSampleSize()), r.geometry().name().toLowerCase(Locale.ROOT),
        r.iterations());
    r.statistics().stream().filter(s -> s.name().equals(BudgetPerCentre.STATISTIC)).findFirst()
        .map(s -> new BudgetPerCentre(s.value())).filter(BudgetPerCentre::isLittle)
        .ifPresent(b -> out.printf(Locale.ROOT, "  budget        %s%n", b.advice(r.epsilon(), r.k(), r.dimension())));
    if (Double.isNaN(r.noiseKnob())) {
      out.printf(Locale.ROOT, "  noise         Gaussian, sigmaSum = %.6g, sigmaCount = %.6g%n", r.betaSum(),
          r.betaCount());
    } else {
      out.printf(Locale.ROOT, "  noise         B = %.6g, betaSum = %.6g, betaCount = %.6g%n", r.noiseKnob(),
          r.betaSum(), r.betaCount());
    }
    if (r.kSelection() != null) {
      for (KSelection.Candidate c : r.kSelection().candidates()) {
        out.printf(Locale.ROOT, "  k selection   k = %-4d DP training cost %.6g (sd %.3g), epsilon = %.6g%s%n", c.k(),
            c.cost(), c.costStandardDeviation(), c.epsilon(), c.k() == r.kSelection().chosen() ? "  <- chosen" : "");
      }
    }
    TrainingSummary summary = r.trainingSummary();
    if (summary != null) {
      out.printf(Locale.ROOT, "  summary       training cost %.6g (sd %.3g), cluster sizes %s (sd %.3g each): DP, "
          + "epsilon = %.6g%n", summary.trainingCost(), summary.costStandardDeviation(), sizes(summary.clusterSizes()),
          summary.sizeStandardDeviation(), summary.epsilon());
    }
    if (!r.coversEverything()) {
      out.printf(Locale.ROOT, "  caveat        %d statistic(s) taken from the data without privacy; see "
          + "privacy-report.json%n", r.dataDerivedStatistics().size());
    }
    if (r.seeded()) {
      out.printf(Locale.ROOT, "  seeded        yes, a %d-bit seed: %s%n", r.seedBits(), r.seedBits() < Seed.SECRET_BITS
          ? "reproducible run, not a private release (a seed shorter than " + Seed.SECRET_BITS + " bits can be guessed)"
          : "private only while the seed stays secret");
    }
    // timings grow with n and the realised sample size: the operator's console and log get them, the release not
    Map<String, Double> seconds = new LinkedHashMap<>(result.stageSeconds());
    seconds.put("write output", writeSeconds);
    seconds.put("total", total);
    seconds.forEach((stage, s) -> {
      out.printf(Locale.ROOT, "  time          %-26s %8.2f s%n", stage, s);
      STAGES.info(String.format(Locale.ROOT, "time %s: %.2f s", stage, s));
    });
    if (evaluate) {
      out.printf(Locale.ROOT, "  cost          %.6g (NOT private: evaluation on the full data)%n", result.cost());
    }
    out.printf(Locale.ROOT, "  outputs       %s/{centers.csv,centers.json,privacy-report.json,run.json}%n", output);
  }
}
