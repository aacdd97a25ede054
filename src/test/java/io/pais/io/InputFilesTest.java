package io.pais.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An input that changes while it is read, and the number grammar (issue 26, items 6 and 7). */
class InputFilesTest {

  @Test
  void aFileTruncatedOrAppendedToWhileReadIsRefused(@TempDir Path tmp) throws Exception {
    Configuration conf = new Configuration();
    Path file = Files.writeString(tmp.resolve("a.csv"), "1,2\n3,4\n5,6\n");
    InputFiles listed = InputFiles.list(List.of(file.toString()), conf);
    listed.requireUnchanged(conf); // untouched: fine
    Files.writeString(file, "1,2\n");
    InputException truncated = assertThrows(InputException.class, () -> listed.requireUnchanged(conf));
    assertTrue(truncated.getMessage().contains("changed while it was read"), truncated.getMessage());
    Files.delete(file);
    InputException gone = assertThrows(InputException.class, () -> listed.requireUnchanged(conf));
    assertTrue(gone.getMessage().contains("disappeared"), gone.getMessage());
  }

  @Test
  void onlyPlainDecimalNumbersAreNumbers() {
    for (String ok : new String[] {"1", "-1", "+1.5", "1.", ".5", "1e3", "1E-3", "-0.0", "007", "1.5e+10"}) {
      assertTrue(DecimalFields.isDecimal(ok), ok);
    }
    for (String bad : new String[] {"", "-", ".", "e3", "1e", "1e+", "0x1p3", "1.5d", "2f", "1_000", "1,5", "NaN",
        "Infinity", "1..2", "1e3.5", " 1"}) {
      assertFalse(DecimalFields.isDecimal(bad), bad);
    }
  }

  @Test
  void failuresAreNamedByWhatHappenedNotByTheFirstGuess() {
    assertTrue(ReadFailures.describe(new java.io.FileNotFoundException("/d/a.csv (Permission denied)"))
        .startsWith("permission denied"));
    assertTrue(ReadFailures.describe(new java.io.FileNotFoundException("/d/a.csv (No such file or directory)"))
        .contains("disappeared"));
    assertTrue(ReadFailures.describe(new java.io.IOException("wrapped", new java.net.ConnectException("refused")))
        .contains("cannot be reached (the connection was refused)"));
    assertTrue(ReadFailures.describe(new java.net.UnknownHostException("namenode")).contains("unknown host"));
    // VectorAssembler's refusal, under Spark's wrapper: its advice survives, and nothing else of its text
    Throwable assembler = new RuntimeException("[FAILED_EXECUTE_UDF] Failed to execute user defined function",
        new IllegalStateException("Encountered null while assembling a row with handleInvalid = \"error\". "
            + "Consider removing nulls from dataset or using handleInvalid = \"keep\" or \"skip\"."));
    assertEquals("a VectorAssembler met a null in one of its input columns (handleInvalid = \"error\"): drop those "
        + "rows first, or build the assembler with handleInvalid = \"skip\"", ReadFailures.describe(assembler));
  }
}
