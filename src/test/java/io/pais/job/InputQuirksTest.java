package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.JobRunner;
import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that are not wrong but were mishandled: a byte-order mark, and a misspelt --config key. */
@ExtendWith(SharedSparkSession.class)
class InputQuirksTest {
  private static final String BOM = "\uFEFF";

  private static String rows() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      sb.append(i % 3).append(',').append(i % 10 * 0.5).append(',').append(i % 7).append('\n');
    }
    return sb.toString();
  }

  @Test
  void aLeadingByteOrderMarkIsIgnoredInTheHeaderAndInTheFirstDataLine(SparkSession spark, @TempDir Path tmp)
      throws IOException {
    Path withHeader = Files.writeString(tmp.resolve("h.csv"), BOM + "label,x,y\n" + rows(), StandardCharsets.UTF_8);
    JobRunner.Outcome o = JobRunner.run(spark, "--privacy", "paper", "--input", withHeader.toString(), "--header", "--drop", "label",
        "--k", "2", "--iterations", "2", "--sampler", "full", "--output", tmp.resolve("a").toString());
    assertEquals(0, o.exit(), o.err());
    assertTrue(Files.readString(tmp.resolve("a/centers.json")).contains("\"dimension\" : 2"));

    Path noHeader = Files.writeString(tmp.resolve("n.csv"), BOM + rows(), StandardCharsets.UTF_8);
    o = JobRunner.run(spark, "--privacy", "paper", "--input", noHeader.toString(), "--k", "2", "--iterations", "2", "--sampler", "full",
        "--output", tmp.resolve("b").toString());
    assertEquals(0, o.exit(), o.err());
  }

  @Test
  void aMisspeltConfigKeyIsRefusedWithTheClosestFlag(SparkSession spark, @TempDir Path tmp) throws IOException {
    Path input = Files.writeString(tmp.resolve("p.csv"), rows());
    Path config = Files.writeString(tmp.resolve("my.properties"), "k = 2\nepsilom = 0.1\n");
    JobRunner.Outcome o = JobRunner.run(spark, "--config", config.toString(), "--input", input.toString(),
        "--output", tmp.resolve("out").toString());
    assertEquals(2, o.exit());
    assertEquals("pais: unknown key 'epsilom' in --config " + config + " (did you mean 'epsilon'?)", o.err().strip());
    assertEquals(1, ConfDefaults.editDistance("epsilom", "epsilon"));
    assertEquals(3, ConfDefaults.editDistance("sampler", "smaple"));
    assertEquals(3, ConfDefaults.editDistance("", "abc"));
  }
}
