package io.pais.initialisation;

import io.pais.lloyd.SampleBlock;
import io.pais.io.InputException;
import io.pais.noise.SumNoise;
import io.pais.privacy.Geometry;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/** Initial centres (SPEC §9), k × d row-major. */
public final class InitialCentres {
  private InitialCentres() {}

  /** k points uniform in the ball of radius r of the geometry: reads no data, so it costs no privacy. */
  public static double[] randomBall(int k, int d, double radius, Geometry geometry, UniformRandomProvider rng) {
    double[] out = new double[k * d];
    SumNoise direction = SumNoise.of(geometry, d, 1.0);
    for (int j = 0; j < k; j++) {
      double[] g = direction.sample(rng);
      double norm = geometry.norm(g);
      double scale = radius * Math.pow(rng.nextDouble(), 1.0 / d) / norm;
      for (int t = 0; t < d; t++) {
        out[j * d + t] = g[t] * scale;
      }
    }
    return out;
  }

  /**
   * The typical box start's norm as a share of the data's typical norm (a utility constant of the start, which spends
   * no ε): on the four generalisation cells where it acts (docs/results/history.md, "A start in the box's shape and
   * dead centres that split"), shares from 0.02 to 0.4 gave the same medians within their spread over 51 seeds, and 0.5
   * to 1 worse over 5 to 7; a small share makes the first step's cells cones through the DP centre, which a far-out
   * start does not.
   */
  public static final double TYPICAL_BOX_SHARE = 0.25;

  /**
   * k points uniform in the box Π [−s·a_j, s·a_j], the public box's half-widths a_j scaled so that the box's typical
   * norm — the mean norm in ℓ1, the root mean square in ℓ2, as {@link #typicalRadius} reads x̃ — is
   * {@value #TYPICAL_BOX_SHARE} of {@code typical}, and never wider than that share of the public box: the public
   * box's shape at the data's scale. Reads no data (the half-widths are public, {@code typical} a DP estimate).
   */
  public static double[] typicalBox(int k, double[] halfWidths, double typical, Geometry geometry,
      UniformRandomProvider rng) {
    int d = halfWidths.length;
    double boxNorm = 0;
    for (double a : halfWidths) {
      boxNorm += geometry == Geometry.L2 ? a * a / 3 : a / 2;
    }
    boxNorm = geometry == Geometry.L2 ? Math.sqrt(boxNorm) : boxNorm;
    double scale = TYPICAL_BOX_SHARE * (boxNorm > 0 ? Math.min(1, typical / boxNorm) : 0);
    double[] out = new double[k * d];
    for (int j = 0; j < k; j++) {
      for (int t = 0; t < d; t++) {
        out[j * d + t] = scale * halfWidths[t] * (2 * rng.nextDouble() - 1);
      }
    }
    return out;
  }

  /** Rejections in a row after which sphere packing halves its radius. */
  private static final int PACKING_ATTEMPTS = 100;

  /**
   * Su et al.'s sphere packing (2016, as diffprivlib does it in a box), here in the ball of radius r: with a packing
   * radius a, draw centres uniform in the ball of radius r − a and keep one only when it lies at least 2a from every
   * centre kept so far; after {@value #PACKING_ATTEMPTS} rejections in a row start again with a/2. a starts at r/2,
   * so the result is spread about as far apart as k balls in the ball allow. Reads no data.
   */
  public static double[] spherePacking(int k, int d, double radius, Geometry geometry, UniformRandomProvider rng) {
    for (double a = radius / 2; ; a /= 2) {
      double[] out = new double[k * d];
      int placed = 0;
      for (int rejections = 0; placed < k && rejections < PACKING_ATTEMPTS; ) {
        double[] candidate = randomBall(1, d, radius - a, geometry, rng);
        if (apartFromAll(out, placed, candidate, 2 * a, geometry)) {
          System.arraycopy(candidate, 0, out, placed * d, d);
          placed++;
          rejections = 0;
        } else {
          rejections++;
        }
      }
      // as a falls towards 0 every candidate is kept (draws from a continuous law differ almost surely)
      if (placed == k) {
        return out;
      }
    }
  }

  private static boolean apartFromAll(double[] centres, int count, double[] candidate, double distance,
      Geometry geometry) {
    int d = candidate.length;
    double[] difference = new double[d];
    for (int j = 0; j < count; j++) {
      for (int t = 0; t < d; t++) {
        difference[t] = centres[j * d + t] - candidate[t];
      }
      if (geometry.norm(difference) < distance) {
        return false;
      }
    }
    return true;
  }

  /**
   * The radius of {@link io.pais.settings.Initialisation#SCALED_BALL}: sqrt(x̃) in ℓ2 (x̃ the mean squared norm), x̃ in
   * ℓ1 (the mean norm), at most r.
   */
  public static double typicalRadius(double meanNormStatistic, double radius, Geometry geometry) {
    double typical = geometry == Geometry.L2 ? Math.sqrt(Math.max(meanNormStatistic, 0)) : meanNormStatistic;
    return Math.min(Math.max(typical, 0), radius);
  }

  /** k distinct random rows of in-memory sample blocks, as the paper initialises (NOT private). */
  public static double[] samplePoints(List<SampleBlock> sample, int k, int d, UniformRandomProvider rng) {
    int total = sample.stream().mapToInt(SampleBlock::rows).sum();
    if (total < k) {
      throw new InputException("sample-points initialisation needs k = " + k + " sampled points");
    }
    // a partial Fisher-Yates shuffle of row indices picks k distinct rows
    int[] index = new int[total];
    for (int i = 0; i < total; i++) {
      index[i] = i;
    }
    double[] out = new double[k * d];
    for (int j = 0; j < k; j++) {
      int pick = j + rng.nextInt(total - j);
      int row = index[pick];
      index[pick] = index[j];
      index[j] = row;
      for (SampleBlock block : sample) {
        if (row < block.rows()) {
          block.copyRow(row, out, j * d);
          break;
        }
        row -= block.rows();
      }
    }
    return out;
  }
}
