package io.pais.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Norms that neither overflow nor underflow agree with the naive formula where it is exact enough. */
class NormsTest {

  @Test
  void matchesTheNaiveNormInTheSafeRange() {
    SplittableRandom random = new SplittableRandom(3);
    for (int trial = 0; trial < 1000; trial++) {
      double[] x = new double[1 + random.nextInt(40)];
      double[] y = new double[x.length];
      double s = 0;
      double sd = 0;
      for (int i = 0; i < x.length; i++) {
        x[i] = random.nextGaussian() * 100;
        y[i] = random.nextGaussian();
        s += x[i] * x[i];
        sd += (x[i] - y[i]) * (x[i] - y[i]);
      }
      assertEquals(Math.sqrt(s), Norms.l2(x), 1e-14 * Math.sqrt(s));
      assertEquals(Math.sqrt(sd), Norms.l2Distance(x, y), 1e-14 * Math.sqrt(sd));
    }
  }

  @Test
  void hugeAndTinyCoordinatesKeepTheirScale() {
    assertEquals(Math.sqrt(2) * 1e200, Norms.l2(new double[] {1e200, -1e200}), 1e186);
    assertEquals(5e300, Norms.l2(new double[] {3e300, 4e300}), 1e286);
    assertEquals(5e-200, Norms.l2(new double[] {3e-200, 4e-200}), 1e-214);
    assertEquals(Math.hypot(Double.MIN_VALUE, Double.MIN_VALUE), Norms.l2(new double[] {Double.MIN_VALUE,
        Double.MIN_VALUE}));
    assertEquals(0.0, Norms.l2(new double[] {0, -0.0}));
    assertEquals(5e200, Norms.l2Distance(new double[] {3e200, 1}, new double[] {0, 1 - 4e200}), 1e186);
    assertEquals(Double.POSITIVE_INFINITY, Norms.l2Distance(new double[] {1.5e308}, new double[] {-1.5e308}));
  }
}
