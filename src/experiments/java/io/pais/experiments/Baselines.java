package io.pais.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.settings.CoordinateBounds;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The DP k-means libraries users know, fitted on the utility benchmark's points with the same public bounds
 * (docs/results/utility.md, "Side by side"): the points go to {@code python/baselines/dp_kmeans_baselines.py} as a .npy
 * file through {@code submit/pais-baselines}, which installs diffprivlib and OpenDP from PyPI, and the centres come
 * back as JSON lines, costed here like pais's.
 */
final class Baselines {
  /** The libraries the script knows: diffprivlib at the declared ε, at the matched real ε, and OpenDP's DP-Lloyd. */
  static final List<String> LIBRARIES = List.of("diffprivlib", "diffprivlib-matched", "opendp");

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One fit: the target ε, what the library was told and what it really spends, its centres. */
  record Fit(String library, double epsilon, double declaredEpsilon, double realEpsilon, int seed, int iterations,
      double[][] centres) {}

  private Baselines() {}

  /**
   * The per-coordinate bounds a user who knows the data's range would give (emulated, as the clip radius is): each
   * coordinate's range over the points, widened to the next power of two on each side of zero (a constant zero
   * coordinate gets ±2⁻¹⁰).
   */
  static CoordinateBounds publicBounds(List<double[]> points, int dimension) {
    double[] lower = new double[dimension];
    double[] upper = new double[dimension];
    for (double[] x : points) {
      for (int j = 0; j < dimension; j++) {
        lower[j] = Math.min(lower[j], x[j]);
        upper[j] = Math.max(upper[j], x[j]);
      }
    }
    for (int j = 0; j < dimension; j++) {
      lower[j] = -powerOfTwoAtLeast(-lower[j]);
      upper[j] = powerOfTwoAtLeast(upper[j]);
      if (lower[j] == upper[j]) {
        lower[j] = -0x1p-10;
        upper[j] = 0x1p-10;
      }
    }
    return new CoordinateBounds(lower, upper);
  }

  private static double powerOfTwoAtLeast(double v) {
    return v <= 0 ? 0 : Math.pow(2, Math.ceil(Math.log(v) / Math.log(2)));
  }

  /**
   * Fits {@code libraries} at every ε and seed with {@code command} (a path relative to the working directory, or
   * absolute), in {@code work} (its files are left there: the points, the request, the fits).
   */
  static List<Fit> fit(String command, Path work, List<double[]> points, int dimension, CoordinateBounds bounds,
      int k, List<Double> epsilons, int repetitions, List<String> libraries) throws IOException {
    Files.createDirectories(work);
    Path npy = work.resolve("points.npy");
    Path request = work.resolve("request.json");
    Path output = work.resolve("fits.jsonl");
    writeNpy(npy, points, dimension);
    ObjectNode body = JSON.createObjectNode();
    body.putPOJO("lower", bounds.lower());
    body.putPOJO("upper", bounds.upper());
    body.put("k", k);
    body.putPOJO("epsilons", epsilons);
    body.putPOJO("seeds", java.util.stream.IntStream.range(0, repetitions).boxed().toList());
    body.putPOJO("libraries", libraries);
    JSON.writeValue(request.toFile(), body);
    Process process = new ProcessBuilder(command, npy.toString(), request.toString(), output.toString())
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      int exit = process.waitFor();
      if (exit != 0) {
        throw new IOException(command + " exited with " + exit + " (see its output above)");
      }
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + command + " ran", e);
    }
    List<Fit> fits = new ArrayList<>();
    for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
      JsonNode fit = JSON.readTree(line);
      JsonNode rows = fit.get("centres");
      double[][] centres = new double[rows.size()][dimension];
      for (int j = 0; j < rows.size(); j++) {
        for (int i = 0; i < dimension; i++) {
          centres[j][i] = rows.get(j).get(i).asDouble();
        }
      }
      fits.add(new Fit(fit.get("library").asText(), fit.get("epsilon").asDouble(),
          fit.get("declaredEpsilon").asDouble(), fit.get("realEpsilon").asDouble(), fit.get("seed").asInt(),
          fit.get("iterations").asInt(), centres));
    }
    return fits;
  }

  /** {@link #fit} in a temporary folder of its own, removed afterwards with the files it held. */
  static List<Fit> fitInTemporaryFolder(String command, List<double[]> points, int dimension, CoordinateBounds bounds,
      int k, List<Double> epsilons, int repetitions, List<String> libraries) throws IOException {
    Path work = Files.createTempDirectory("pais-baselines-");
    try {
      return fit(command, work, points, dimension, bounds, k, epsilons, repetitions, libraries);
    } finally {
      try (var files = Files.list(work)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(work);
    }
  }

  /** The points as a NumPy .npy file (format 1.0, little-endian float64, C order). */
  static void writeNpy(Path path, List<double[]> points, int dimension) throws IOException {
    String header = String.format(Locale.ROOT, "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }",
        points.size(), dimension);
    // magic (6) + version (2) + header length (2) + header + padding + newline: a multiple of 64 bytes
    int unpadded = 10 + header.length() + 1;
    String padded = header + " ".repeat((64 - unpadded % 64) % 64) + "\n";
    try (OutputStream file = Files.newOutputStream(path);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(file, 1 << 16))) {
      out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
      out.write(ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) padded.length()).array());
      out.write(padded.getBytes(StandardCharsets.US_ASCII));
      ByteBuffer row = ByteBuffer.allocate(8 * dimension).order(ByteOrder.LITTLE_ENDIAN);
      for (double[] x : points) {
        row.clear();
        for (int j = 0; j < dimension; j++) {
          row.putDouble(x[j]);
        }
        out.write(row.array());
      }
    }
  }
}
