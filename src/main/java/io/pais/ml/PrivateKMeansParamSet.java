package io.pais.ml;

import static io.pais.ml.ParamRules.finiteAbove;
import static io.pais.ml.ParamRules.finiteArray;
import static io.pais.ml.ParamRules.inRange;
import static io.pais.ml.ParamRules.nonEmpty;
import static io.pais.ml.ParamRules.oneOf;
import static io.pais.ml.ParamRules.parsesAsBounds;
import static io.pais.ml.ParamRules.validator;

import io.pais.settings.Defaults;
import io.pais.settings.Initialisation;
import io.pais.settings.OffsetClip;
import io.pais.settings.KMeansSettings;
import io.pais.settings.Iterations;
import io.pais.settings.Outliers;
import io.pais.settings.PrivacyMode;
import io.pais.privacy.BaseNoise;
import io.pais.settings.GeometryChoice;
import io.pais.settings.Preprocessing;
import io.pais.settings.Setting;
import io.pais.settings.SettingValues;
import io.pais.settings.Vocabulary;
import io.pais.sampling.Sampler;
import java.io.Serializable;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import scala.Function1;

/**
 * Every param of {@link PrivateKMeans} and {@link PrivateKMeansModel}, declared once in Java with its validator
 * and its default side by side. Both stages own one instance (created with themselves as parent) and expose it
 * through {@link PrivateKMeansParams}. Names follow MLlib's KMeans where the meaning is the same.
 */
public final class PrivateKMeansParamSet implements Serializable {
  private static final long serialVersionUID = 1L;

  final IntParam k;
  final IntArrayParam kCandidates;
  /** The plain settings' params, made from their Setting (io.pais.settings.PlainValue): none declared here. */
  private final Map<Setting, Param<Object>> plain = new EnumMap<>(Setting.class);
  final IntParam maxIter;
  final LongParam seed;
  final Param<String> featuresCol;
  final IntParam dimension;
  final Param<String> predictionCol;
  final DoubleParam epsilon;
  final Param<String> sampler;
  final DoubleParam sampleSize;
  final Param<String> geometry;
  final DoubleParam normBound;
  final DoubleArrayParam center;
  final Param<String> preprocessing;
  final Param<String> initMode;
  final Param<String> offsetClip;
  final Param<String> privacyMode;
  final DoubleParam clipRadius;
  final DoubleArrayParam origin;
  final Param<String> bounds;
  final Param<String> outliers;
  final DoubleParam budgetInit;
  final DoubleParam stage1Size;
  final Param<String> noise;
  final Param<String> budgetLedger;
  final BooleanParam allowNonAtomicRename;

  PrivateKMeansParamSet(Params owner) {
    String parent = owner.uid();
    k = new IntParam(parent, "k", doc(Setting.K), inRange("k", KMeansSettings.MIN_K, KMeansSettings.MAX_K));
    kCandidates = new IntArrayParam(owner, "kCandidates", doc(Setting.K_CANDIDATES),
        validator((int[] v) -> v.length >= 2
            && java.util.Arrays.stream(v).allMatch(c -> c >= 2 && c <= KMeansSettings.MAX_K),
            v -> "kCandidates must hold at least two values, each in [2, " + KMeansSettings.MAX_K + "], got "
                + java.util.Arrays.toString(v)));
    maxIter = new IntParam(parent, "maxIter", doc(Setting.ITERATIONS), inRange("maxIter", 0, Iterations.MAX));
    seed = new LongParam(parent, "seed", doc(Setting.SEED));
    featuresCol = new Param<>(parent, "featuresCol", doc(Setting.FEATURES_COLUMN),
        nonEmpty("featuresCol"));
    dimension = new IntParam(parent, "dimension", doc(Setting.DIMENSION),
        inRange("dimension", 0, io.pais.io.PointReader.MAX_DIMENSION));
    predictionCol = new Param<>(parent, "predictionCol", doc(Setting.PREDICTION_COLUMN), nonEmpty("predictionCol"));
    epsilon = new DoubleParam(parent, "epsilon", doc(Setting.EPSILON), inRange("epsilon", KMeansSettings.MIN_EPSILON,
        KMeansSettings.MAX_EPSILON));
    String[] samplers = ids(Sampler.values(), Sampler::id);
    sampler = new Param<>(parent, "sampler", doc(Setting.SAMPLER), oneOf("sampler", samplers));
    sampleSize = new DoubleParam(parent, "sampleSize", doc(Setting.SAMPLE_SIZE), finiteAbove("sampleSize", 0));
    geometry = new Param<>(parent, "geometry", doc(Setting.GEOMETRY),
        oneOf("geometry", ids(GeometryChoice.values(), GeometryChoice::id)));
    normBound = new DoubleParam(parent, "normBound", doc(Setting.NORM_BOUND), finiteAbove("normBound", 0));
    center = new DoubleArrayParam(owner, "center", doc(Setting.CENTRE), finiteArray("center"));
    preprocessing = new Param<>(parent, "preprocessing", doc(Setting.PREPROCESS),
        oneOf("preprocessing", ids(Preprocessing.values(), Preprocessing::id)));
    privacyMode = new Param<>(parent, "privacyMode", doc(Setting.PRIVACY),
        oneOf("privacyMode", ids(PrivacyMode.Kind.values(), PrivacyMode.Kind::id)));
    clipRadius = new DoubleParam(parent, "clipRadius", doc(Setting.CLIP_RADIUS), finiteAbove("clipRadius", 0));
    origin = new DoubleArrayParam(owner, "origin", doc(Setting.ORIGIN),
        finiteArray("origin"));
    bounds = new Param<>(parent, "bounds", doc(Setting.BOUNDS), parsesAsBounds());
    outliers = new Param<>(parent, "outliers", doc(Setting.OUTLIERS),
        oneOf("outliers", ids(Outliers.values(), Outliers::id)));
    budgetInit = new DoubleParam(parent, "budgetInit", doc(Setting.BUDGET_INIT),
        inRange("budgetInit", Double.MIN_VALUE, 1 - 1e-12));
    String[] starts = ids(Initialisation.values(), Initialisation::id);
    initMode = new Param<>(parent, "initMode", doc(Setting.INIT), validator(
        (String v) -> v != null && Arrays.asList(starts).contains(v.toLowerCase(java.util.Locale.ROOT)),
        v -> "initMode must be one of " + String.join(", ", starts) + ", got '" + v + "'" + mllibStart(v)));
    offsetClip = new Param<>(parent, "offsetClip", doc(Setting.OFFSET_CLIP), parsesAsOffsetClip());
    stage1Size = new DoubleParam(parent, "stage1Size", doc(Setting.STAGE1_SIZE), finiteAbove("stage1Size", 0));
    noise = new Param<>(parent, "noise", doc(Setting.NOISE),
        oneOf("noise", ids(BaseNoise.values(), BaseNoise::id)));
    budgetLedger = new Param<>(parent, "budgetLedger", doc(Setting.BUDGET_LEDGER),
        validator((String v) -> v != null && !v.isBlank(),
            v -> "budgetLedger must be a non-empty Hadoop path, got '" + v + "'"));
    allowNonAtomicRename = new BooleanParam(parent, "allowNonAtomicRename", doc(Setting.ALLOW_NON_ATOMIC_RENAME));
    for (Setting setting : Setting.values()) {
      if (setting.isParam() && setting.plain() != null) {
        Function1<Object, Object> rule = validator((Object v) -> setting.plain().accepts(v),
            v -> setting.param() + " must be in " + setting.plain().range() + ", got " + v);
        // typed params: Spark saves a param's value through its type's JSON encoding
        plain.put(setting, switch (setting.plain().type()) {
          case DOUBLE -> new DoubleParam(parent, setting.param(), doc(setting), rule);
          case INT -> new IntParam(parent, setting.param(), doc(setting), rule);
          case BOOLEAN -> new BooleanParam(parent, setting.param(), doc(setting));
        });
      }
    }
  }

  /**
   * The plain settings' values ({@code io.pais.settings.PlainValue}) as {@code owner} holds them. Their params are made
   * here from {@link Setting}; Spark, which finds a stage's params through public no-argument accessors, is handed them
   * by the stages' {@code params()} ({@link #withPlain}).
   */
  SettingValues values(Params owner) {
    Map<Setting, Object> given = new EnumMap<>(Setting.class);
    for (Setting setting : Setting.values()) {
      if (setting.isParam() && setting.plain() != null) {
        given.put(setting, owner.getOrDefault(plain.get(setting)));
      }
    }
    return SettingValues.of(Vocabulary.PARAMS, given);
  }

  /** The param of plain setting {@code setting}. */
  Param<Object> plain(Setting setting) {
    return plain.get(setting);
  }

  /** {@code declared} (the params Spark found through their accessors) and the plain settings' params. */
  Param<?>[] withPlain(Param<?>[] declared) {
    java.util.List<Param<?>> all = new java.util.ArrayList<>(java.util.Arrays.asList(declared));
    all.addAll(plain.values());
    all.sort(java.util.Comparator.comparing(Param::name));
    return all.toArray(new Param<?>[0]);
  }

  /** A param's doc: its setting's text in the params' vocabulary. */
  private static String doc(Setting setting) {
    return setting.text(Vocabulary.PARAMS);
  }

  /** The defaults: {@link Defaults}, the settings' one source, in the params' types. */
  void setDefaults(Params owner) {
    owner.setDefault(k, Defaults.ML_K);
    owner.setDefault(maxIter, 0); // auto
    owner.setDefault(featuresCol, "features");
    owner.setDefault(dimension, 0);
    owner.setDefault(predictionCol, "prediction");
    owner.setDefault(epsilon, Defaults.EPSILON);
    owner.setDefault(sampler, Defaults.SAMPLER.id());
    // sampleSize has no default: unset is Defaults.SAMPLE_SIZE, auto (a size chosen once n̂ and r are known)
    owner.setDefault(geometry, Defaults.GEOMETRY.id());
    owner.setDefault(preprocessing, Defaults.PREPROCESSING.id());
    owner.setDefault(initMode, Defaults.INITIALISATION.id());
    owner.setDefault(allowNonAtomicRename, false);
    owner.setDefault(offsetClip, Defaults.OFFSET_CLIP.describe());
    owner.setDefault(privacyMode, Defaults.PRIVACY.id());
    owner.setDefault(outliers, Defaults.OUTLIERS.id());
    // budgetInit has no default: unset is Defaults.INIT_SHARE, auto (a share chosen once n̂ is known)
    plain.forEach((setting, param) -> owner.setDefault(param, setting.plain().defaultValue()));
    owner.setDefault(noise, Defaults.NOISE.id());
  }

  /** Why MLlib KMeans's starts have no place here, for a user who brings them over. */
  private static String mllibStart(String value) {
    return switch (value == null ? "" : value) {
      case "k-means||" -> ": MLlib's k-means|| reads the data without privacy; pais's private start is private-coreset "
          + "(auto, the default)";
      case "random" -> ": MLlib's random takes data rows as centres, which is not private; random-ball draws them "
          + "uniformly in the public ball";
      default -> "";
    };
  }

  /** The allowed values of a param, from the enum behind it. */
  private static <E extends Enum<E>> String[] ids(E[] values, java.util.function.Function<E, String> id) {
    return Arrays.stream(values).map(id).toArray(String[]::new);
  }

  /** offsetClip's refusal is {@link OffsetClip#parse}'s own message, so the rule is written once. */
  private static Function1<String, Object> parsesAsOffsetClip() {
    return validator(v -> offsetClipRefusal(v) == null, PrivateKMeansParamSet::offsetClipRefusal);
  }

  /** Why {@code value} is not an offsetClip, or null when it is one. */
  private static String offsetClipRefusal(String value) {
    try {
      OffsetClip.parse("offsetClip", value);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }
}
