package io.pais.slow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real standalone cluster (a master and two one-core workers on 127.0.0.1) with an executor killed during
 * DP-Lloyd and during sampling, for the full and the opt sampler: {@code submit/cluster-test}, which asserts that
 * every disturbed release equals the undisturbed one and stops what it started. Slow (several minutes; it also
 * assembles a Spark home from Maven Central on first use): run with {@code mvn -Pslow test}.
 */
@Tag("slow")
class StandaloneClusterSlowTest {

  @Test
  void executorLossNeverChangesARelease(@TempDir Path tmp) throws IOException, InterruptedException {
    Path log = tmp.resolve("cluster-test.log");
    Process process = new ProcessBuilder("submit/cluster-test").redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    boolean ended = process.waitFor(40, TimeUnit.MINUTES);
    if (!ended) {
      process.destroy(); // its trap stops the cluster
      process.waitFor(1, TimeUnit.MINUTES);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(ended, "cluster-test did not end in 40 minutes:\n" + output);
    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("cluster-test: passed"), output);
    for (String sampler : new String[] {"full", "opt"}) {
      assertTrue(output.contains(sampler + "-kill-lloyd: killed executor JVM"), output);
      assertTrue(output.contains(sampler + "-kill-sampling: killed executor JVM"), output);
    }
  }
}
