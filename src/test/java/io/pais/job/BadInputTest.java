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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
        "--privacy", "paper", "--output", output.toString()));
    args.addAll(List.of(extra));
    if (!args.contains("--sample-size")) {
      args.addAll(List.of("--sample-size", "50%"));
    }
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

  /** A marker planted in the bad rows: it must appear in no message. */
  static final String MARKER = "31415.9265";

  /** One provoked failure: how to build its input (in a fresh directory), and what the one line must say. */
  record Case(String name, Setup setup, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  interface Setup {
    List<String> args(SparkSession spark, Path dir) throws IOException;
  }

  private static List<String> csvArgs(Path file, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", file.toString(), "--privacy", "paper"));
    args.addAll(List.of(extra));
    return args;
  }

  private static Path gzip(Path file, byte[] content) throws IOException {
    try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(content);
    }
    return file;
  }

  private static byte[] rows(int count) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      sb.append(MARKER).append(',').append(i).append('\n');
    }
    return sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Path parquet(SparkSession spark, Path dir, String name, String sql) {
    spark.sql(sql).coalesce(1).write().parquet(dir.resolve(name).toString());
    return dir.resolve(name);
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("non-numeric field", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "3," + MARKER + "x")),
            "a.csv, line 2: non-numeric field in column 1"),
        new Case("NaN", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "NaN," + MARKER)), "line 2: NaN or infinite"),
        new Case("ragged row", (s, d) -> csvArgs(csv(d, "a.csv", "1,2,3", MARKER + ",2")), "line 2: ragged row"),
        new Case("empty line fields", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",")),
            "line 2: non-numeric field in column 1"),
        new Case("bad LibSVM token", (s, d) -> csvArgs(csv(d, "a.libsvm", "1 1:2", "1 1:" + MARKER + " junk"),
            "--format", "libsvm"), "a.libsvm, line 2: token 3 is not of the form index:value"),
        new Case("LibSVM index not an integer", (s, d) -> csvArgs(csv(d, "a.libsvm", "1 1:2", "1 x:" + MARKER),
            "--format", "libsvm", "--dimension", "3"), "line 2: token 2 has a non-integer feature index"),
        new Case("LibSVM indices not increasing", (s, d) -> csvArgs(csv(d, "a.libsvm", "1 2:2 1:" + MARKER),
            "--format", "libsvm", "--dimension", "3"), "line 1: feature indices must be >= 1 and increasing"),
        new Case("LibSVM index of two billion", (s, d) -> csvArgs(csv(d, "a.libsvm", "1 1:2", "1 2000000000:"
            + MARKER), "--format", "libsvm"), "a.libsvm, line 2: a feature index is not an integer in 1..100000"),
        new Case("LibSVM index above --dimension", (s, d) -> csvArgs(csv(d, "a.libsvm", "1 1:2", "1 4:" + MARKER),
            "--format", "libsvm", "--dimension", "3"), "line 2: dimension mismatch"),
        new Case("empty file", (s, d) -> csvArgs(csv(d, "a.csv")), "no rows"),
        new Case("empty directory", (s, d) -> csvArgs(Files.createDirectories(d.resolve("nothing"))), "no files"),
        new Case("missing path", (s, d) -> csvArgs(d.resolve("missing.csv")), "input not found"),
        new Case("fake gzip", (s, d) -> csvArgs(Files.write(d.resolve("a.csv.gz"), rows(50))), "not valid gzip"),
        new Case("truncated gzip", (s, d) -> {
          Path full = gzip(d.resolve("full.gz"), rows(20_000));
          byte[] bytes = Files.readAllBytes(full);
          Files.delete(full);
          return csvArgs(Files.write(d.resolve("a.csv.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2)));
        }, "a.csv.gz"),
        new Case("fake bzip2", (s, d) -> csvArgs(Files.write(d.resolve("a.csv.bz2"), rows(50))), "bzip2"),
        new Case("not Parquet", (s, d) -> csvArgs(Files.write(d.resolve("a.parquet"), rows(50)), "--format",
            "parquet"), "not a Parquet file"),
        new Case("Parquet null", (s, d) -> csvArgs(parquet(s, d, "p", "SELECT CAST(IF(id = 3, NULL, id) AS DOUBLE) "
            + "AS x, 31415.9265 AS y FROM range(10)"), "--format", "parquet"), "null in column 'x'"),
        new Case("Parquet schema conflict", (s, d) -> {
          parquet(s, d, "p/one", "SELECT CAST(id AS INT) AS x FROM range(10)");
          parquet(s, d, "p/two", "SELECT CAST(id AS DOUBLE) + 31415.9265 AS x FROM range(10)");
          return csvArgs(d.resolve("p/*"), "--format", "parquet");
        }, "schema conflict"),
        new Case("vectors of mixed size", (s, d) -> {
          org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> frame = s.createDataFrame(List.of(
              org.apache.spark.sql.RowFactory.create(org.apache.spark.ml.linalg.Vectors.dense(1, 2)),
              org.apache.spark.sql.RowFactory.create(org.apache.spark.ml.linalg.Vectors.dense(31415.9265, 2, 3))),
              new org.apache.spark.sql.types.StructType().add("v", new org.apache.spark.ml.linalg.VectorUDT()));
          frame.coalesce(1).write().parquet(d.resolve("v").toString());
          return csvArgs(d.resolve("v"), "--format", "parquet", "--vector-column", "v");
        }, "dimension mismatch"),
        new Case("single distinct point", (s, d) -> csvArgs(csv(d, "a.csv", MARKER + ",1", MARKER + ",1",
            MARKER + ",1")), "paper preprocessing keeps no row"),
        new Case("three rows near 1e200", (s, d) -> {
          List<String> lines = new ArrayList<>();
          for (int i = 0; i < 200; i++) {
            lines.add(i % 5 + "," + i % 3);
          }
          lines.addAll(List.of("1e200,1e200", "2e200,1e200", "1e200,3e200"));
          return csvArgs(Files.write(d.resolve("a.csv"), lines));
        }, "paper preprocessing keeps no row"),
        new Case("values past the double range", (s, d) -> csvArgs(csv(d, "a.csv", "1e308,1", "1.5e308,1",
            "1.7e308,1")), "too large for double precision"),
        new Case("sample size above n", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "3,4", "5,6", "7,8"),
            "--sampler", "unif", "--sample-size", "5000"), "more than the number of points"),
        new Case("offset clip above 1", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "3,4", "5,6", "7,8"),
            "--offset-clip", "1.5"), "offset-clip must be none, auto or a fraction of r in (0, 1], got '1.5'"),
        new Case("core sample size out of reach", (s, d) -> {
          List<String> lines = new ArrayList<>();
          for (int i = 0; i < 300; i++) {
            lines.add(i % 3 * 0.1 + "," + i % 5 * 0.1);
          }
          return csvArgs(Files.write(d.resolve("a.csv"), lines), "--sampler", "core", "--preprocess", "public",
              "--norm-bound", "1000", "--sample-size", "50%");
        }, "core cannot keep q <= 1 at this sample size"),
        new Case("opt sample size out of reach", (s, d) -> {
          List<String> lines = new ArrayList<>();
          for (int i = 0; i < 300; i++) {
            lines.add(i % 3 * 0.1 + "," + i % 5 * 0.1);
          }
          return csvArgs(Files.write(d.resolve("a.csv"), lines), "--sampler", "opt", "--preprocess", "public",
              "--norm-bound", "1000", "--sample-size", "90%", "--epsilon", "0.1");
        }, "opt cannot reach this sample size at this epsilon"),
        new Case("misspelt config key", (s, d) -> csvArgs(csv(d, "a.csv", "1,2"), "--config",
            Files.writeString(d.resolve("my.properties"), "epsilom = 0.1\n").toString()),
            "unknown key 'epsilom'"),
        new Case("unknown flag", (s, d) -> csvArgs(csv(d, "a.csv", "1,2"), "--epsilom", "0.1"),
            "Unknown options: '--epsilom'"),
        // issue 26: lenient input refused
        new Case("hexadecimal number", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "0x1p3," + MARKER)),
            "a.csv, line 2: non-numeric field in column 0"),
        new Case("double suffix", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", "1.5d," + MARKER)),
            "line 2: non-numeric field in column 0"),
        new Case("float suffix", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",2f")),
            "line 2: non-numeric field in column 1"),
        new Case("stacked files with other headers", (s, d) -> {
          Path dir = Files.createDirectories(d.resolve("in"));
          csv(dir, "a.csv", "x,y", "1,2", "3,4");
          csv(dir, "b.csv", "y,x", "5,6", MARKER + ",8");
          return csvArgs(dir, "--header");
        }, "b.csv: its header is not the first file's"),
        new Case("a header name twice", (s, d) -> csvArgs(csv(d, "a.csv", "x,x", "1,2", MARKER + ",4"), "--header"),
            "columns 0 and 1 of"),
        new Case("a feature twice", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",4"), "--features", "0,0,1"),
            "column '0' is a feature twice"),
        new Case("a feature dropped", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",4"), "--features", "0,1",
            "--drop", "1"), "column '1' is both a feature and dropped"),
        new Case("a sub-folder of an input folder", (s, d) -> {
          Path dir = Files.createDirectories(d.resolve("in"));
          csv(dir, "a.csv", "1,2", MARKER + ",4");
          Files.createDirectories(dir.resolve("more"));
          return csvArgs(dir);
        }, "holds a sub-folder, more"),
        new Case("a file named twice", (s, d) -> {
          Path a = csv(d, "a.csv", "1,2", MARKER + ",4");
          return List.of("--input", a + "," + a, "--privacy", "paper");
        }, "is named twice"),
        new Case("a named pipe", (s, d) -> {
          Path pipe = d.resolve("pipe.csv");
          try {
            new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor();
          } catch (InterruptedException e) {
            throw new IOException(e);
          }
          return csvArgs(pipe);
        }, "not a regular file"),
        new Case("a data file as --config", (s, d) -> csvArgs(csv(d, "a.csv", "1,2"), "--config",
            csv(d, "b.csv", MARKER + ",1.5", "2,3").toString()), "holds a key that names no flag"),
        new Case("an output name with a colon", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",4"), "--output",
            d.resolve("out:1").toString()), "holds a ':'"),
        new Case("an output a glob of the input reads", (s, d) -> {
          Path dir = Files.createDirectories(d.resolve("in"));
          csv(dir, "a.csv", "1,2", MARKER + ",4");
          return csvArgs(d.resolve("in/*"), "--output", dir.resolve("release").toString());
        }, "would read it"),
        new Case("an output under a file", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",4"), "--output",
            Files.writeString(d.resolve("notes.txt"), "mine").resolve("release").toString()), "is a file"),
        new Case("an input name with a colon", (s, d) -> csvArgs(csv(d, "a:b.csv", "1,2", MARKER + ",4")),
            "not a usable Hadoop path"),
        new Case("an unreachable file system", (s, d) -> List.of("--input", "hdfs://127.0.0.1:1/data/a.csv",
            "--privacy", "paper"), "its file system cannot be reached"),
        new Case("too many iterations", (s, d) -> csvArgs(csv(d, "a.csv", "1,2", MARKER + ",4"), "--iterations",
            "100000"), "iterations must be a whole number in [1, 100]"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyProvokedFailureIsOneCleanLineWithoutData(Case c, SparkSession spark, @TempDir Path tmp)
      throws IOException {
    List<String> args = new ArrayList<>(c.setup().args(spark, tmp));
    Path output = tmp.resolve("out");
    if (!args.contains("--iterations")) {
      args.addAll(List.of("--iterations", "2"));
    }
    if (!args.contains("--output")) {
      args.addAll(List.of("--output", output.toString()));
    } else {
      output = Path.of(args.get(args.indexOf("--output") + 1));
    }
    args.addAll(List.of("--k", "2"));
    JobRunner.Outcome o = JobRunner.run(spark, args.toArray(String[]::new));
    assertNotEquals(0, o.exit(), c.name() + ": " + o.out());
    List<String> lines = o.err().lines().toList();
    assertEquals(1, lines.size(), c.name() + ": one line, got " + o.err());
    assertTrue(lines.get(0).startsWith("pais: ") && lines.get(0).contains(c.expected()), c.name() + ": " + o.err());
    assertFalse(o.err().contains(MARKER) || o.out().contains(MARKER), c.name() + " leaks a value: " + o.err());
    assertFalse(o.err().contains("Exception") || o.err().contains("\tat "), c.name() + ": a trace: " + o.err());
    assertFalse(Files.exists(output), c.name() + ": no output may be left behind");
  }

  @Test
  void noMessageNamesTheNumberOfPoints(SparkSession spark, @TempDir Path tmp) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 293; i++) {
      lines.add(i % 4 + "," + i % 5);
    }
    Path in = Files.write(tmp.resolve("rows.csv"), lines);
    for (String sampler : List.of("unif", "core", "opt")) {
      String err = expectFailure(spark, tmp, in, "--sampler", sampler, "--sample-size", "5000").err();
      assertTrue(err.contains("more than the number of points"), err);
      assertFalse(err.contains("293") || err.contains("285"), "n (before or after preprocessing) in: " + err);
    }
  }
}
