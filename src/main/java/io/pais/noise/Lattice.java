package io.pais.noise;

import io.pais.math.Checks;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A grid g·ℤ with g a power of two, on which a release lives. The exact value is rounded to the nearest grid
 * point (exact: dividing by a power of two loses nothing), integer noise is added in exact integer arithmetic,
 * and only then is the result turned back into a double. So the released double is a fixed function of one
 * integer: its low-order bits cannot carry anything about the data (the floating-point attack of Mironov 2012
 * on textbook Laplace needs the set of reachable outputs to depend on the input). Rounding moves each value by at
 * most g/2, so neighbouring inputs' grid points differ by at most their distance plus g per coordinate: the
 * accounting covers that (see {@link LatticeNoise}).
 */
public record Lattice(double spacing) {

  public Lattice {
    Checks.positive("spacing (g) of the lattice", spacing);
    Checks.require(spacing >= Double.MIN_NORMAL && spacing == Math.scalb(1.0, Math.getExponent(spacing)),
        "spacing (g) of the lattice must be a normal power of two, got " + spacing);
  }

  /** The lattice whose spacing is the largest power of two at most {@code bound}. */
  public static Lattice atMost(double bound) {
    Checks.positive("lattice spacing bound", bound);
    return new Lattice(Math.scalb(1.0, Math.getExponent(bound)));
  }

  /** The grid point nearest to {@code exact}, in units of g. */
  public BigInteger snap(double exact) {
    double units = Math.rint(exact / spacing);
    Checks.require(Double.isFinite(units), "a statistic to release is not finite in units of the lattice "
        + "(rescale the data)");
    return new BigDecimal(units).toBigIntegerExact();
  }

  /** The released double for a grid point given in units of g. */
  public double value(BigInteger units) {
    return units.doubleValue() * spacing;
  }

  /** The grid point {@code snap(exact) + noiseUnits} as a double. */
  public double release(double exact, BigInteger noiseUnits) {
    return value(snap(exact).add(noiseUnits));
  }
}
