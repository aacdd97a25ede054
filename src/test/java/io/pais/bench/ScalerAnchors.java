package io.pais.bench;

import io.pais.accounting.PrivacyLedger;
import io.pais.estimation.BoxMoments;
import io.pais.estimation.PrivateMoments;
import io.pais.noise.NoiseRandomness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The private scaler's mechanism on prepared data sets, for the comparison with diffprivlib's StandardScaler and
 * OpenDP's mean and variance that {@code python/baselines/scaler_anchors.py} runs: for every {@code NAME.csv} (numeric
 * rows, no header) with its {@code NAME.bounds} (lo:hi per column, one line) in DIR, and every ε and seed, one JSON
 * line with the released means and standard deviations. Spark-free: the same {@link BoxMoments} and
 * {@link PrivateMoments} the Estimator runs, the points added in file order.
 *
 * <p>Run: {@code mvn -q test-compile exec:exec -Dbench.main=io.pais.bench.ScalerAnchors -Dbench.args="DIR EPSILONS
 * SEEDS"} (EPSILONS comma-separated, SEEDS a count).
 */
public final class ScalerAnchors {
  private ScalerAnchors() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    String[] epsilons = args[1].split(",");
    int seeds = Integer.parseInt(args[2]);
    List<Path> sets;
    try (Stream<Path> files = Files.list(dir)) {
      sets = files.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
    }
    for (Path csv : sets) {
      String name = csv.getFileName().toString().replace(".csv", "");
      String[] pairs = Files.readString(dir.resolve(name + ".bounds")).strip().split(",");
      double[] lower = new double[pairs.length];
      double[] upper = new double[pairs.length];
      for (int j = 0; j < pairs.length; j++) {
        lower[j] = Double.parseDouble(pairs[j].split(":")[0]);
        upper[j] = Double.parseDouble(pairs[j].split(":")[1]);
      }
      BoxMoments moments = new BoxMoments(lower, upper);
      try (Stream<String> lines = Files.lines(csv)) {
        lines.forEach(line -> {
          String[] fields = line.split(",");
          double[] x = new double[fields.length];
          for (int j = 0; j < x.length; j++) {
            x[j] = Double.parseDouble(fields[j]);
          }
          moments.add(x);
        });
      }
      for (String epsilon : epsilons) {
        for (int seed = 0; seed < seeds; seed++) {
          PrivateMoments.Estimate e = PrivateMoments.release(moments, true,
              PrivacyLedger.pure(Double.parseDouble(epsilon)), NoiseRandomness.seeded(1000L + seed).provider());
          System.out.printf(Locale.ROOT, "{\"set\": \"%s\", \"epsilon\": %s, \"seed\": %d, \"mean\": %s, \"std\": %s}%n",
              name, epsilon, seed, list(e.mean()), list(e.deviation()));
        }
      }
    }
  }

  private static String list(double[] values) {
    List<String> out = new ArrayList<>();
    for (double v : values) {
      out.add(Double.toString(v));
    }
    return out.stream().collect(Collectors.joining(", ", "[", "]"));
  }
}
