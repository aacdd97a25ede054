package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bad input stops the job with a message naming the file (and the line where known), never the value,
 * exits non-zero and leaves no output directory behind.
 */
@ExtendWith(SharedSparkSession.class)
class BadInputTest {

  private static JobRunner.Outcome expectFailure(SparkSession spark, Path tmp, Path input,
      String... extra) {
    Path output = tmp.resolve("out");
    List<String> args = new ArrayList<>(List.of("--input", input.toString(), "--k", "2", "--iterations", "2",
        "--sample-size", "50%", "--output", output.toString()));
    args.addAll(List.of(extra));
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertNotEquals(0, o.exit(), "should fail: " + o.out());
    assertFalse(Files.exists(output), "no output directory may be left behind");
    try (Stream<Path> left = Files.list(tmp)) {
      assertTrue(left.noneMatch(p -> p.getFileName().toString().contains("pais-tmp")), "no temporary directory");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return o;
  }

  private static Path csv(Path dir, String name, String... lines) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, List.of(lines));
    return file;
  }

  @Test
  void nonNumericField(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "bad.csv", "1.0,2.0", "3.0,4.0", "5.0,secretvalue", "7.0,8.0");
    String err = expectFailure(spark, tmp, in).err();
    assertTrue(err.contains("bad.csv") && err.contains("line 3") && err.contains("non-numeric field in column 1"),
        err);
    assertFalse(err.contains("secretvalue"), "the value must not be echoed: " + err);
  }

  @Test
  void nanOrInfinity(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "nan.csv", "a,b", "1.0,2.0", "NaN,4.0", "5.0,6.0");
    String err = expectFailure(spark, tmp, in, "--header").err();
    assertTrue(err.contains("nan.csv") && err.contains("line 3") && err.contains("NaN or infinite value in column 0"),
        err);
    Path inf = csv(tmp, "inf.csv", "1.0,2.0", "3.0,Infinity");
    assertTrue(expectFailure(spark, tmp, inf).err().contains("line 2"));
  }

  @Test
  void raggedRow(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "ragged.csv", "1.0,2.0,3.0", "4.0,5.0,6.0", "7.0,8.0");
    String err = expectFailure(spark, tmp, in).err();
    assertTrue(err.contains("ragged.csv") && err.contains("line 3") && err.contains("ragged row"), err);
  }

  @Test
  void dimensionMismatch(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "wide.libsvm", "1 1:0.5 2:0.25", "-1 1:0.1 3:0.7");
    String err = expectFailure(spark, tmp, in, "--format", "libsvm", "--dimension", "2").err();
    assertTrue(err.contains("wide.libsvm") && err.contains("line 2") && err.contains("dimension mismatch"), err);
  }

  @Test
  void noRows(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "empty.csv");
    String err = expectFailure(spark, tmp, in).err();
    assertTrue(err.contains("no rows") && err.contains("empty.csv"), err);
    Path headerOnly = csv(tmp, "header.csv", "a,b");
    err = expectFailure(spark, tmp, headerOnly, "--header").err();
    assertTrue(err.contains("no rows") && err.contains("header.csv"), err);
  }

  @Test
  void missingFile(SparkSession spark, @TempDir Path tmp) {
    String err = expectFailure(spark, tmp, tmp.resolve("does-not-exist.csv")).err();
    assertTrue(err.contains("input not found") && err.contains("does-not-exist.csv"), err);
  }

  @Test
  void badFlagsNameTheParameter(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path in = csv(tmp, "ok.csv", "1.0,2.0", "3.0,4.0");
    String err = expectFailure(spark, tmp, in, "--epsilon", "NaN").err();
    assertTrue(err.contains("epsilon") && err.contains("NaN"), err);
    err = expectFailure(spark, tmp, in, "--lambda", "1.5", "--sampler", "core").err();
    assertTrue(err.contains("lambda") && err.contains("1.5"), err);
    err = expectFailure(spark, tmp, in, "--sampler", "fast").err();
    assertTrue(err.contains("sampler") && err.contains("fast"), err);
    err = expectFailure(spark, tmp, in, "--preprocess", "public").err();
    assertTrue(err.contains("--norm-bound"), err);
    assertEquals(2, JobRunner.run(spark, "--no-such-flag").exit());
  }
}
