package io.pais.estimation;

import io.pais.math.Checks;
import java.util.Locale;

/**
 * How a private choice of k picks among its candidates from their DP training costs (post-processing: it reads
 * nothing else). Candidates are taken in increasing k; the relative gain of a step from k_i to k_{i+1} per added
 * centre is g_i = (c_i − c_{i+1}) / (c_i · (k_{i+1} − k_i)). The rule picks the smallest k_i whose next step gains less
 * than {@link #MIN_GAIN} per added centre (the cost has flattened: an elbow), and the largest candidate when every
 * step gains more. A noisy cost that rises from one candidate to the next is a gain below the threshold, so noise
 * stops the search early rather than pushing it to a larger k.
 */
public final class ElbowRule {
  /** The relative cost reduction per added centre below which a larger k is not worth it: 5 %. */
  public static final double MIN_GAIN = 0.05;

  private ElbowRule() {}

  /** The rule in words, for reports. */
  public static String describe() {
    return String.format(Locale.ROOT, "the smallest candidate k whose step to the next candidate lowers the DP "
        + "training cost by less than %.0f%% per added centre (the largest candidate if every step gains more)",
        100 * MIN_GAIN);
  }

  /**
   * The index of the chosen candidate.
   *
   * @param ks the candidates, strictly increasing
   * @param costs their training costs (DP, or exact for the non-private reference), finite and >= 0
   */
  public static int choose(int[] ks, double[] costs) {
    Checks.require(ks.length >= 1 && ks.length == costs.length, "one cost per candidate, got " + ks.length
        + " candidates and " + costs.length + " costs");
    for (int i = 0; i < ks.length; i++) {
      Checks.nonNegative("training cost of candidate k = " + ks[i], costs[i]);
      Checks.require(i == 0 || ks[i] > ks[i - 1], "candidates must increase, got " + ks[Math.max(0, i - 1)]
          + " then " + ks[i]);
    }
    for (int i = 0; i + 1 < ks.length; i++) {
      double gain = costs[i] == 0 ? 0 : (costs[i] - costs[i + 1]) / (costs[i] * (ks[i + 1] - ks[i]));
      if (gain < MIN_GAIN) {
        return i;
      }
    }
    return ks.length - 1;
  }
}
