package io.pais.experiments;

import java.util.ArrayList;
import io.pais.math.Quantiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Median and 25/75 % quantiles (linear interpolation, as numpy) of the cost per configuration. */
final class Summary {
  /** One aggregated configuration. */
  record Row(String dataSet, String protocol, String noise, String sampler, double sampleSize, double epsilon,
      int runs, double median, double q25, double q75, double medianRealisedSize, double epsilonGuarantee) {

    static final String HEADER = "dataset,protocol,noise,sampler,m,epsilon,runs,costMedian,costQ25,costQ75,"
        + "medianRealisedSampleSize,epsilonGuarantee";

    String csv() {
      return String.format(Locale.ROOT, "%s,%s,%s,%s,%.0f,%s,%d,%.8g,%.8g,%.8g,%.1f,%.8g", dataSet, protocol, noise,
          sampler, sampleSize, Double.isInfinite(epsilon) ? "inf" : Double.toString(epsilon), runs, median, q25, q75,
          medianRealisedSize, epsilonGuarantee);
    }
  }

  private Summary() {}

  static List<Row> of(List<RunResult> runs) {
    Map<String, List<RunResult>> groups = new LinkedHashMap<>();
    for (RunResult r : runs) {
      groups.computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r);
    }
    List<Row> out = new ArrayList<>();
    for (List<RunResult> g : groups.values()) {
      RunResult first = g.get(0);
      double[] costs = g.stream().mapToDouble(RunResult::cost).toArray();
      double[] sizes = g.stream().mapToDouble(RunResult::realisedSize).toArray();
      out.add(new Row(first.dataSet(), first.protocol(), first.noise(), first.sampler(), first.sampleSize(),
          first.epsilon(), g.size(), quantile(costs, 0.5), quantile(costs, 0.25), quantile(costs, 0.75),
          quantile(sizes, 0.5), first.epsilonGuarantee()));
    }
    return out;
  }

  static double quantile(double[] values, double p) {
    return Quantiles.linear(values, p);
  }
}
