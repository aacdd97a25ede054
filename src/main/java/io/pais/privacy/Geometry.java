package io.pais.privacy;

/**
 * The norm that bounds a point's privacy cost and shapes the sum noise (SPEC §1): ℓ2 (default, TMLR version)
 * or ℓ1 (the earlier version's variant).
 */
public enum Geometry {
  L2(2) {
    @Override
    public double norm(double[] x) {
      double s = 0;
      for (double v : x) {
        s += v * v;
      }
      return Math.sqrt(s);
    }
  },
  L1(1) {
    @Override
    public double norm(double[] x) {
      double s = 0;
      for (double v : x) {
        s += Math.abs(v);
      }
      return s;
    }
  };

  private final int p;

  Geometry(int p) {
    this.p = p;
  }

  /** The exponent p of the ℓp norm. */
  public int p() {
    return p;
  }

  /** The ℓp norm of {@code x}. */
  public abstract double norm(double[] x);

  /** Parses "l2"/"L2"/"l1"/"L1". */
  public static Geometry parse(String name) {
    for (Geometry g : values()) {
      if (g.name().equalsIgnoreCase(name)) {
        return g;
      }
    }
    throw new IllegalArgumentException("geometry must be one of l2, l1, got '" + name + "'");
  }
}
