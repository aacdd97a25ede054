package io.pais.experiments;

import io.pais.math.Checks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Points with a ground-truth label each (row i's label is {@code labels[i]}), held in driver memory: a benchmark set
 * small enough to be scored by the adjusted Rand index as well as by cost.
 *
 * @param points the rows, each of {@code dimension} coordinates
 * @param labels one label per row
 */
record LabelledPoints(List<double[]> points, int[] labels) {

  LabelledPoints {
    Checks.require(points.size() == labels.length, "points and labels must be as many, got " + points.size()
        + " and " + labels.length);
    Checks.require(!points.isEmpty(), "a labelled set needs at least one point");
    points = List.copyOf(points);
    labels = labels.clone();
  }

  int dimension() {
    return points.get(0).length;
  }

  /** How many distinct labels there are: the ground-truth k. */
  int classes() {
    return (int) java.util.Arrays.stream(labels).distinct().count();
  }

  /**
   * Reads a gzip'd whitespace-separated data file and its gzip'd labels file (one integer a line), as the
   * clustering benchmark suites store them ({@code ../shared/datasets/sipu}, {@code uci_small}).
   */
  static LabelledPoints read(Path data, Path labels) throws IOException {
    List<double[]> points = new ArrayList<>();
    for (String line : lines(data)) {
      String[] fields = line.strip().split("\\s+");
      double[] x = new double[fields.length];
      for (int j = 0; j < fields.length; j++) {
        x[j] = Double.parseDouble(fields[j]);
      }
      points.add(x);
    }
    List<String> labelLines = lines(labels);
    int[] y = new int[labelLines.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = Integer.parseInt(labelLines.get(i).strip());
    }
    return new LabelledPoints(points, y);
  }

  private static List<String> lines(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)),
        StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          out.add(line);
        }
      }
    }
    return out;
  }
}
