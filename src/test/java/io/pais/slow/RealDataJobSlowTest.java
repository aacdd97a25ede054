package io.pais.slow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import io.pais.testing.TestVectors;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The job on the full KDD Cup 99 10 % set (494,021 rows, gzip CSV, 38 numeric columns after dropping the three
 * categorical fields and the label) for every sampler. Slow (about a minute): run with {@code mvn -Pslow test}.
 */
@Tag("slow")
@ExtendWith(SharedSparkSession.class)
class RealDataJobSlowTest {

  @ParameterizedTest
  @ValueSource(strings = {"unif", "core", "opt", "full"})
  void kddCupEndToEnd(String sampler, SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = TestVectors.sharedDir().resolve("datasets/kddcup99/kddcup.data_10_percent.gz");
    Path out = tmp.resolve("kdd");
    JobRunner.Outcome o = JobRunner.run(spark, "--privacy", "paper", "--input", input.toString(), "--drop", "1,2,3,41", "--k", "25",
        "--iterations", "10", "--sampler", sampler, "--epsilon", "3", "--sample-size", "2%", "--seed", "1",
        "--evaluate", "--output", out.toString());
    assertEquals(0, o.exit(), o.err());
    JsonNode report = new ObjectMapper().readTree(out.resolve("privacy-report.json").toFile());
    assertEquals(38, report.get("dimension").asInt());
    assertEquals(3.0, report.get("epsilon").asDouble(), 1e-9);
    double n = report.at("/statistics/n/value").asDouble();
    assertTrue(n > 0.97 * 494_021 && n < 0.976 * 494_021, "n after the 97.5 % filter: " + n);
    assertTrue(o.out().contains("NOT private"), o.out());
  }
}
