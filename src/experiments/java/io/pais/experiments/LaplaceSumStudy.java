package io.pais.experiments;

import io.pais.math.RootFinder;
import io.pais.noise.LaplaceNoise;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Amplification;
import io.pais.privacy.Geometry;
import io.pais.sampling.OptimalWeight;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The Laplace weighted-sum example of the paper's §3.3 (SPEC §12): M(S) = ζ + Σ_S w_i x_i with ζ i.i.d.
 * Laplace(0, b), PDP profile ε(w, x) = w‖x‖₁/b. Three samplers at equal expected size m: uniform,
 * privacy-constrained (opt weights of that linear profile), and the variance-optimal oracle q_i = min(1,
 * ‖x_i‖₂/τ) (not private; a lower bound on the variance). Writes the weights plot at m = 19, the MSE against
 * max ψ plot for b over [3, 3000], and their CSVs.
 */
public final class LaplaceSumStudy {
  static final int N = 1000;
  static final int D = 10;
  static final int M_WEIGHTS = 19;
  static final int RUNS = 1000;

  private LaplaceSumStudy() {}

  /** Sampling probabilities of the three samplers and what they cost. */
  record Design(String sampler, double[] q, double totalVariance, double maxPsi) {}

  /** q of the privacy-constrained sampler at ε*: 1/w with w the opt weight for α_i = ‖x_i‖₁/b. */
  static double[] privateQ(double[][] x, double b, double epsStar) {
    OptimalWeight weights = new OptimalWeight(epsStar);
    double[] q = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      double alpha = Geometry.L1.norm(x[i]) / b;
      q[i] = alpha >= epsStar ? 1 : 1 / weights.weight(alpha);
    }
    return q;
  }

  /** The oracle q_i = min(1, ‖x_i‖₂/τ) with τ such that Σ q = m. */
  static double[] oracleQ(double[][] x, double m) {
    double[] norms = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      norms[i] = Geometry.L2.norm(x[i]);
    }
    double tau = RootFinder.increasingRootInLogSpace(t -> m - sumMin(norms, t), 1, Double.MAX_VALUE, "tau");
    double[] q = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      q[i] = Math.min(1, norms[i] / tau);
    }
    return q;
  }

  private static double sumMin(double[] norms, double tau) {
    double s = 0;
    for (double z : norms) {
      s += Math.min(1, z / tau);
    }
    return s;
  }

  static double[] uniformQ(int n, double m) {
    double[] q = new double[n];
    java.util.Arrays.fill(q, m / n);
    return q;
  }

  /** Σ_j Var_j = Σ_j (2b² + Σ_i (1/q_i − 1) x_ij²). */
  static double totalVariance(double[][] x, double[] q, double b) {
    double v = 2 * b * b * x[0].length;
    for (int i = 0; i < x.length; i++) {
      for (double xij : x[i]) {
        v += (1 / q[i] - 1) * xij * xij;
      }
    }
    return v;
  }

  /** max_i ψ_i = log(1 + q_i(e^{‖x_i‖₁/(q_i b)} − 1)). */
  static double maxPsi(double[][] x, double[] q, double b) {
    double max = 0;
    for (int i = 0; i < x.length; i++) {
      max = Math.max(max, Amplification.psi(q[i], Geometry.L1.norm(x[i]) / b / q[i]));
    }
    return max;
  }

  /** The three designs at noise b with ε* = max‖x‖₁/b and m = Σ q_priv (the vectors' section 7 setting). */
  static List<Design> designsAtB(double[][] x, double b) {
    double epsStar = 0;
    for (double[] xi : x) {
      epsStar = Math.max(epsStar, Geometry.L1.norm(xi) / b);
    }
    double[] priv = privateQ(x, b, epsStar);
    double m = java.util.Arrays.stream(priv).sum();
    List<Design> out = new ArrayList<>();
    for (String s : List.of("privacy-constrained", "variance-optimal (not private)", "uniform")) {
      double[] q = s.startsWith("privacy") ? priv : s.startsWith("variance") ? oracleQ(x, m) : uniformQ(x.length, m);
      out.add(new Design(s, q, totalVariance(x, q, b), maxPsi(x, q, b)));
    }
    return out;
  }

  /** Mean squared error of M(S) against Σ x over {@code runs} Poisson samples. */
  static double empiricalMse(double[][] x, double[] q, double b, int runs, UniformRandomProvider rng) {
    int d = x[0].length;
    double[] truth = new double[d];
    for (double[] xi : x) {
      for (int j = 0; j < d; j++) {
        truth[j] += xi[j];
      }
    }
    LaplaceNoise noise = new LaplaceNoise(b);
    double total = 0;
    for (int r = 0; r < runs; r++) {
      double[] est = new double[d];
      for (int i = 0; i < x.length; i++) {
        if (rng.nextDouble() < q[i]) {
          for (int j = 0; j < d; j++) {
            est[j] += x[i][j] / q[i];
          }
        }
      }
      for (int j = 0; j < d; j++) {
        double e = est[j] + noise.sample(rng) - truth[j];
        total += e * e;
      }
    }
    return total / runs;
  }

  static double[][] data(UniformRandomProvider rng) {
    org.apache.commons.rng.sampling.distribution.NormalizedGaussianSampler g =
        org.apache.commons.rng.sampling.distribution.ZigguratSampler.NormalizedGaussian.of(rng);
    double[][] x = new double[N][D];
    for (double[] xi : x) {
      for (int j = 0; j < D; j++) {
        xi[j] = g.sample() / Math.sqrt(D);
      }
    }
    return x;
  }

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args.length > 0 ? args[0] : "docs/results/laplace-sum");
    Files.createDirectories(out);
    UniformRandomProvider rng = NoiseRandomness.seeded(2024).provider();
    double[][] x = data(rng);

    // weights at m = 19: the privacy-constrained sampler at b = 30 with ε* such that Σ q = 19
    double b0 = 30;
    double epsStar = RootFinder.increasingRootInLogSpace(e -> M_WEIGHTS - sum(privateQ(x, b0, e)), 1,
        Double.MAX_VALUE, "epsilon*");
    double[][] qs = {privateQ(x, b0, epsStar), oracleQ(x, M_WEIGHTS), uniformQ(N, M_WEIGHTS)};
    String[] names = {"privacy-constrained (b = 30)", "variance-optimal (not private)", "uniform"};
    List<String> rows = new ArrayList<>();
    XYChart weights = Charts.xy(String.format(Locale.ROOT, "Importance weights 1/q at m = %d (n = %d, d = %d)",
        M_WEIGHTS, N, D), "||x||_2", "weight 1/q", false);
    for (int s = 0; s < 3; s++) {
      double[] z = new double[N];
      double[] w = new double[N];
      for (int i = 0; i < N; i++) {
        z[i] = Geometry.L2.norm(x[i]);
        w[i] = 1 / qs[s][i];
        rows.add(String.format(Locale.ROOT, "%s,%d,%.8g,%.8g,%.8g", names[s], i, z[i], Geometry.L1.norm(x[i]), w[i]));
      }
      XYSeries series = weights.addSeries(names[s], z, w);
      series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      series.setMarker(SeriesMarkers.CIRCLE);
    }
    weights.getStyler().setMarkerSize(4);
    Charts.save(weights, out.resolve("laplace-weights-m19.png"));
    ExperimentRunner.writeLines(out.resolve("laplace-weights-m19.csv"), "sampler,i,l2norm,l1norm,weight", rows);

    // MSE against max ψ for b over [3, 3000]
    List<String> mseRows = new ArrayList<>();
    XYChart mse = Charts.xy("Laplace weighted sum: MSE (" + RUNS + " runs) against max psi, b from 3 to 3000",
        "max_i psi_i (epsilon)", "MSE", true);
    mse.getStyler().setYAxisLogarithmic(true);
    List<double[]> xs = new ArrayList<>(List.of(new double[13], new double[13], new double[13]));
    List<double[]> ys = new ArrayList<>(List.of(new double[13], new double[13], new double[13]));
    for (int t = 0; t < 13; t++) {
      double b = 3 * Math.pow(10, t / 4.0);
      List<Design> designs = designsAtB(x, b);
      for (int s = 0; s < 3; s++) {
        Design design = designs.get(s);
        double empirical = empiricalMse(x, design.q(), b, RUNS, rng);
        xs.get(s)[t] = design.maxPsi();
        ys.get(s)[t] = empirical;
        mseRows.add(String.format(Locale.ROOT, "%s,%.6g,%.8g,%.8g,%.8g,%.8g", design.sampler(), b,
            sum(design.q()), design.maxPsi(), design.totalVariance(), empirical));
      }
    }
    for (int s = 0; s < 3; s++) {
      String name = designsAtB(x, 3).get(s).sampler();
      XYSeries series = mse.addSeries(name, xs.get(s), ys.get(s));
      series.setMarker(SeriesMarkers.CIRCLE);
    }
    Charts.save(mse, out.resolve("laplace-mse-vs-maxpsi.png"));
    ExperimentRunner.writeLines(out.resolve("laplace-mse-vs-maxpsi.csv"), "sampler,b,m,maxPsi,totalVariance,mse",
        mseRows);
    System.out.printf(Locale.ROOT, "Laplace weighted-sum study written to %s (epsilon* at m = 19, b = 30: %.6g)%n",
        out, epsStar);
  }

  private static double sum(double[] v) {
    return java.util.Arrays.stream(v).sum();
  }
}
