package io.pais.clustering;

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
          System.arraycopy(block.values(), row * d, out, j * d, d);
          break;
        }
        row -= block.rows();
      }
    }
    return out;
  }
}
