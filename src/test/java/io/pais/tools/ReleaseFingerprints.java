package io.pais.tools;

import io.pais.job.PaisJob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Fingerprints of seeded releases, one line a configuration: its name and the SHA-256 of its {@code centers.csv}
 * and {@code privacy-report.json}. A refactor of privacy code must keep every seeded release bit-identical unless
 * the change is the point: run this before and after (from two worktrees, or before and after a stash) and diff
 * the outputs. The configurations cover each sampler, strict and paper mode, l1 and l2, each uniform scheme, each
 * initialiser, --bounds and --outliers drop, --sample-size auto, a private choice of k, the tail radius off, on the
 * shipped data-samples.
 *
 * <p>Run: {@code mvn -q test-compile exec:exec -Dbench.main=io.pais.tools.ReleaseFingerprints -Dbench.args=FILE}
 * (FILE: where the lines go; standard output when absent).
 */
public final class ReleaseFingerprints {
  private static final String BLOBS = "data-samples/blobs.csv";
  private static final String IJCNN1 = "data-samples/ijcnn1-slice.libsvm.bz2";

  private ReleaseFingerprints() {}

  /** Every configuration: a name and the job's flags (input, seed and output are added). */
  static Map<String, List<String>> configurations() {
    Map<String, List<String>> c = new LinkedHashMap<>();
    List<String> strict = List.of("--clip-radius", "25", "--k", "6");
    List<String> paper = List.of("--privacy", "paper", "--k", "6", "--iterations", "5");
    for (String sampler : List.of("opt", "unif", "core", "full")) {
      c.put("strict-" + sampler, with(strict, "--sampler", sampler, "--sample-size", "20%"));
      c.put("paper-" + sampler, with(paper, "--sampler", sampler, "--sample-size", "20%"));
    }
    c.put("strict-opt-l1", List.of("--clip-radius", "60", "--k", "6", "--geometry", "l1", "--sample-size", "20%"));
    c.put("paper-core-l1", with(paper, "--sampler", "core", "--geometry", "l1", "--sample-size", "2000"));
    c.put("strict-bounds", List.of("--bounds", "-20:20", "--k", "6", "--sample-size", "20%"));
    c.put("strict-drop", with(strict, "--outliers", "drop", "--norm-quantile", "0.9", "--sample-size", "20%"));
    c.put("strict-k-selection", List.of("--clip-radius", "25", "--k", "2,6,10", "--sample-size", "20%"));
    c.put("strict-opt-auto-size", with(strict, "--sampler", "opt", "--sample-size", "auto"));
    c.put("strict-no-tail-radius", with(strict, "--no-tail-radius", "--sample-size", "20%"));
    c.put("strict-offset-none", with(strict, "--sampler", "opt", "--sample-size", "20%", "--offset-clip", "none"));
    c.put("strict-offset-quarter", with(strict, "--sampler", "opt", "--sample-size", "20%", "--offset-clip", "0.25"));
    c.put("strict-public-centre", with(strict, "--center", "0,0,0,0,0", "--norm-bound", "20", "--sampler", "full",
        "--iterations", "4"));
    for (String init : List.of("random-ball", "sphere-packing", "scaled-ball")) {
      c.put("strict-init-" + init, with(strict, "--init", init, "--sample-size", "20%"));
    }
    c.put("paper-init-sample-points", with(paper, "--init", "sample-points", "--sample-size", "20%"));
    c.put("scheme-poisson-uniform", with(strict, "--sampler", "poisson-uniform", "--sample-size", "10%",
        "--iterations", "4"));
    c.put("scheme-wor", with(strict, "--sampler", "wor", "--sample-size", "10%", "--iterations", "4"));
    c.put("scheme-wr-gaussian", with(strict, "--sampler", "wr", "--sample-size", "10%", "--noise", "gaussian",
        "--delta", "1e-6", "--iterations", "4"));
    c.put("scheme-must-ow-cached", with(strict, "--sampler", "must-ow", "--stage1-size", "40%", "--stage1-cached",
        "--sample-size", "10%", "--delta", "1e-6", "--iterations", "4"));
    c.put("scheme-must-wo", with(strict, "--sampler", "must-wo", "--stage1-size", "40%", "--sample-size", "10%",
        "--delta", "1e-6", "--iterations", "4"));
    c.put("scheme-must-ww", with(strict, "--sampler", "must-ww", "--stage1-size", "40%", "--sample-size", "10%",
        "--delta", "1e-6", "--iterations", "4"));
    c.put("strict-grid-2d", with(strict, "--features", "x1,x2", "--sample-size", "20%"));
    c.put("strict-grid-2d-full", with(strict, "--features", "x1,x2", "--sampler", "full", "--epsilon", "0.5"));
    c.put("libsvm-strict-core", List.of("--input", IJCNN1, "--format", "libsvm", "--dimension", "22",
        "--clip-radius", "5", "--k", "10", "--sampler", "core", "--sample-size", "2000", "--epsilon", "5"));
    return c;
  }

  private static List<String> with(List<String> base, String... more) {
    List<String> out = new ArrayList<>(base);
    out.addAll(List.of(more));
    return out;
  }

  public static void main(String[] args) throws Exception {
    SparkSession spark = SparkSession.builder().appName("fingerprints").master("local[2]")
        .config("spark.ui.enabled", "false").getOrCreate();
    Path work = Files.createTempDirectory("pais-fingerprints");
    StringBuilder lines = new StringBuilder();
    try {
      for (Map.Entry<String, List<String>> e : configurations().entrySet()) {
        List<String> flags = new ArrayList<>(e.getValue());
        if (!flags.contains("--input")) {
          flags.addAll(0, List.of("--input", BLOBS, "--header", "--drop", "label"));
        }
        Path output = work.resolve(e.getKey());
        flags.addAll(List.of("--seed", "7", "--output", output.toString()));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = PaisJob.run(spark, flags.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        String line = exit != 0 ? e.getKey() + "  failed: " + err.toString(StandardCharsets.UTF_8).strip()
            : e.getKey() + "  " + sha256(output.resolve("centers.csv")) + "  "
                + sha256(output.resolve("privacy-report.json"));
        System.out.println(line);
        lines.append(line).append('\n');
      }
    } finally {
      spark.stop();
    }
    if (args.length > 0) {
      Files.writeString(Path.of(args[0]), lines);
    }
  }

  private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
