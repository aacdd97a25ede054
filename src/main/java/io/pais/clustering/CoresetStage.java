package io.pais.clustering;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.accounting.PrivacyLedger;
import io.pais.initialisation.CoresetStart;
import io.pais.initialisation.Initialiser;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.StrictPreprocessor;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The private coreset's stage (init private-coreset): run on its shares when the plan gives it any, else said in the
 * log, its subsample released.
 */
final class CoresetStage {
  private final KMeansSettings settings;
  private final Consumer<String> log;
  private final StageClock clock;
  private final Initialiser initialiser;
  private final PrivacyLedger ledger;

  CoresetStage(KMeansSettings settings, Consumer<String> log, StageClock clock, Initialiser initialiser,
      PrivacyLedger ledger) {
    this.settings = settings;
    this.log = log;
    this.clock = clock;
    this.initialiser = initialiser;
    this.ledger = ledger;
  }

  /**
   * The private coreset of {@code data} ({@code strictResult}: the strict preprocessing's result, null in paper mode), or
   * null when the release starts from no coreset.
   */
  CoresetStart start(PreparedData data, StrictPreprocessor.Result strictResult,
      BudgetAllocation.CoresetShares shares) {
    CoresetStart privateInitial = null;
    if (settings.initialisation() == Initialisation.PRIVATE_CORESET && shares.runs()) {
      long start = clock.begin("private coreset");
      privateInitial = initialiser.privateCoreset(data, strictResult == null ? null
          : strictResult.coresetSubsample(), strictResult == null ? null : strictResult.tailAxes(),
          shares, ledger);
      clock.end("private coreset", start);
    } else if (settings.initialisation() == Initialisation.PRIVATE_CORESET) {
      if (strictResult.coresetSubsample() != null) {
        strictResult.coresetSubsample().close();
      }
      log.accept(String.format(Locale.ROOT, "init: no private coreset below %.0f points per centre and dimension per "
          + "unit of epsilon; k centres at the typical radius (in the public box's shape in l1), DP-Lloyd takes its "
          + "share, and a centre that wins no points splits the heaviest",
          InitShare.Auto.NO_CORESET_BELOW));
    }
    return privateInitial;
  }
}
