package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.ml.PrivateKMeans;
import io.pais.settings.Setting;
import io.pais.settings.Vocabulary;
import io.pais.tools.SettingSurfaces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.ml.param.Param;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every surface of a setting is made from its one declaration ({@link Setting}): the job's options and their help,
 * the Spark ML params and their docs, and the files {@link SettingSurfaces} writes (the job's defaults, the settings
 * reference, the Python params' docs). A surface that drifts fails here.
 */
class SettingSurfacesTest {

  @Test
  void theJobsOptionsAreTheSettingsWithTheirTexts() {
    CommandLine cli = PaisJob.commandLine(new PaisJob());
    cli.setDefaultValueProvider(new ConfDefaults(null));
    List<String> options = new ArrayList<>();
    for (CommandLine.Model.OptionSpec option : cli.getCommandSpec().options()) {
      if (option.usageHelp() || option.versionHelp()) {
        continue;
      }
      String flag = option.longestName().substring(2);
      options.add(flag);
      Setting setting = Setting.ofFlag(flag).orElseThrow(() -> new AssertionError("--" + flag + " is no setting"));
      String shown = FlagTexts.description(setting).replace("%%", "%")
          .replace("${DEFAULT-VALUE}", setting.jobDefault().orElse(""));
      assertEquals(shown, String.join(" ", option.description()), flag);
    }
    List<String> declared = Arrays.stream(Setting.values()).filter(Setting::isOption).map(Setting::flag).toList();
    assertEquals(new TreeSet<>(declared), new TreeSet<>(options));
  }

  @Test
  void theHelpShowsEachTextWithTheDefaultsFileValue() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = PaisJob.run(null, new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
        System.err);
    String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
    assertEquals(0, code);
    assertTrue(help.contains("target epsilon of the release, in [0.0001, 1000000] (default: 3.0)"), help);
    assertTrue(help.contains("e.g. 5%; auto:"), "a % in a text survives picocli's formatting: " + help);
    assertTrue(help.contains("a public radius R0 (finite, > 0); every raw point is clipped to the ball of this radius "
        + "around --origin"), help);
  }

  @Test
  void theSparkParamsAreTheSettingsWithTheirTexts() {
    PrivateKMeans kmeans = new PrivateKMeans();
    List<String> params = new ArrayList<>();
    for (Param<?> param : kmeans.params()) {
      params.add(param.name());
      Setting setting = Setting.ofParam(param.name()).orElseThrow(() -> new AssertionError(param.name()
          + " is no setting"));
      assertEquals(setting.text(Vocabulary.PARAMS), param.doc(), param.name());
    }
    List<String> declared = Arrays.stream(Setting.values()).filter(Setting::isParam).map(Setting::param).toList();
    assertEquals(new TreeSet<>(declared), new TreeSet<>(params));
  }

  @Test
  void theFilesMadeFromTheSettingsAreUpToDate() throws IOException {
    for (Map.Entry<String, String> file : SettingSurfaces.files().entrySet()) {
      String checkedIn = Files.readString(Path.of(file.getKey()), StandardCharsets.UTF_8);
      assertEquals(file.getValue(), checkedIn, file.getKey() + " drifted from io.pais.settings.Setting: write it "
          + "again with " + SettingSurfaces.REGENERATE);
    }
  }
}
