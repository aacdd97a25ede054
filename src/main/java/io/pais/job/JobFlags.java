package io.pais.job;

import io.pais.accounting.InitShare;
import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.io.EventLines;
import io.pais.io.InputFormat;
import io.pais.math.Checks;
import io.pais.stream.StreamSource;
import io.pais.io.InputSpec;
import io.pais.io.ReleaseWriter;
import io.pais.privacy.BaseNoise;
import io.pais.privacy.Seed;
import io.pais.sampling.Sampler;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.GeometryChoice;
import io.pais.settings.Initialisation;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.OffsetClip;
import io.pais.settings.Outliers;
import io.pais.settings.Preprocessing;
import io.pais.settings.PrivacyMode;
import io.pais.settings.SampleSize;
import io.pais.settings.PlainValue;
import io.pais.settings.SampleSizeRule;
import io.pais.settings.Setting;
import io.pais.settings.SettingValues;
import io.pais.settings.Vocabulary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The job's flags as picocli declares them (a mixin of {@link PaisJob}): names, arity and value labels only; each
 * flag's text and default come from its {@link io.pais.settings.Setting} ({@link FlagTexts}, {@link ConfDefaults}),
 * and {@code SettingSurfacesTest} holds the two to each other.
 */
final class JobFlags {
  /** The command the flags belong to: its plain settings' options are made from {@link Setting}, not declared here. */
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** Adds an option for every plain setting ({@link PlainValue}) of the job to {@code spec}, before it parses. */
  static void addPlainOptions(CommandSpec spec) {
    for (Setting setting : Setting.values()) {
      if (setting.isOption() && setting.plain() != null) {
        OptionSpec.Builder option = OptionSpec.builder("--" + setting.flag()).type(setting.plain().type().javaType());
        if (setting.plain().type() == PlainValue.Type.BOOLEAN) { // --x, --x=false and --no-x, as the declared switches
          option.negatable(true).arity("0..1").fallbackValue("true");
        }
        spec.addOption(option.build());
      }
    }
  }

  /** The plain settings' values as given (or as the defaults file sets them). */
  private SettingValues plainValues() {
    Map<Setting, Object> given = new EnumMap<>(Setting.class);
    for (Setting setting : Setting.values()) {
      if (setting.isOption() && setting.plain() != null) {
        given.put(setting, command.findOption("--" + setting.flag()).getValue());
      }
    }
    return SettingValues.of(Vocabulary.FLAGS, given);
  }

  @Option(names = "--config", paramLabel = "FILE")
  Path config;

  @Option(names = "--input", split = ",", paramLabel = "PATH")
  List<String> input;

  @Option(names = "--table", paramLabel = "DB.NAME")
  String table;

  @Option(names = "--format")
  String format;

  @Option(names = "--option", paramLabel = "KEY=VALUE")
  Map<String, String> options = new LinkedHashMap<>();

  @Option(names = "--header", negatable = true, arity = "0..1", fallbackValue = "true")
  boolean header;

  @Option(names = "--skip-lines")
  int skipLines;

  @Option(names = "--delimiter")
  String delimiter;

  @Option(names = "--features", split = ",", paramLabel = "COL")
  List<String> features = new ArrayList<>();

  @Option(names = "--drop", split = ",", paramLabel = "COL")
  List<String> drop = new ArrayList<>();

  @Option(names = "--vector-column", paramLabel = "COL")
  String vectorColumn = "";

  @Option(names = "--dimension")
  int dimension;

  @Option(names = "--k", paramLabel = "K[,K...]")
  String k;

  @Option(names = "--iterations")
  String iterations;

  @Option(names = "--offset-clip")
  String offsetClip;

  @Option(names = "--epsilon")
  double epsilon;

  @Option(names = "--sampler")
  String sampler;

  @Option(names = "--sample-size", paramLabel = "M")
  String sampleSize;

  @Option(names = "--stage1-size", paramLabel = "N1")
  String stage1Size;

  @Option(names = "--noise")
  String noise;

  @Option(names = "--geometry")
  String geometry;

  @Option(names = "--privacy")
  String privacy;

  @Option(names = "--clip-radius", paramLabel = "R0")
  Double clipRadius;

  @Option(names = "--origin", split = ",", paramLabel = "X")
  double[] origin;

  @Option(names = "--bounds", paramLabel = "LO:HI[,LO:HI...]")
  String bounds;

  @Option(names = "--outliers")
  String outliers;

  @Option(names = "--budget-init")
  String budgetInit;

  @Option(names = "--preprocess")
  String preprocess;

  @Option(names = "--norm-bound", paramLabel = "R")
  Double normBound;

  @Option(names = "--center", split = ",", paramLabel = "X")
  double[] center;

  @Option(names = "--init")
  String init;

  @Option(names = "--seed", paramLabel = "SEED")
  String seed;

  @Option(names = "--core-supremum")
  String coreSupremum;

  @Option(names = "--stream")
  boolean stream;

  @Option(names = "--checkpoint", paramLabel = "DIR")
  String checkpoint;

  @Option(names = "--event-time", paramLabel = "COL")
  String eventTime;

  @Option(names = "--window", paramLabel = "DURATION")
  String window;

  @Option(names = "--watermark", paramLabel = "DURATION")
  String watermark;

  @Option(names = "--trigger", paramLabel = "INTERVAL")
  String trigger;

  @Option(names = "--user-column", paramLabel = "COL")
  String userColumn;

  @Option(names = "--records-per-user", paramLabel = "C")
  int recordsPerUser;

  @Option(names = "--output", required = true, paramLabel = "DIR")
  String output;

  @Option(names = "--overwrite")
  boolean overwrite;

  @Option(names = "--evaluate")
  boolean evaluate;

  @Option(names = "--verbose")
  boolean verbose;

  @Option(names = "--master")
  String master;

  @Option(names = "--budget-ledger", paramLabel = "PATH")
  String budgetLedger;

  @Option(names = ReleaseWriter.NON_ATOMIC_FLAG)
  boolean allowNonAtomicRename;

  /** What to read: the flags of the input. */
  InputSpec inputSpec() {
    return new InputSpec(input == null ? List.of() : input, table, InputFormat.parse(format), options, header,
        skipLines, delimiter, features, drop, vectorColumn, dimension);
  }

  /** The stream's source: the folder (--input, one) or a --format source with its --option settings. */
  StreamSource streamSource() {
    String kind = format == null ? "csv" : format;
    Checks.require(table == null, "--stream reads a folder (--input) or a streaming source (--format kafka), not a "
        + "table");
    Checks.require(kind.equals("csv") || input == null || input.isEmpty(), "--stream with --format " + kind + " reads "
        + "from its --option settings; --input is for a folder of delimited files (--format csv)");
    Checks.require(!kind.equals("csv") || input != null && input.size() == 1, "--stream reads one folder: give "
        + "--input FOLDER");
    Checks.require(dimension > 0, "--stream needs --dimension D: a stream's dimension is public and fixed when it "
        + "starts");
    EventLines lines = new EventLines(delimiter == null ? "," : delimiter, header, eventTime, userColumn, features, drop,
        dimension);
    Checks.require(skipLines == 0, "--skip-lines is for files read at once; a stream's files have at most a header");
    return new StreamSource(kind, kind.equals("csv") ? input.get(0) : null, options, lines);
  }

  /** --k: one whole number, or a comma-separated list of candidates (given once, as every other flag). */
  private static List<Integer> clusters(String value) {
    List<Integer> out = new ArrayList<>();
    for (String token : value.split(",", -1)) {
      try {
        out.add(Integer.parseInt(token.strip()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--k must be a whole number or a comma-separated list of them (candidates "
            + "to choose from privately), got '" + value + "'");
      }
    }
    return out;
  }

  /** The flags as settings: every rule between them is checked by the settings' builder, in the flags' names. */
  KMeansSettings settings() {
    List<Integer> clusters = clusters(k);
    return KMeansSettings.builder(Vocabulary.FLAGS)
        .k(clusters.get(0)).kCandidates(clusters.size() > 1 ? clusters : List.of()).values(plainValues())
        .iterations(Iterations.parse(iterations)).offsetClip(OffsetClip.parse("offset-clip", offsetClip))
        .epsilon(epsilon).geometry(GeometryChoice.parse(geometry))
        .initialisation(Initialisation.parse(init))
        .sampler(Sampler.parse(sampler)).sampleSize(SampleSizeRule.parse("sample-size", sampleSize))
        .coreSupremum(CoreSupremum.parse(coreSupremum))
        .stage1Size(stage1Size == null ? null : SampleSize.parse("stage1-size", stage1Size))
        .noise(BaseNoise.parse(noise))
        .privacy(PrivacyMode.Kind.parse(privacy))
        .preprocessing(preprocess == null ? null : Preprocessing.parse(preprocess))
        .clipRadius(clipRadius).origin(origin).bounds(bounds == null ? null : CoordinateBounds.parse(bounds))
        .outliers(Outliers.parse(outliers)).initShare(InitShare.parse(budgetInit))
        .normBound(normBound).centre(center)
        .seed(seed == null ? null : Seed.parse(seed))
        .build();
  }
}
