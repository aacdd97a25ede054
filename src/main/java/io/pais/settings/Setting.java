package io.pais.settings;

import io.pais.accounting.BudgetAllocation.CoresetShares;
import io.pais.accounting.InitShare;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every setting of a release, declared once: the job's flag, the Spark ML param, what it is about (its role), the
 * job's default and its text. The texts live in one resource bundle ({@code settings.properties} beside this
 * class, see {@link SettingTexts}); the job's options and {@code --help}, the Spark ML params' docs, the Python params'
 * docs, {@code conf/pais-defaults.properties} and {@code docs/reference/settings.md} are made from them, and
 * {@code SettingSurfacesTest} fails when any of them drifts.
 *
 * <p>A plain setting (a number or a switch with a range and a default: {@link PlainValue}) needs nothing more: its
 * option, its param, its check and its record in run.json are made from this declaration, and its consumer reads it
 * from {@link KMeansSettings#values()}. A setting the code builds a value of its own from (a list of k, bounds, the
 * sampler) still has its field in {@code JobFlags}, its param and its builder setter.
 *
 * <p>A setting only the job has (its input and output) has no param; one only the Spark ML stages have (the columns)
 * has no flag. {@link #K_CANDIDATES} is the param behind a list given to the job's {@code --k}: it names that flag in
 * messages but declares no option of its own.
 */
public enum Setting {
  CONFIG("config", null, Role.INPUT, null),
  INPUT("input", null, Role.INPUT, null),
  TABLE("table", null, Role.INPUT, null),
  FORMAT("format", null, Role.INPUT, "csv"),
  OPTION("option", null, Role.INPUT, null),
  HEADER("header", null, Role.INPUT, "false"),
  SKIP_LINES("skip-lines", null, Role.INPUT, null),
  DELIMITER("delimiter", null, Role.INPUT, ","),
  FEATURES("features", null, Role.INPUT, null),
  DROP("drop", null, Role.INPUT, null),
  VECTOR_COLUMN("vector-column", null, Role.INPUT, null),
  FEATURES_COLUMN(null, "featuresCol", Role.INPUT, null),
  PREDICTION_COLUMN(null, "predictionCol", Role.OUTPUT, null),
  DIMENSION("dimension", "dimension", Role.INPUT, null),
  K("k", "k", Role.CLUSTERING, Integer.toString(Defaults.K)),
  K_CANDIDATES("k", "kCandidates", Role.CLUSTERING, null),
  BUDGET_K_SELECTION(PlainValue.share(Defaults.K_SELECTION_SHARE), "budget-k-selection", "budgetKSelection",
      Role.CLUSTERING),
  ITERATIONS("iterations", "maxIter", Role.CLUSTERING, Defaults.ITERATIONS.describe()),
  OFFSET_CLIP("offset-clip", "offsetClip", Role.CLUSTERING, Defaults.OFFSET_CLIP.describe()),
  INIT("init", "initMode", Role.CLUSTERING, Defaults.INITIALISATION.id()),
  EPSILON("epsilon", "epsilon", Role.PRIVACY, Double.toString(Defaults.EPSILON)),
  PRIVACY("privacy", "privacyMode", Role.PRIVACY, Defaults.PRIVACY.id()),
  SEED("seed", "seed", Role.PRIVACY, null),
  CLIP_RADIUS("clip-radius", "clipRadius", Role.STRICT, null),
  ORIGIN("origin", "origin", Role.STRICT, null),
  BOUNDS("bounds", "bounds", Role.STRICT, null),
  NORM_QUANTILE(PlainValue.number("(0, 1]", Defaults.NORM_QUANTILE), "norm-quantile", "normQuantile", Role.STRICT),
  TAIL_RADIUS(PlainValue.toggle(Defaults.TAIL_RADIUS), "tail-radius", "tailRadius", Role.STRICT),
  OUTLIERS("outliers", "outliers", Role.STRICT, Defaults.OUTLIERS.id()),
  BUDGET_CENTRE(PlainValue.share(Defaults.CENTRE_SHARE), "budget-centre", "budgetCentre", Role.STRICT),
  BUDGET_HISTOGRAM(PlainValue.share(Defaults.HISTOGRAM_SHARE), "budget-histogram", "budgetHistogram", Role.STRICT),
  BUDGET_INIT("budget-init", "budgetInit", Role.STRICT, Defaults.INIT_SHARE.describe()),
  BUDGET_SUMMARY(PlainValue.number("[0, 1)", Defaults.SUMMARY_SHARE), "budget-summary", "budgetSummary", Role.STRICT),
  CORESET_SAMPLE_SIZE(PlainValue.number("[1, inf)", Defaults.CORESET_SAMPLE_SIZE), "coreset-sample-size",
      "coresetSampleSize", Role.STRICT),
  NORM_BOUND("norm-bound", "normBound", Role.STRICT, null),
  CENTRE("center", "center", Role.STRICT, null),
  SAMPLER("sampler", "sampler", Role.SAMPLING, Defaults.SAMPLER.id()),
  SAMPLE_SIZE("sample-size", "sampleSize", Role.SAMPLING, Defaults.SAMPLE_SIZE.describe()),
  LAMBDA(PlainValue.number("[0, 1]", Defaults.LAMBDA), "lambda", "lambda", Role.SAMPLING),
  GEOMETRY("geometry", "geometry", Role.SAMPLING, Defaults.GEOMETRY.id()),
  CORE_SUPREMUM("core-supremum", null, Role.SAMPLING, Defaults.CORE_SUPREMUM.id()),
  NOISE("noise", "noise", Role.UNIFORM_SCHEMES, Defaults.NOISE.id()),
  DELTA(PlainValue.number("[0, 1)", Defaults.DELTA), "delta", "delta", Role.UNIFORM_SCHEMES),
  STAGE1_SIZE("stage1-size", "stage1Size", Role.UNIFORM_SCHEMES, null),
  STAGE1_CACHED(PlainValue.toggle(Defaults.STAGE1_CACHED), "stage1-cached", "stage1Cached", Role.UNIFORM_SCHEMES),
  PREPROCESS("preprocess", "preprocessing", Role.PAPER, null),
  GUARDS(PlainValue.toggle(Defaults.GUARDS), "guards", "guards", Role.POST_PROCESSING),
  MIN_NOISY_COUNT(PlainValue.number("(-inf, inf)", Defaults.MIN_NOISY_COUNT), "min-noisy-count", "minNoisyCount",
      Role.POST_PROCESSING),
  STREAM("stream", null, Role.STREAM, null),
  CHECKPOINT("checkpoint", null, Role.STREAM, null),
  EVENT_TIME("event-time", null, Role.STREAM, null),
  WINDOW("window", null, Role.STREAM, "1h"),
  WATERMARK("watermark", null, Role.STREAM, "0s"),
  TRIGGER("trigger", null, Role.STREAM, "10s"),
  USER_COLUMN("user-column", null, Role.STREAM, null),
  RECORDS_PER_USER("records-per-user", null, Role.STREAM, null),
  OUTPUT("output", null, Role.OUTPUT, null),
  OVERWRITE("overwrite", null, Role.OUTPUT, null),
  EVALUATE("evaluate", null, Role.OUTPUT, null),
  BUDGET_LEDGER("budget-ledger", "budgetLedger", Role.OUTPUT, null),
  ALLOW_NON_ATOMIC_RENAME("allow-non-atomic-rename", "allowNonAtomicRename", Role.OUTPUT, null),
  VERBOSE("verbose", null, Role.RUN, null),
  MASTER("master", null, Role.RUN, null);

  /** What a setting is about: the sections of the settings reference and of the job's defaults file. */
  public enum Role {
    INPUT("Input"),
    CLUSTERING("Clustering"),
    PRIVACY("Privacy"),
    STRICT("Strict releases"),
    SAMPLING("Sampling"),
    UNIFORM_SCHEMES("Uniform schemes"),
    PAPER("Paper mode"),
    POST_PROCESSING("Post-processing"),
    STREAM("Streams"),
    OUTPUT("Output"),
    RUN("Run");

    private final String title;

    Role(String title) {
      this.title = title;
    }

    /** The section's title. */
    public String title() {
      return title;
    }
  }

  private final String flag;
  private final String param;
  private final Role role;
  private final String jobDefault;
  private final PlainValue plain;

  Setting(String flag, String param, Role role, String jobDefault) {
    this.flag = flag;
    this.param = param;
    this.role = role;
    this.jobDefault = jobDefault;
    this.plain = null;
  }

  /** A plain setting: its value flows to its consumer through {@link SettingValues}, and run.json records it. */
  Setting(PlainValue plain, String flag, String param, Role role) {
    if (param == null) {
      throw new IllegalStateException(flag + ": a plain setting needs a param (run.json records it by that name)");
    }
    this.flag = flag;
    this.param = param;
    this.role = role;
    this.jobDefault = String.valueOf(plain.defaultValue());
    this.plain = plain;
  }

  /** Its type, range and default when it is a plain setting; null for one the code builds a value of its own from. */
  public PlainValue plain() {
    return plain;
  }

  /** The job's flag without its "--", as the keys of {@code conf/pais-defaults.properties} spell it; null: none. */
  public String flag() {
    return flag;
  }

  /** The Spark ML param's name; null: the stages have none. */
  public String param() {
    return param;
  }

  public Role role() {
    return role;
  }

  /** Whether the job declares an option for it (every setting with a flag but {@link #K_CANDIDATES}). */
  public boolean isOption() {
    return flag != null && this != K_CANDIDATES;
  }

  /** Whether the Spark ML stages declare a param for it. */
  public boolean isParam() {
    return param != null;
  }

  /** The job's default, as {@code conf/pais-defaults.properties} writes it; empty when the flag has none. */
  public Optional<String> jobDefault() {
    return Optional.ofNullable(jobDefault);
  }

  /** Its key in the texts: the flag when it is an option, else the param. */
  public String key() {
    return isOption() ? flag : param;
  }

  /** What it does, in one vocabulary's names (a flag's text speaks of flags, a param's of params). */
  public String text(Vocabulary vocabulary) {
    return SettingTexts.text(this, vocabulary);
  }

  /** Whether the flag and the param take their values differently, so that each has a text of its own. */
  public boolean takesValuesDifferently() {
    return SettingTexts.hasOwnTexts(this);
  }

  /** The setting whose key (flag or param, see {@link #key}) this is; empty when none. */
  public static Optional<Setting> ofKey(String key) {
    return Arrays.stream(values()).filter(s -> s.key().equals(key)).findFirst();
  }

  /** The setting behind the job's option {@code --flag}; empty when none. */
  public static Optional<Setting> ofFlag(String flag) {
    return Arrays.stream(values()).filter(s -> s.isOption() && s.flag.equals(flag)).findFirst();
  }

  /** The setting behind the Spark ML param {@code param}; empty when none. */
  public static Optional<Setting> ofParam(String param) {
    return Arrays.stream(values()).filter(s -> param.equals(s.param)).findFirst();
  }

  /** The constants the texts name as {@code {=NAME}}: rules' figures are read from the code, never retyped. */
  static Optional<String> constant(String name) {
    Object value = switch (name) {
      case "MIN_K" -> KMeansSettings.MIN_K;
      case "MAX_K" -> KMeansSettings.MAX_K;
      case "MIN_EPSILON" -> KMeansSettings.MIN_EPSILON;
      case "MAX_EPSILON" -> KMeansSettings.MAX_EPSILON;
      case "MAX_ITERATIONS" -> Iterations.MAX;
      case "EVERY_POINT_LIMIT" -> SampleSizeRule.Auto.EVERY_POINT_LIMIT;
      case "GROWTH_CAP" -> SampleSizeRule.Auto.GROWTH_CAP;
      case "BASE_SAMPLE_SIZE" -> SampleSizeRule.Auto.BASE.describe();
      case "SAMPLE_SIZES" -> SampleSizeRule.Auto.sizesText();
      case "SPARSE_SHARE" -> InitShare.Auto.SPARSE_SHARE;
      case "DENSE_SHARE" -> InitShare.Auto.DENSE_SHARE;
      case "SPARSE_BELOW" -> InitShare.Auto.SPARSE_BELOW;
      case "NO_CORESET_BELOW" -> InitShare.Auto.NO_CORESET_BELOW;
      case "TAIL_AXES_SHARE" -> CoresetShares.TAIL_AXES_SHARE;
      default -> null;
    };
    return Optional.ofNullable(value).map(v -> v instanceof Double d ? plain(d) : String.valueOf(v));
  }

  /** A double as people write it: 0.0001, 1000000, 0.05 (not 1.0E-4 or 1000000.0). */
  private static String plain(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
