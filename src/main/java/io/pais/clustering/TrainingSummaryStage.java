package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.TrainingSummary;
import io.pais.estimation.PrivateTrainingSummary;
import io.pais.lloyd.ClusterCosts;
import io.pais.lloyd.SampleBlocks;
import io.pais.preprocessing.PreparedData;
import io.pais.settings.KMeansSettings;
import org.apache.commons.rng.UniformRandomProvider;

/** The summarise stage: a strict release's private training summary, on its share of ε. */
final class TrainingSummaryStage {
  private final KMeansSettings settings;
  private final StageClock clock;
  private final BudgetAllocation.SummaryShares shares;

  TrainingSummaryStage(KMeansSettings settings, StageClock clock, BudgetAllocation.SummaryShares shares) {
    this.settings = settings;
    this.clock = clock;
    this.shares = shares;
  }

  /**
   * The private training summary of the released {@code centres} (in preprocessed coordinates), recorded in
   * {@code into} and drawn from {@code rng}: one pass over the points DP-Lloyd was trained on — every prepared point,
   * unprojected where DP-Lloyd read them so — for their nearest centres and capped squared distances, released by
   * {@link PrivateTrainingSummary}; null when the summary has no share (paper mode, or a share of 0). Released once
   * per call (the composed audit draws the whole default path many times over).
   */
  TrainingSummary summarise(PreparedRun run, double[] centres, PrivacyLedger into, UniformRandomProvider rng) {
    if (!shares.runs()) {
      return null;
    }
    long start = clock.begin("private summary");
    PreparedData data = run.data();
    double cap = PrivateTrainingSummary.costCap(data.radius(), centres, settings.k());
    SampleBlocks trainingPoints = run.readsUnprojected() ? run.sampleOf(1) : data.allPoints(data.partitions());
    ClusterCosts exact = trainingPoints.clusterCosts(centres, settings.k(), data.dimension(), cap);
    TrainingSummary summary = PrivateTrainingSummary.release(exact.weights(), exact.cost(), cap,
        shares, into, rng);
    clock.end("private summary", start);
    return summary;
  }
}
