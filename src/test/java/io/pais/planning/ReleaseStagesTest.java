package io.pais.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.BudgetAllocation;
import io.pais.accounting.InitShare;
import io.pais.sampling.Sampler;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Setting;
import io.pais.settings.SettingsBuilder;
import io.pais.settings.Outliers;
import io.pais.settings.SampleSize;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which stages a release runs and their shares of ε, from the settings alone: no Spark, no data. */
class ReleaseStagesTest {

  private static SettingsBuilder strict() {
    return KMeansSettings.builder().strict(10).k(5).epsilon(2);
  }

  @Test
  void theNormHistogramRunsWhenSomethingNeedsRorItsSummary() {
    assertTrue(ReleaseStages.needsNormHistogram(strict().build()), "r unknown");
    KMeansSettings known = strict().normBound(3.0).iterations(Iterations.fixed(5)).sampler(Sampler.FULL)
        .initialisation(Initialisation.RANDOM_BALL).build();
    assertFalse(ReleaseStages.needsNormHistogram(known), "r public, full data, T fixed, a start that reads nothing");
    assertTrue(ReleaseStages.needsNormHistogram(strict().normBound(3.0).sampler(Sampler.FULL)
        .initialisation(Initialisation.RANDOM_BALL).build()), "iterations auto weighs a cluster at n/k");
    assertTrue(ReleaseStages.needsNormHistogram(strict().normBound(3.0).iterations(Iterations.fixed(5))
        .initialisation(Initialisation.RANDOM_BALL).sampleSize(new SampleSize.Count(100)).build()),
        "opt at a count needs n");
  }

  @Test
  void theAllocationGivesEachRunningStageItsShareAndDpLloydTheRest() {
    KMeansSettings settings = strict().shares(0.05, 0.05, InitShare.fixed(0.2)).value(Setting.BUDGET_SUMMARY, 0.05)
        .build();
    BudgetAllocation before = ReleaseStages.allocation(settings);
    assertEquals(2 * 0.05, before.centre(), 1e-15);
    assertEquals(2 * 0.05, before.histogram(), 1e-15);
    assertTrue(before.initialisation().runs() && before.initialisation().tailAxes(), "the default start: a coreset "
        + "with its tail axes");
    assertTrue(before.lloyd() > 0 && before.lloyd() < 2 * (1 - 0.35), "the rest: " + before.lloyd());
    BudgetAllocation publicCentre = ReleaseStages.allocation(strict().centre(new double[] {0, 0}).build());
    assertEquals(0, publicCentre.centre(), "a public centre: no DP centre");
    BudgetAllocation atScale = ReleaseStages.allocation(strict().build(), 10 * 5 * 2 / 2.0, 2);
    assertFalse(atScale.initialisation().runs(), "auto: no coreset below 25 points per cell and epsilon (n eps / "
        + "(k d) = 10)");
    assertEquals(2, ReleaseStages.allocation(KMeansSettings.builder().paper().epsilon(2).build()).lloyd(),
        "paper mode: DP-Lloyd is the only stage");
  }

  @Test
  void tailAxesCountOnlyForAProjectingCoresetWithoutAChoiceOfK() {
    assertTrue(ReleaseStages.tailAxes(strict().build(), Optional.empty()));
    assertTrue(ReleaseStages.tailAxes(strict().build(), Optional.of(BudgetAllocation.CoresetShares
        .TAIL_AXES_MAX_DIMENSION)));
    assertFalse(ReleaseStages.tailAxes(strict().build(), Optional.of(BudgetAllocation.CoresetShares
        .TAIL_AXES_MAX_DIMENSION + 1)));
    assertFalse(ReleaseStages.tailAxes(strict().outliers(Outliers.DROP).build(), Optional.empty()), "dropped: no tail");
    assertFalse(ReleaseStages.tailAxes(strict().kCandidates(List.of(4, 6)).build(), Optional.empty()));
    assertFalse(ReleaseStages.tailAxes(strict().initialisation(Initialisation.RANDOM_BALL).build(), Optional.empty()));
    assertFalse(ReleaseStages.tailAxes(KMeansSettings.builder().paper().build(), Optional.empty()));
  }
}
