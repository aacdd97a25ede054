package io.pais.preprocessing;

import io.pais.sampling.KeyedPoint;
import io.pais.privacy.Geometry;
import java.util.List;

/** A raw point clipped as a strict release caches it ({@link ClippedBlock}) and read back as every pass reads it. */
final class ClippedPoints {
  private ClippedPoints() {}

  static double[] clip(double[] x, double[] origin, double inner, Geometry geometry) {
    ClippedBlock block = ClippedBlock.pack(List.of(new KeyedPoint(0, x)).iterator(), x.length, origin, inner,
        geometry).next();
    double[] out = new double[x.length];
    for (int t = 0; t < x.length; t++) {
      out[t] = block.coordinate(0, t, origin);
    }
    return out;
  }
}
