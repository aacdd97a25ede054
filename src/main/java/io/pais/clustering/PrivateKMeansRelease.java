package io.pais.clustering;

import io.pais.planning.ReleaseStages;
import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.KSelection;
import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.accounting.PrivacyReport;
import io.pais.accounting.TrainingSummary;
import io.pais.estimation.ElbowRule;
import io.pais.io.Points;
import io.pais.settings.KMeansSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The release the settings ask for, as the job and the Estimator run it: one {@link PrivateKMeansEngine} run when k
 * is given; with k candidates, a private choice of k first. Each candidate is a strict release of its own on an even
 * split of the selection's share of ε ({@link BudgetAllocation#perCandidate}), scored by its DP training cost (its
 * centres are not released); {@link ElbowRule} picks one from the costs (post-processing), and the release with the
 * chosen k runs on the rest of ε, its ledger holding one entry per candidate before its own stages. Basic
 * composition: the candidates and the release together spend at most ε.
 */
public final class PrivateKMeansRelease {
  private PrivateKMeansRelease() {}

  /** Runs the release; {@code evaluate} as {@link PrivateKMeansEngine#fit} (paper mode only). */
  public static ClusteringResult fit(KMeansSettings settings, Points points, Consumer<String> log,
      StageListener stages, boolean evaluate) {
    if (settings.kCandidates().isEmpty()) {
      return new PrivateKMeansEngine(settings, log, stages).fit(points, evaluate);
    }
    long start = System.nanoTime();
    List<Integer> ks = settings.kCandidates();
    double epsilon = ReleaseStages.allocation(settings).perCandidate(ks.size());
    List<LedgerEntry> entries = new ArrayList<>();
    List<KSelection.Candidate> candidates = new ArrayList<>();
    for (int k : ks) {
      PrivacyReport report = new PrivateKMeansEngine(settings.candidate(k, epsilon), log, stages)
          .fit(points, false).report();
      TrainingSummary summary = report.trainingSummary();
      candidates.add(new KSelection.Candidate(k, report.epsilon(), summary.trainingCost(),
          summary.costStandardDeviation()));
      entries.add(new LedgerEntry(LedgerStage.K_SELECTION, String.format(Locale.ROOT, "candidate k = %d: a strict "
          + "release of its own (%s), its centres not released", k, String.join(", ", report.ledger().stream()
              .map(e -> e.stage().label()).toList())), report.epsilon(), report.delta(), "those of its stages",
          String.format(Locale.ROOT, "its DP training cost's deviation %.6g", summary.costStandardDeviation()),
          "candidate k = " + k + "'s DP training cost"));
      log.accept(String.format(Locale.ROOT, "k selection: candidate k = %d, DP training cost %.6g (sd %.3g)", k,
          summary.trainingCost(), summary.costStandardDeviation()));
    }
    int[] sorted = ks.stream().mapToInt(Integer::intValue).toArray();
    double[] costs = candidates.stream().mapToDouble(KSelection.Candidate::cost).toArray();
    int chosen = sorted[ElbowRule.choose(sorted, costs)];
    log.accept("k selection: k = " + chosen + " chosen by the elbow rule");
    double selectionSeconds = (System.nanoTime() - start) / 1e9;
    ClusteringResult release = PrivateKMeansEngine.afterSelection(settings.chosen(chosen), log, stages, entries,
        new KSelection(candidates, chosen, ElbowRule.describe())).fit(points, evaluate);
    Map<String, Double> seconds = new LinkedHashMap<>();
    seconds.put("k selection (" + ks.size() + " candidates)", selectionSeconds);
    seconds.putAll(release.stageSeconds());
    return new ClusteringResult(release.centres(), release.report(), seconds, release.cost());
  }
}
