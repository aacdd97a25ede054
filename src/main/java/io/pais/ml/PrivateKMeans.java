package io.pais.ml;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.clustering.ClusteringResult;
import io.pais.clustering.CoordinateBounds;
import io.pais.clustering.Initialisation;
import io.pais.clustering.KMeansSettings;
import io.pais.clustering.SchemeOptions;
import io.pais.privacy.BaseNoise;
import io.pais.clustering.Preprocessing;
import io.pais.clustering.PrivateKMeansEngine;
import io.pais.clustering.StrictRelease;
import io.pais.io.FailFast;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Differentially private k-means as a Spark ML Estimator: importance-sampled weighted DP-Lloyd on the features
 * column, through the same engine as the {@code pais} job. The fitted {@link PrivateKMeansModel} carries the
 * privacy report of the release.
 */
public final class PrivateKMeans extends Estimator<PrivateKMeansModel>
    implements PrivateKMeansParams, DefaultParamsWritable {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(PrivateKMeans.class);

  private final String uid;
  private final PrivateKMeansParamSet params;

  public PrivateKMeans() {
    this(Identifiable.randomUID("privateKMeans"));
  }

  public PrivateKMeans(String uid) {
    this.uid = uid;
    this.params = new PrivateKMeansParamSet(this);
    params.setDefaults(this);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public PrivateKMeansParamSet paramSet() {
    return params;
  }

  public PrivateKMeans setK(int value) {
    set(k(), value);
    return this;
  }

  public PrivateKMeans setMaxIter(int value) {
    set(maxIter(), value);
    return this;
  }

  public PrivateKMeans setSeed(long value) {
    set(seed(), value);
    return this;
  }

  public PrivateKMeans setFeaturesCol(String value) {
    set(featuresCol(), value);
    return this;
  }

  public PrivateKMeans setPredictionCol(String value) {
    set(predictionCol(), value);
    return this;
  }

  public PrivateKMeans setEpsilon(double value) {
    set(epsilon(), value);
    return this;
  }

  public PrivateKMeans setSampler(String value) {
    set(sampler(), value);
    return this;
  }

  public PrivateKMeans setSampleSize(double value) {
    set(sampleSize(), value);
    return this;
  }

  public PrivateKMeans setLambda(double value) {
    set(lambda(), value);
    return this;
  }

  public PrivateKMeans setGeometry(String value) {
    set(geometry(), value);
    return this;
  }

  public PrivateKMeans setNormBound(double value) {
    set(normBound(), value);
    return this;
  }

  public PrivateKMeans setCenter(double[] value) {
    set(center(), value);
    return this;
  }

  public PrivateKMeans setPreprocessing(String value) {
    set(preprocessing(), value);
    return this;
  }

  /** strict (default: end-to-end private, needs {@link #setClipRadius}) or paper. */
  public PrivateKMeans setPrivacyMode(String value) {
    set(privacyMode(), value);
    return this;
  }

  public PrivateKMeans setClipRadius(double value) {
    set(clipRadius(), value);
    return this;
  }

  public PrivateKMeans setOrigin(double[] value) {
    set(origin(), value);
    return this;
  }

  /** Strict, instead of a clip radius: public per-coordinate bounds ({@code lo:hi} or one pair per coordinate). */
  public PrivateKMeans setBounds(String value) {
    set(bounds(), value);
    return this;
  }

  public PrivateKMeans setNormQuantile(double value) {
    set(normQuantile(), value);
    return this;
  }

  public PrivateKMeans setOutliers(String value) {
    set(outliers(), value);
    return this;
  }

  public PrivateKMeans setBudgetCentre(double value) {
    set(budgetCentre(), value);
    return this;
  }

  public PrivateKMeans setBudgetHistogram(double value) {
    set(budgetHistogram(), value);
    return this;
  }

  public PrivateKMeans setBudgetInit(double value) {
    set(budgetInit(), value);
    return this;
  }

  public PrivateKMeans setInitMode(String value) {
    set(initMode(), value);
    return this;
  }

  public PrivateKMeans setGuards(boolean value) {
    set(guards(), value);
    return this;
  }

  public PrivateKMeans setStage1Size(double value) {
    set(stage1Size(), value);
    return this;
  }

  public PrivateKMeans setStage1Cached(boolean value) {
    set(stage1Cached(), value);
    return this;
  }

  public PrivateKMeans setNoise(String value) {
    set(noise(), value);
    return this;
  }

  /** The size of the feature vectors, a public input; 0 (default): from the column's ML metadata. */
  public PrivateKMeans setDimension(int value) {
    set(dimension(), value);
    return this;
  }

  public PrivateKMeans setDelta(double value) {
    set(delta(), value);
    return this;
  }

  @Override
  public PrivateKMeansModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    KMeansSettings settings = settings();
    Points points = PointReader.vectors(dataset.toDF(), getFeaturesCol(), getDimension(),
        "column '" + getFeaturesCol() + "'");
    ClusteringResult result;
    try (FailFast failFast = FailFast.watch(dataset.sparkSession().sparkContext())) {
      result = new PrivateKMeansEngine(settings, LOG::info).fit(points, false);
    }
    PrivateKMeansModel model = new PrivateKMeansModel(uid, result.centres(), result.report());
    return copyValues(model, ParamMap.empty()).setParent(this);
  }

  /** The engine settings, with the checks that relate several params. */
  KMeansSettings settings() {
    boolean hasBound = isDefined(normBound());
    boolean hasCenter = isDefined(center());
    Preprocessing pre;
    StrictRelease strict = null;
    if ("strict".equals(getPrivacyMode())) {
      if (isSet(preprocessing()) && Preprocessing.parse(getPreprocessing()) == Preprocessing.PAPER) {
        throw new IllegalArgumentException("preprocessing = paper reads the centre, the percentile and r from the data "
            + "without privacy: not allowed with privacyMode = strict (use privacyMode = paper)");
      }
      boolean hasBounds = isDefined(bounds());
      if (!isDefined(clipRadius()) && !hasBounds) {
        throw new IllegalArgumentException("privacyMode = strict needs clipRadius or bounds: a public radius or box "
            + "that bounds every point's influence (nothing is private without one); or use privacyMode = paper");
      }
      if (hasBounds && (isDefined(clipRadius()) || isDefined(origin()))) {
        throw new IllegalArgumentException("bounds give the clip radius (the box's half-diagonal) and the origin (its "
            + "centre): set bounds or clipRadius/origin, not both");
      }
      pre = Preprocessing.PUBLIC;
      strict = new StrictRelease(hasBounds ? Double.NaN : (Double) $(clipRadius()),
          isDefined(origin()) ? $(origin()) : null, getNormQuantile(), "drop".equals(getOutliers()),
          getBudgetCentre(), getBudgetHistogram(), getBudgetInit(),
          hasBounds ? CoordinateBounds.parse($(bounds())) : null);
    } else {
      pre = Preprocessing.parse(getPreprocessing());
      if (pre == Preprocessing.PUBLIC && !hasBound) {
        throw new IllegalArgumentException("preprocessing = public needs normBound (a public r)");
      }
      if (pre == Preprocessing.PAPER && (hasBound || hasCenter)) {
        throw new IllegalArgumentException("normBound and center need preprocessing = public, got preprocessing = paper");
      }
      if (isDefined(clipRadius()) || isDefined(origin()) || isDefined(bounds())) {
        throw new IllegalArgumentException("clipRadius, origin and bounds belong to privacyMode = strict; paper mode "
            + "does not clip (unset them, or use privacyMode = strict)");
      }
    }
    double m = getSampleSize();
    if (m > 1 && m != Math.rint(m)) {
      throw new IllegalArgumentException("sampleSize must be a whole count >= 1 or a fraction in (0, 1), got " + m);
    }
    return new KMeansSettings(getK(), getMaxIter(), getEpsilon(), Sampler.parse(getSampler()), m,
        getLambda(), Geometry.parse(getGeometry()), pre,
        hasBound ? (Double) $(normBound()) : Double.NaN, hasCenter ? $(center()) : null,
        Initialisation.parse(getInitMode()), getSeedOrNull(), getGuards(), 1.0, CoreSupremum.EXACT, strict,
        new SchemeOptions(isDefined(stage1Size()) ? (Double) $(stage1Size()) : Double.NaN, getStage1Cached(),
            BaseNoise.parse(getNoise()), getDelta()));
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return SchemaChecks.withPrediction(schema, getFeaturesCol(), getPredictionCol());
  }

  @Override
  public PrivateKMeans copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  public static MLReader<PrivateKMeans> read() {
    return new DefaultParamsReader<>();
  }

  public static PrivateKMeans load(String path) {
    return read().load(path);
  }
}
