package io.pais.experiments;

import io.pais.io.InputException;
import picocli.CommandLine;

/**
 * How a study's command line runs: a missing data set or a bad setting ends the run with one line on stderr and exit
 * status 1, not a stack trace; anything else is a bug and keeps its trace.
 */
final class StudyCommand {
  private StudyCommand() {}

  static CommandLine of(Object study) {
    CommandLine line = new CommandLine(study);
    line.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (e instanceof InputException || e instanceof IllegalArgumentException) {
        commandLine.getErr().println(commandLine.getCommandName() + ": " + e.getMessage());
        return 1;
      }
      throw e;
    });
    return line;
  }
}
