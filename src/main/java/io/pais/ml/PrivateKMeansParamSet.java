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
import io.pais.sampling.Sampler;
import java.io.Serializable;
import java.util.Arrays;
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
  final DoubleParam budgetKSelection;
  final IntParam maxIter;
  final LongParam seed;
  final Param<String> featuresCol;
  final IntParam dimension;
  final Param<String> predictionCol;
  final DoubleParam epsilon;
  final Param<String> sampler;
  final DoubleParam sampleSize;
  final DoubleParam lambda;
  final Param<String> geometry;
  final DoubleParam normBound;
  final DoubleArrayParam center;
  final Param<String> preprocessing;
  final Param<String> initMode;
  final BooleanParam guards;
  final Param<String> offsetClip;
  final Param<String> privacyMode;
  final DoubleParam clipRadius;
  final DoubleArrayParam origin;
  final Param<String> bounds;
  final DoubleParam normQuantile;
  final BooleanParam tailRadius;
  final Param<String> outliers;
  final DoubleParam budgetCentre;
  final DoubleParam budgetHistogram;
  final DoubleParam budgetInit;
  final DoubleParam budgetSummary;
  final IntParam coresetSampleSize;
  final DoubleParam stage1Size;
  final BooleanParam stage1Cached;
  final Param<String> noise;
  final DoubleParam delta;
  final Param<String> budgetLedger;
  final BooleanParam allowNonAtomicRename;

  PrivateKMeansParamSet(Params owner) {
    String parent = owner.uid();
    k = new IntParam(parent, "k", "number of clusters, in [" + KMeansSettings.MIN_K + ", " + KMeansSettings.MAX_K
        + "]", inRange("k", KMeansSettings.MIN_K, KMeansSettings.MAX_K));
    kCandidates = new IntArrayParam(owner, "kCandidates", "strict: candidates for k to choose from privately (at "
        + "least two, each in [2, " + KMeansSettings.MAX_K + "]); each is fitted on a share of budgetKSelection and the "
        + "elbow of their DP training costs is released (unset: k is used)", validator((int[] v) -> v.length >= 2
            && java.util.Arrays.stream(v).allMatch(c -> c >= 2 && c <= KMeansSettings.MAX_K),
            v -> "kCandidates must hold at least two values, each in [2, " + KMeansSettings.MAX_K + "], got "
                + java.util.Arrays.toString(v)));
    budgetKSelection = new DoubleParam(parent, "budgetKSelection", "strict, with kCandidates: share of epsilon for "
        + "the candidate releases together, in (0, 1)", inRange("budgetKSelection", Double.MIN_VALUE, 1 - 1e-12));
    maxIter = new IntParam(parent, "maxIter", "number of DP-Lloyd iterations T, in [1, " + Iterations.MAX
        + "], or 0 to choose T from epsilon, n, d and k (--iterations auto)", inRange("maxIter", 0, Iterations.MAX));
    seed = new LongParam(parent, "seed", "seed for a reproducible run (marked as seeded in the privacy report); "
        + "leave unset for secure randomness");
    featuresCol = new Param<>(parent, "featuresCol", "features column name (a Spark ML vector)",
        nonEmpty("featuresCol"));
    dimension = new IntParam(parent, "dimension", "the size of the feature vectors, a public input (0: the size in "
        + "the column's ML metadata when it lists one attribute per scalar column of the frame, as VectorAssembler "
        + "over numeric columns writes it; outside strict releases any size there, or the first vector's); a vector "
        + "of another size is bad input",
        inRange("dimension", 0, io.pais.io.PointReader.MAX_DIMENSION));
    predictionCol = new Param<>(parent, "predictionCol", "prediction column name", nonEmpty("predictionCol"));
    epsilon = new DoubleParam(parent, "epsilon", "target epsilon of the release, in [" + KMeansSettings.MIN_EPSILON
        + ", " + KMeansSettings.MAX_EPSILON + "]", inRange("epsilon", KMeansSettings.MIN_EPSILON,
        KMeansSettings.MAX_EPSILON));
    String[] samplers = ids(Sampler.values(), Sampler::id);
    sampler = new Param<>(parent, "sampler", String.join(", ", samplers), oneOf("sampler", samplers));
    sampleSize = new DoubleParam(parent, "sampleSize",
        "expected sample size m: a count >= 1, or a fraction of n in (0, 1) (unset: auto, opt in a strict release "
        + "reads every point up to a DP point count of " + Defaults.EVERY_POINT_LIMIT + ", above it the largest of "
        + "0.2, 0.1 and 0.05 of that count with a plan at its epsilon, the growth above 0.05 capped at 50000 points; "
        + "everything else 0.05)", finiteAbove("sampleSize", 0));
    lambda = new DoubleParam(parent, "lambda", "core: mixing weight in [0, 1]", inRange("lambda", 0, 1));
    geometry = new Param<>(parent, "geometry", "l2, l1 or auto (the one whose noise the public box favours)",
        oneOf("geometry", ids(GeometryChoice.values(), GeometryChoice::id)));
    normBound = new DoubleParam(parent, "normBound", "a public norm bound r (strict: skips estimating it; paper "
        + "mode: with preprocessing = public) (finite, > 0)", finiteAbove("normBound", 0));
    center = new DoubleArrayParam(owner, "center", "a public centre to subtract (strict: skips estimating it; paper "
        + "mode: with preprocessing = public)", finiteArray("center"));
    preprocessing = new Param<>(parent, "preprocessing", "paper mode: paper or public",
        oneOf("preprocessing", ids(Preprocessing.values(), Preprocessing::id)));
    privacyMode = new Param<>(parent, "privacyMode", "strict (end-to-end private, needs clipRadius) or paper (the "
        + "paper's pipeline, reads constants without privacy)",
        oneOf("privacyMode", ids(PrivacyMode.Kind.values(), PrivacyMode.Kind::id)));
    clipRadius = new DoubleParam(parent, "clipRadius", "strict: public radius R0 of the ball around origin every "
        + "raw point is clipped to (finite, > 0)", finiteAbove("clipRadius", 0));
    origin = new DoubleArrayParam(owner, "origin", "strict: the clip ball's centre (default: the zero vector)",
        finiteArray("origin"));
    bounds = new Param<>(parent, "bounds", "strict, instead of clipRadius: public per-coordinate bounds, lo:hi for "
        + "every coordinate or lo:hi,lo:hi,... one per coordinate; points are clamped to the box, whose centre and "
        + "half-diagonal become the origin and R0", parsesAsBounds());
    normQuantile = new DoubleParam(parent, "normQuantile", "strict: the quantile of the DP norm histogram taken "
        + "as r, in (0, 1]", inRange("normQuantile", Double.MIN_VALUE, 1));
    tailRadius = new BooleanParam(parent, "tailRadius", "strict: raise r above the quantile where the DP norm "
        + "histogram shows a heavy tail that projecting would distort more than the larger radius's noise costs");
    outliers = new Param<>(parent, "outliers", "strict: project or drop the points beyond r (DP-Lloyd reading every "
        + "point with clipped offsets reads them unprojected)",
        oneOf("outliers", ids(Outliers.values(), Outliers::id)));
    budgetCentre = new DoubleParam(parent, "budgetCentre", "strict: share of epsilon for the DP centre, in (0, 1)",
        inRange("budgetCentre", Double.MIN_VALUE, 1 - 1e-12));
    budgetHistogram = new DoubleParam(parent, "budgetHistogram", "strict: share of epsilon for the DP norm "
        + "histogram, in (0, 1)", inRange("budgetHistogram", Double.MIN_VALUE, 1 - 1e-12));
    budgetInit = new DoubleParam(parent, "budgetInit", "strict: share of epsilon for initMode private-coreset, in "
        + "(0, 1) (unset: auto, 0.3 where the DP point count n times epsilon over k*d is below 150, else 0.2); its tail "
        + "axes take 0.05 more with outliers project and a single k",
        inRange("budgetInit", Double.MIN_VALUE, 1 - 1e-12));
    budgetSummary = new DoubleParam(parent, "budgetSummary", "strict: share of epsilon for the private training "
        + "summary (DP cluster sizes and training cost, the model's summary()), in [0, 1); 0: none",
        inRange("budgetSummary", 0, 1 - 1e-12));
    coresetSampleSize = new IntParam(parent, "coresetSampleSize", "strict, initMode private-coreset: the coreset "
        + "reads a Poisson subsample of about this many points when there are more (>= 1)",
        validator((Object v) -> ((Number) v).intValue() >= 1, v -> "coresetSampleSize must be >= 1, got " + v));
    initMode = new Param<>(parent, "initMode", "auto (private-coreset in strict mode, random-ball in paper mode), "
        + "private-coreset (strict: a share of epsilon), random-ball, sphere-packing, scaled-ball (read no data) or "
        + "sample-points (not private)", oneOf("initMode", ids(Initialisation.values(), Initialisation::id)));
    guards = new BooleanParam(parent, "guards", "post-processing guards on noisy centres");
    offsetClip = new Param<>(parent, "offsetClip", "what DP-Lloyd sums per cluster: auto (strict: each point's "
        + "offset from its centre, clipped to a fraction of r at or above a typical cluster's radius, from the DP "
        + "norm histogram, k and d; paper mode: the points), none (the points, as the paper), or a fraction of r in "
        + "(0, 1]", parsesAsOffsetClip());
    stage1Size = new DoubleParam(parent, "stage1Size", "two-stage schemes (must-ow, must-wo, must-ww): n1, a count "
        + ">= 1 or a fraction of N in (0, 1)", finiteAbove("stage1Size", 0));
    stage1Cached = new BooleanParam(parent, "stage1Cached", "must-ow: draw stage I once and keep it, redrawing only "
        + "stage II each iteration (the rigorously accounted variant)");
    noise = new Param<>(parent, "noise", "uniform schemes: the base noise, laplace or gaussian",
        oneOf("noise", ids(BaseNoise.values(), BaseNoise::id)));
    delta = new DoubleParam(parent, "delta", "uniform schemes: the target delta, in [0, 1) (0: pure epsilon-DP, "
        + "only for poisson-uniform and wor with laplace noise)", inRange("delta", 0, 1 - 1e-12));
    budgetLedger = new Param<>(parent, "budgetLedger", "strict: the budget ledger (a Hadoop path made by "
        + "pais-budget create) a fit claims its (epsilon, delta) from before it reads data; refused when it does not "
        + "fit what remains", validator((String v) -> v != null && !v.isBlank(),
            v -> "budgetLedger must be a non-empty Hadoop path, got '" + v + "'"));
    allowNonAtomicRename = new BooleanParam(parent, "allowNonAtomicRename", "accept a budget ledger on a file system "
        + "without atomic rename (object stores: s3a, gs, abfs), where racing fits could both claim the last of the "
        + "budget; the claim records it");
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
    owner.setDefault(lambda, Defaults.LAMBDA);
    owner.setDefault(geometry, Defaults.GEOMETRY.id());
    owner.setDefault(preprocessing, Defaults.PREPROCESSING.id());
    owner.setDefault(initMode, Defaults.INITIALISATION.id());
    owner.setDefault(guards, Defaults.GUARDS);
    owner.setDefault(allowNonAtomicRename, false);
    owner.setDefault(offsetClip, Defaults.OFFSET_CLIP.describe());
    owner.setDefault(tailRadius, Defaults.TAIL_RADIUS);
    owner.setDefault(privacyMode, Defaults.PRIVACY.id());
    owner.setDefault(normQuantile, Defaults.NORM_QUANTILE);
    owner.setDefault(outliers, Defaults.OUTLIERS.id());
    owner.setDefault(budgetCentre, Defaults.CENTRE_SHARE);
    owner.setDefault(budgetHistogram, Defaults.HISTOGRAM_SHARE);
    // budgetInit has no default: unset is Defaults.INIT_SHARE, auto (a share chosen once n̂ is known)
    owner.setDefault(budgetSummary, Defaults.SUMMARY_SHARE);
    owner.setDefault(budgetKSelection, Defaults.K_SELECTION_SHARE);
    owner.setDefault(coresetSampleSize, Defaults.CORESET_SAMPLE_SIZE);
    owner.setDefault(stage1Cached, Defaults.STAGE1_CACHED);
    owner.setDefault(noise, Defaults.NOISE.id());
    owner.setDefault(delta, Defaults.DELTA);
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
