package io.pais.experiments;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every study shares: where the data sets are, where the results go, and the test hook. */
final class StudyOptions {
  @Option(names = "--data-dir", description = "folder of the data sets (default: ${DEFAULT-VALUE})")
  Path dataDir = Path.of("../shared/datasets");

  @Option(names = "--output", required = true, description = "output folder")
  Path output;

  @Option(names = "--keep-session", hidden = true, description = "reuse a running SparkSession and leave it running")
  boolean keepSession;
}
