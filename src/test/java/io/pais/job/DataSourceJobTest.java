package io.pais.job;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on any Spark data source (--format orc, json, with --option passed to the reader), on a catalog table
 * (--table), and the one-line refusals: an unknown source, a missing table, options for pais's own text readers,
 * both or neither of --input and --table.
 */
@ExtendWith(SharedSparkSession.class)
class DataSourceJobTest {
  private static final ObjectMapper JSON = new ObjectMapper();


  private static List<String> job(String... input) {
    List<String> args = new ArrayList<>(List.of(input));
    args.addAll(List.of("--drop", "label", "--k", "6", "--epsilon", "3", "--clip-radius", "25", "--sampler", "opt",
        "--sample-size", "20%", "--seed", "5"));
    return args;
  }

  private static JobRunner.Outcome run(SparkSession spark, List<String> args, Path out) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--output", out.toString()));
    return JobRunner.run(spark, all.toArray(new String[0]));
  }

  @Test
  void orcAndJsonSourcesRunEndToEnd(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path orc = tmp.resolve("blobs.orc");
    Fixtures.blobs(spark).coalesce(2).write().orc(orc.toString());
    JobRunner.Outcome o = run(spark, job("--input", orc.toString(), "--format", "orc"), tmp.resolve("out-orc"));
    assertEquals(0, o.exit(), o.err());
    JsonNode report = JSON.readTree(tmp.resolve("out-orc/privacy-report.json").toFile());
    assertEquals(5, report.get("dimension").asInt());
    assertTrue(report.get("samplingKeys").asText().length() > 0);

    // a JSON file with comments reads only when the reader is told so (--option allowComments=true)
    Path json = tmp.resolve("blobs.json");
    List<String> lines = new ArrayList<>(List.of("/* generated from data-samples/blobs.csv */"));
    Fixtures.blobs(spark).toJSON().collectAsList().forEach(lines::add);
    Files.write(json, lines, StandardCharsets.UTF_8);
    JobRunner.Outcome without = run(spark, job("--input", json.toString(), "--format", "json"),
        tmp.resolve("out-json-plain"));
    assertEquals(1, without.exit(), "the comment line is a corrupt record without the option: " + without.out());
    assertFalse(Files.exists(tmp.resolve("out-json-plain")), "nothing written on failure");
    JobRunner.Outcome with = run(spark, job("--input", json.toString(), "--format", "json", "--option",
        "allowComments=true", "--dimension", "5"), tmp.resolve("out-json"));
    assertEquals(0, with.exit(), with.err());
    JsonNode runJson = JSON.readTree(tmp.resolve("out-json/run.json").toFile());
    assertEquals("allowComments", runJson.get("options").get(0).asText(), "option names are recorded, not values");
  }

  @Test
  void aCatalogTableGivesTheSameReleaseAsItsParquetFiles(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path files = tmp.resolve("blobs.parquet");
    Fixtures.blobs(spark).coalesce(1).write().parquet(files.toString());
    spark.read().parquet(files.toString()).write().mode(SaveMode.Overwrite).format("parquet")
        .option("path", tmp.resolve("table").toString()).saveAsTable("pais_blobs");
    try {
      JobRunner.Outcome fromTable = run(spark, job("--table", "pais_blobs"), tmp.resolve("out-table"));
      assertEquals(0, fromTable.exit(), fromTable.err());
      JobRunner.Outcome fromFiles = run(spark, job("--input", tmp.resolve("table").toString(), "--format",
          "parquet"), tmp.resolve("out-files"));
      assertEquals(0, fromFiles.exit(), fromFiles.err());
      assertEquals(Files.readString(tmp.resolve("out-files/centers.csv")),
          Files.readString(tmp.resolve("out-table/centers.csv")));
      JsonNode report = JSON.readTree(tmp.resolve("out-table/privacy-report.json").toFile());
      assertTrue(report.get("samplingKeys").asText().startsWith("each record's place"), report.toString());
      assertEquals("pais_blobs", JSON.readTree(tmp.resolve("out-table/run.json").toFile()).get("table").asText());
    } finally {
      spark.sql("DROP TABLE IF EXISTS pais_blobs");
    }
  }

  @Test
  void badSourcesAndFlagsAreOneLine(SparkSession spark, @TempDir Path tmp) {
    String csv = Fixtures.blobsCsv();
    assertOneLine(run(spark, job("--input", csv, "--format", "avro"), tmp.resolve("a")), 1,
        "no Spark data source of that name on the classpath");
    assertOneLine(run(spark, job("--table", "no_such_table"), tmp.resolve("b")), 1, "no such table");
    assertOneLine(run(spark, job("--input", csv, "--format", "csv", "--header", "--option", "sep=;"),
        tmp.resolve("c")), 1, "options are for Spark data sources and tables");
    assertOneLine(run(spark, job("--input", csv, "--table", "pais_blobs"), tmp.resolve("d")), 1,
        "give the input as --input");
    assertOneLine(run(spark, job(), tmp.resolve("e")), 1, "give the input as --input");
    for (String out : List.of("a", "b", "c", "d", "e")) {
      assertFalse(Files.exists(tmp.resolve(out)), out + " must not be written");
    }
  }

  private static void assertOneLine(JobRunner.Outcome o, int exit, String message) {
    assertEquals(exit, o.exit(), o.err());
    List<String> lines = o.err().strip().lines().toList();
    assertEquals(1, lines.size(), o.err());
    assertTrue(lines.get(0).startsWith("pais: ") && lines.get(0).contains(message), o.err());
  }
}
