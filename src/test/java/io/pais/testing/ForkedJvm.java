package io.pais.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a fresh JVM with the test classpath and Spark's Java 17 flags, as a user's terminal
 * would see it: for what an in-process run cannot show (the console a log configuration produces, a small
 * heap).
 */
public final class ForkedJvm {
  private ForkedJvm() {}

  /** What the JVM printed and returned. */
  public record Result(int exit, String out, String err) {}

  /**
   * The command line of a fresh JVM: this JVM's java, its module flags (not its heap or modules), {@code jvmOptions},
   * this JVM's classpath, then {@code mainClass} and {@code args}.
   */
  public static List<String> command(List<String> jvmOptions, String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens") || option.startsWith("-Djdk.reflect") || option.startsWith("-Dio.netty")
          || option.equals("-XX:+IgnoreUnrecognizedVMOptions")) {
        command.add(option);
      }
    }
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  public static Result run(Path workDir, List<String> jvmOptions, String mainClass, String... args)
      throws IOException, InterruptedException {
    List<String> command = command(jvmOptions, mainClass, List.of(args));
    Path out = Files.createTempFile(workDir, "stdout", ".txt");
    Path err = Files.createTempFile(workDir, "stderr", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process = builder.start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("forked JVM did not finish in 5 minutes: " + command);
    }
    return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
