package io.pais.sampling;

import io.pais.math.Checks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Balls of several colours, colour i with {@code weights[i]} balls, drawn one at a time uniformly over the balls:
 * the draws' counts per colour are multinomial (with replacement) or multivariate hypergeometric (without). Exact:
 * each draw is one bounded integer, {@link UniformRandomProvider#nextLong(long)}, located among the colours by a
 * Fenwick tree; time O(draws · log colours), memory O(colours) whatever the number of draws.
 */
final class Urn {
  /** Fenwick tree over the weights: tree[i] holds the sum of the weights in (i − lowbit(i), i], 1-based. */
  private final long[] tree;
  private final int top;
  private long total;

  private Urn(long[] weights) {
    tree = new long[weights.length + 1];
    for (int i = 0; i < weights.length; i++) {
      Checks.require(weights[i] >= 0, "a colour's ball count must be at least 0, got " + weights[i]);
      total = Math.addExact(total, weights[i]);
      int node = i + 1;
      tree[node] += weights[i];
      int parent = node + (node & -node);
      if (parent < tree.length) {
        tree[parent] += tree[node];
      }
    }
    top = Integer.highestOneBit(Math.max(1, weights.length));
  }

  /** The counts per colour of {@code draws} draws with replacement. */
  static long[] withReplacement(long[] weights, long draws, UniformRandomProvider random) {
    return draw(weights, draws, false, random);
  }

  /** The counts per colour of {@code draws} draws without replacement (at most the number of balls). */
  static long[] withoutReplacement(long[] weights, long draws, UniformRandomProvider random) {
    return draw(weights, draws, true, random);
  }

  private static long[] draw(long[] weights, long draws, boolean remove, UniformRandomProvider random) {
    Checks.require(draws >= 0, "draws must be at least 0, got " + draws);
    Urn urn = new Urn(weights);
    Checks.require(draws == 0 || urn.total > 0, "draws from an empty urn");
    Checks.require(!remove || draws <= urn.total, "draws without replacement must be at most the " + urn.total
        + " balls, got " + draws);
    long[] counts = new long[weights.length];
    for (long i = 0; i < draws; i++) {
      int colour = urn.colourOf(random.nextLong(urn.total));
      counts[colour]++;
      if (remove) {
        urn.removeOne(colour);
      }
    }
    return counts;
  }

  /** The colour of ball {@code ball} (0 ≤ ball &lt; total), balls ordered by colour. */
  private int colourOf(long ball) {
    int node = 0;
    long rest = ball;
    for (int step = top; step > 0; step >>= 1) {
      int next = node + step;
      if (next < tree.length && tree[next] <= rest) {
        node = next;
        rest -= tree[next];
      }
    }
    return node; // the 1-based node past the prefix, i.e. the 0-based colour
  }

  private void removeOne(int colour) {
    for (int node = colour + 1; node < tree.length; node += node & -node) {
      tree[node]--;
    }
    total--;
  }
}
