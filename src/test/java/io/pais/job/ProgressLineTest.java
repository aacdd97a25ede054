package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.SharedSparkSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The progress of a stage: its tasks counted from Spark's status tracker under the stage's job group, as plain
 * lines while it runs (and none once it ended), or as one live line on a terminal that is cleared at the end.
 */
@ExtendWith(SharedSparkSession.class)
class ProgressLineTest {

  @Test
  void plainLinesCountTheStagesTasksWhileItRuns(SparkSession spark) throws InterruptedException {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<String> lines = new CopyOnWriteArrayList<>();
    try (ProgressLine progress = new ProgressLine(jsc, null, lines::add, 0.4)) {
      progress.begin("slow stage");
      slowJob(jsc, 4);
      progress.end();
      int atEnd = lines.size();
      Thread.sleep(1200);
      assertEquals(atEnd, lines.size(), "no line once the stage ended: " + lines);
    }
    assertFalse(lines.isEmpty(), "a 2-second stage prints plain lines every 0.4 s");
    for (String line : lines) {
      assertTrue(line.matches("slow stage: \\d/4 tasks, \\d+ s"), line);
    }
  }

  @Test
  void aTerminalGetsOneLiveLineClearedAtTheEnd(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream terminal = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    List<String> plain = new CopyOnWriteArrayList<>();
    try (ProgressLine progress = new ProgressLine(jsc, terminal, plain::add, 0.4)) {
      progress.begin("live stage");
      slowJob(jsc, 2);
      progress.around(message -> terminal.print("[" + message + "]\n")).accept("a log line");
      progress.end();
    }
    String shown = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(shown.contains("\rlive stage: "), shown);
    assertFalse(shown.contains("\n\r"), "the live line never ends a line: " + shown);
    // the live line is cleared (spaces, carriage return) before the log line and at the end
    assertTrue(shown.matches("(?s).*\r +\r\\[a log line\\]\n$"), shown);
    assertTrue(plain.isEmpty(), "no plain lines on a terminal");
  }

  /** A job of {@code tasks} tasks that sleep half a second each (two at a time in local[2]). */
  private static void slowJob(JavaSparkContext jsc, int tasks) {
    jsc.parallelize(List.of(1, 2, 3, 4).subList(0, tasks), tasks).foreach(x -> Thread.sleep(900));
  }
}
