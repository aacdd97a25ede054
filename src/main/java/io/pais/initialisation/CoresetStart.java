package io.pais.initialisation;

import io.pais.lloyd.CentreClips;
import io.pais.lloyd.CentreWeights;
import io.pais.lloyd.SampleBlock;
import io.pais.math.Checks;

/**
 * What the private coreset releases: the k initial centres (k × d row-major, prepared coordinates) and the weighted
 * coreset they were fitted to (its points clamped into their cells, weighted by their noisy counts), which DP-Lloyd
 * re-seeds dead centres from. Both are DP outputs of the coreset's recorded share.
 *
 * @param centres the initial centres
 * @param coreset the kept regions' points and noisy counts (fewer than k when the fallback filled the rest), then the
 *     heavy bands of the tail axes when they ran: the pool DP-Lloyd re-seeds from
 * @param cellMiddles whether the regions' points are a grid's cell middles (public points, a coreset in few
 *     dimensions) rather than noisy means of the points in them: a start then sits up to half a cell from its data
 * @param centreClips what the grid's kept cells say of each centre's clip ({@link CentreClips#none()} where no grid
 *     ran)
 */
public record CoresetStart(double[] centres, SampleBlock coreset, boolean cellMiddles, CentreClips centreClips) {
  public CoresetStart {
    Checks.notNull("centres", centres);
    Checks.notNull("coreset", coreset);
    Checks.notNull("centreClips", centreClips);
  }

  /** The coreset's weight nearest each of the k start centres (post-processing of the coreset's noisy counts). */
  public double[] centreWeights(int k) {
    return CentreWeights.of(coreset, centres, k);
  }
}
