package io.pais.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.CopyCounts;
import io.pais.sampling.UniformScheme;
import io.pais.testing.TestVectors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Copy-count laws and Theorem 5 against the independent vectors of ../shared/testvectors/must-amplification-vectors
 * (N = 1000, n₁ = 500, m = 400): every W(k), η and ε′ within 1e-12 relative, δ′ within 1e-12 relative or 1e-10
 * absolute where tiny.
 */
class MustAmplificationTest {
  private static final long N = 1000;
  private static final long N1 = 500;
  private static final long M = 400;
  private static final Map<String, UniformScheme> NAMES = Map.of("Poisson", UniformScheme.POISSON_UNIFORM, "WOR",
      UniformScheme.WOR, "WR", UniformScheme.WR, "MUST.OW", UniformScheme.MUST_OW, "MUST.WO", UniformScheme.MUST_WO,
      "MUST.WW", UniformScheme.MUST_WW);

  private static List<String> vectors() {
    return TestVectors.lines("must-amplification-vectors.txt");
  }

  private static CopyCounts counts(UniformScheme scheme) {
    return CopyCounts.of(scheme, N, N1, M);
  }

  private static void close(double expected, double actual, double relative, double absolute, String what) {
    double err = Math.abs(actual - expected);
    assertTrue(err <= relative * Math.abs(expected) || err <= absolute, what + ": expected " + expected + ", got "
        + actual + " (error " + err + ")");
  }

  @Test
  void copyCountLawsAndEtaMatchTheVectors() {
    int checked = 0;
    for (String line : vectors()) {
      String[] parts = line.trim().split("\\s+");
      if (parts.length < 3 || !NAMES.containsKey(parts[0]) || !parts[1].startsWith("eta=")) {
        continue;
      }
      CopyCounts w = counts(NAMES.get(parts[0]));
      close(Double.parseDouble(parts[1].substring(4)), w.eta(), 1e-12, 0, parts[0] + " eta");
      for (int k = 0; k + 2 < parts.length; k++) {
        String text = k == 0 ? parts[2].substring(2) : parts[k + 2];
        close(Double.parseDouble(text), w.probability(k), 1e-12, 1e-300, parts[0] + " W(" + k + ")");
        checked++;
      }
    }
    assertEquals(6 * 7, checked);
  }

  @Test
  void theoremFiveMatchesTheVectors() {
    GroupProfile profile = null;
    double theta = 0;
    double epsilon = 0;
    int checked = 0;
    for (String line : vectors()) {
      if (line.startsWith("Laplace theta=") || line.startsWith("Gaussian theta=")) {
        profile = line.startsWith("Laplace") ? GroupProfile.LAPLACE : GroupProfile.GAUSSIAN;
        theta = TestVectors.after(line, "theta=");
        epsilon = TestVectors.after(line, " eps=");
        close(TestVectors.after(line, "base_delta="), profile.delta(1, theta, epsilon), 1e-12, 1e-10,
            line + ": base delta");
        continue;
      }
      String[] parts = line.trim().split("\\s+");
      if (profile == null || parts.length != 3 || !NAMES.containsKey(parts[0]) || !parts[1].startsWith("eps'=")) {
        continue;
      }
      MustAmplification.Amplified a = MustAmplification.amplify(counts(NAMES.get(parts[0])), profile, theta,
          epsilon);
      String what = profile + " theta=" + theta + " eps=" + epsilon + " " + parts[0];
      close(Double.parseDouble(parts[1].substring(5)), a.epsilon(), 1e-12, 0, what + " eps'");
      close(Double.parseDouble(parts[2].substring(7)), a.delta(), 1e-12, 1e-10, what + " delta'");
      checked++;
    }
    assertEquals(4 * 6 * 6, checked);
  }

  @Test
  void mustWoEqualsWr() {
    for (long[] nm : new long[][] {{1000, 500, 400}, {10, 10, 10}, {1_000_000, 50_000, 20_000}}) {
      CopyCounts wo = CopyCounts.of(UniformScheme.MUST_WO, nm[0], nm[1], nm[2]);
      CopyCounts wr = CopyCounts.of(UniformScheme.WR, nm[0], nm[1], nm[2]);
      assertEquals(wr.eta(), wo.eta());
      for (int k = 0; k <= wr.maxCount(); k++) {
        assertEquals(wr.probability(k), wo.probability(k));
      }
    }
  }

  @Test
  void lawsSumToOneAtLargeSizes() {
    for (UniformScheme scheme : UniformScheme.values()) {
      CopyCounts w = CopyCounts.of(scheme, 100_000_000L, 5_000_000L, 2_000_000L);
      double total = w.tail();
      for (int k = 0; k <= w.maxCount(); k++) {
        total += w.probability(k);
      }
      assertEquals(1, total, 1e-9, scheme.id());
      assertEquals(1 - w.probability(0), w.eta(), 1e-9, scheme.id());
    }
  }

  @Test
  void parametersAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> CopyCounts.of(UniformScheme.WOR, 10, 0, 11));
    assertThrows(IllegalArgumentException.class, () -> CopyCounts.of(UniformScheme.MUST_WO, 100, 10, 11));
    assertThrows(IllegalArgumentException.class, () -> CopyCounts.of(UniformScheme.MUST_OW, 100, 101, 5));
    assertThrows(IllegalArgumentException.class, () -> CopyCounts.of(UniformScheme.MUST_WW, 100, 0, 5));
    assertThrows(IllegalArgumentException.class, () -> CopyCounts.of(UniformScheme.WR, 0, 0, 5));
    assertThrows(IllegalArgumentException.class, () -> GroupProfile.GAUSSIAN.delta(1, Double.NaN, 1));
    assertThrows(IllegalArgumentException.class, () -> GroupProfile.LAPLACE.delta(1, 1, Double.POSITIVE_INFINITY));
  }
}
