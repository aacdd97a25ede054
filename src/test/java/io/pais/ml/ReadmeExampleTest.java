package io.pais.ml;

import io.pais.testing.Fixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.SharedSparkSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The README's Java example is the compiled {@link PipelineExample}, word for word, and it runs. */
@ExtendWith(SharedSparkSession.class)
class ReadmeExampleTest {

  private static String normalise(List<String> lines) {
    int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
        .min().orElse(0);
    return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).collect(Collectors.joining("\n")).strip();
  }

  @Test
  void readmeShowsTheCompiledExample() throws IOException {
    List<String> source = Files.readAllLines(Path.of("src/test/java/io/pais/ml/PipelineExample.java"));
    int begin = source.indexOf(source.stream().filter(l -> l.contains("README-EXAMPLE-BEGIN")).findFirst().orElseThrow());
    int end = source.indexOf(source.stream().filter(l -> l.contains("README-EXAMPLE-END")).findFirst().orElseThrow());
    String example = normalise(source.subList(begin + 1, end));
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("```java\n");
    assertTrue(start >= 0, "README has no java example");
    String block = readme.substring(start + 8, readme.indexOf("```", start + 8));
    assertEquals(example, normalise(List.of(block.split("\n"))));
  }

  @Test
  void theExampleRuns(SparkSession spark, @TempDir Path tmp) throws IOException {
    List<Row> predictions = PipelineExample.run(spark, Fixtures.blobsCsv(), tmp.resolve("model").toString())
        .collectAsList();
    assertEquals(2 * 12_000, predictions.size());
  }
}
