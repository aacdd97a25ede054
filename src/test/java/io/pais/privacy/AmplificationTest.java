package io.pais.privacy;

import static io.pais.testing.TestVectors.relErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

class AmplificationTest {

  /** ψ in 40-digit arithmetic from the definition log(1 + q(e^a − 1)), for a ≤ 1e4. */
  private static double psiReference(double q, double a) {
    MathContext mc = new MathContext(40);
    // e^a − 1 via series for small a, else exp in double split into integer and fraction powers
    BigDecimal ea = expBig(a, mc);
    BigDecimal inner = BigDecimal.ONE.add(new BigDecimal(q).multiply(ea.subtract(BigDecimal.ONE), mc), mc);
    return logBig(inner, mc);
  }

  private static BigDecimal expBig(double a, MathContext mc) {
    BigDecimal x = new BigDecimal(a);
    int halvings = 0;
    while (x.abs().compareTo(new BigDecimal("0.001")) > 0) {
      x = x.divide(BigDecimal.valueOf(2), mc);
      halvings++;
    }
    BigDecimal term = BigDecimal.ONE;
    BigDecimal sum = BigDecimal.ONE;
    for (int i = 1; i < 30; i++) {
      term = term.multiply(x, mc).divide(BigDecimal.valueOf(i), mc);
      sum = sum.add(term, mc);
    }
    for (int i = 0; i < halvings; i++) {
      sum = sum.multiply(sum, mc);
    }
    return sum;
  }

  private static double logBig(BigDecimal y, MathContext mc) {
    // log y from a double start on the decimal mantissa,, refined by Newton: l ← l + y·e^{−l} − 1
    int exp10 = y.precision() - y.scale() - 1;
    double l = Math.log(y.movePointLeft(exp10).doubleValue()) + exp10 * Math.log(10);
    BigDecimal lb = new BigDecimal(l);
    for (int i = 0; i < 3; i++) {
      BigDecimal e = expBig(-lb.doubleValue(), mc);
      // correction uses the double of lb only through exp; keep high precision in the update
      BigDecimal corr = y.multiply(e, mc).subtract(BigDecimal.ONE);
      lb = new BigDecimal(lb.doubleValue()).add(corr, mc);
    }
    return lb.doubleValue();
  }

  @Test
  void stableAcrossTheEpsilonRange() {
    double[] qs = {1e-6, 1e-3, 0.05, 0.5, 1.0};
    for (double q : qs) {
      for (double a = 1e-6; a <= 1e4; a *= 3.7) {
        double psi = Amplification.psi(q, a);
        assertTrue(Double.isFinite(psi) && psi > 0, "q=" + q + " a=" + a);
        assertTrue(relErr(psi, psiReference(q, a)) < 1e-13, "q=" + q + " a=" + a + " psi=" + psi);
      }
    }
  }

  @Test
  void capAgreesExactlyWithEvaluatedPsi() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    for (double eps : new double[] {1e-6, 0.01, 0.5, 1, 3, 100, 709, 1000, 1e4}) {
      Amplification.Cap cap = new Amplification.Cap(eps);
      for (int i = 0; i < 20_000; i++) {
        double q = Math.exp(-random.nextDouble() * 20);
        // a spread around the value where ψ crosses eps, so both outcomes and the boundary occur
        double a = Math.exp(Math.log(eps + 1e-300) + (random.nextDouble() - 0.5) * 8) / q;
        if (i % 4 == 0) {
          // near-ties: the a at which ψ(q, a) is within a few ulps of eps
          a = Math.log1p(Math.expm1(eps) / q) * (1 + (random.nextInt(9) - 4) * 1e-16);
        }
        boolean expected = Amplification.psi(q, a) <= eps;
        assertEquals(expected, cap.holds(q, a), "eps=" + eps + " q=" + q + " a=" + a);
      }
    }
  }

  @Test
  void limits() {
    assertEquals(0.0, Amplification.psi(0.3, 0.0));
    // q = 1 is no sampling: ψ = a
    assertEquals(123.0, Amplification.psi(1.0, 123.0), 1e-12);
    assertEquals(5000.0, Amplification.psi(1.0, 5000.0), 1e-9);
    // large a: ψ ≈ a + log q
    assertEquals(5000 + Math.log(1e-3), Amplification.psi(1e-3, 5000), 1e-9);
  }
}
