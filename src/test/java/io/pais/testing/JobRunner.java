package io.pais.testing;

import io.pais.job.PaisJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.SparkSession;

/** Runs the pais job in-process on the shared session and captures its exit code and output. */
public final class JobRunner {
  private JobRunner() {}

  /** What a run printed and returned. */
  public record Outcome(int exit, String out, String err) {}

  public static Outcome run(SparkSession spark, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = PaisJob.run(spark, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
