package io.pais.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pais.sampling.Sampler;
import org.junit.jupiter.api.Test;

/** Noise seeds depend on the configuration's values only, so a sweep reproduces in another JVM. */
class SweepSeedTest {

  @Test
  void noiseSeedIsAFixedFunctionOfTheConfiguration() {
    Sweep.Config c = new Sweep.Config(Protocol.PAPER, NoiseMode.GAMMA, Sampler.OPT, 975, 3.0);
    // a constant: an identity-based hash code (an enum's, say) would differ from JVM to JVM
    long expected = 7;
    expected = 31 * expected + 0;
    expected = 31 * expected + 0;
    expected = 31 * expected + 2;
    expected = 31 * expected + Double.doubleToLongBits(975.0);
    expected = 31 * expected + Double.doubleToLongBits(3.0);
    assertEquals(expected ^ 0x5DEECE66DL, Sweep.noiseSeed(c, 7));
    assertNotEquals(Sweep.noiseSeed(c, 7), Sweep.noiseSeed(c, 8));
    assertNotEquals(Sweep.noiseSeed(c, 7),
        Sweep.noiseSeed(new Sweep.Config(Protocol.PRODUCT, NoiseMode.GAMMA, Sampler.OPT, 975, 3.0), 7));
  }
}
