package io.pais.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/** The per-record coin is deterministic and uniform (KS, false-failure rate 1e-3 over seeds; seed fixed). */
class RecordCoinTest {

  @Test
  void deterministicAndUniformAcrossKeysOfEveryKind() {
    assertEquals(RecordCoin.uniform(7, SamplingKeys.fileLine(3, 12345)), RecordCoin.uniform(7, SamplingKeys.fileLine(3, 12345)));
    double[] alongPositions = new double[20_000];
    double[] acrossPartitions = new double[20_000];
    for (int i = 0; i < alongPositions.length; i++) {
      alongPositions[i] = RecordCoin.uniform(42, SamplingKeys.textOffset(i));
      acrossPartitions[i] = RecordCoin.uniform(42, SamplingKeys.partitionPosition(i, 0));
    }
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    UniformRealDistribution uniform = new UniformRealDistribution(0, 1);
    assertTrue(ks.kolmogorovSmirnovTest(uniform, alongPositions) > 1e-3);
    assertTrue(ks.kolmogorovSmirnovTest(uniform, acrossPartitions) > 1e-3);
    // and the test has power: a skewed coin is rejected
    double[] skewed = alongPositions.clone();
    for (int i = 0; i < skewed.length; i++) {
      skewed[i] = skewed[i] * skewed[i];
    }
    assertTrue(ks.kolmogorovSmirnovTest(uniform, skewed) < 1e-3);
  }
}
