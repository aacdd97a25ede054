package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.ForkedJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job as a user's terminal sees it, in its own JVM with the shipped conf/log4j2.properties: a bad value
 * found inside a task prints one "pais:" line and no trace (the trace is in the log file), and the task is not
 * retried although the master allows four attempts.
 */
class TerminalOutputTest {

  @Test
  void aBadValueInsideATaskPrintsOneLineFailsAtOnceAndLogsTheTrace(@TempDir Path tmp) throws Exception {
    StringBuilder csv = new StringBuilder("a,b\n");
    for (int i = 0; i < 5000; i++) {
      csv.append(i % 7).append(',').append(i % 11).append('\n');
    }
    csv.append("3,31415.9265x\n");
    Path input = Files.writeString(tmp.resolve("bad.csv"), csv);
    Path log = tmp.resolve("pais.log");
    ForkedJvm.Result r = ForkedJvm.run(tmp, List.of("-Xmx1g",
        "-Dlog4j2.configurationFile=file:" + Path.of("conf/log4j2.properties").toAbsolutePath(),
        "-Dpais.log.file=" + log, "-Dspark.ui.enabled=false"), PaisJob.class.getName(),
        "--master", "local[2,4]", "--input", input.toString(), "--header", "--k", "2", "--clip-radius", "10",
        "--output", tmp.resolve("out").toString());
    assertEquals(1, r.exit(), r.err());
    assertEquals("", r.out());
    assertEquals(List.of("pais: file:" + input + ", line 5002: non-numeric field in column 1"), r.err().lines().toList());
    assertFalse(Files.exists(tmp.resolve("out")));
    String logged = Files.readString(log);
    assertTrue(logged.contains("pais job failed") && logged.contains("\tat "), "the trace goes to the log");
    assertFalse(r.err().contains("31415.9265") || logged.contains("31415.9265"), "the value is nowhere");
    // the stage is cancelled at the first failure (without FailFast: four failed attempts). Spark's listener bus is
    // asynchronous, so retries Spark launched before the cancellation arrived may still meet the line on a loaded
    // machine (one seen in a CI run on Spark 4.0, two on Spark 4.2): never the fourth attempt that would abort the
    // stage on its own
    Matcher failures = Pattern.compile("Exception in task \\d+\\.\\d+").matcher(logged);
    int failed = 0;
    while (failures.find()) {
      failed++;
    }
    assertTrue(failed >= 1 && failed <= 3, "failed task attempts: " + failed);
    assertFalse(logged.contains("task 0.3 in stage"), "no fourth attempt");
  }
}
