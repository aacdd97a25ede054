package io.pais.ml;

import io.pais.settings.Setting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The params shared by {@link PrivateKMeans} and {@link PrivateKMeansModel}: accessors and getters over the one
 * {@link PrivateKMeansParamSet} each stage owns. (An Estimator and a Model cannot share a Java superclass, so the
 * shared part is this interface; the Param fields themselves are declared once, in the param set.)
 */
public interface PrivateKMeansParams extends Params {

  /** The stage's params. */
  PrivateKMeansParamSet paramSet();

  /**
   * The value of a plain setting's param ({@code io.pais.settings.PlainValue}: made from its {@link Setting}, found
   * by name as {@code getParam("lambda")}), as its getter returns it.
   */
  default Object plainValue(Setting setting) {
    return $(paramSet().plain(setting));
  }

  default IntParam k() {
    return paramSet().k;
  }

  default int getK() {
    return (Integer) $(k());
  }

  default IntParam maxIter() {
    return paramSet().maxIter;
  }

  default int getMaxIter() {
    return (Integer) $(maxIter());
  }

  default LongParam seed() {
    return paramSet().seed;
  }

  /** The seed, or null when unset (secure randomness). */
  default Long getSeedOrNull() {
    return isDefined(seed()) ? (Long) $(seed()) : null;
  }

  default Param<String> featuresCol() {
    return paramSet().featuresCol;
  }

  default String getFeaturesCol() {
    return $(featuresCol());
  }

  default IntParam dimension() {
    return paramSet().dimension;
  }

  default int getDimension() {
    return (Integer) $(dimension());
  }

  default Param<String> predictionCol() {
    return paramSet().predictionCol;
  }

  default String getPredictionCol() {
    return $(predictionCol());
  }

  default DoubleParam epsilon() {
    return paramSet().epsilon;
  }

  default double getEpsilon() {
    return (Double) $(epsilon());
  }

  default Param<String> sampler() {
    return paramSet().sampler;
  }

  default String getSampler() {
    return $(sampler());
  }

  default DoubleParam sampleSize() {
    return paramSet().sampleSize;
  }

  /** The size set with {@code setSampleSize}; unset (auto), there is none (Spark's NoSuchElementException). */
  default double getSampleSize() {
    return (Double) $(sampleSize());
  }

  default double getLambda() {
    return (Double) plainValue(Setting.LAMBDA);
  }

  default Param<String> geometry() {
    return paramSet().geometry;
  }

  default String getGeometry() {
    return $(geometry());
  }

  default DoubleParam normBound() {
    return paramSet().normBound;
  }

  default DoubleArrayParam center() {
    return paramSet().center;
  }

  default Param<String> preprocessing() {
    return paramSet().preprocessing;
  }

  default String getPreprocessing() {
    return $(preprocessing());
  }

  default Param<String> initMode() {
    return paramSet().initMode;
  }

  default String getInitMode() {
    return $(initMode());
  }

  default Param<String> offsetClip() {
    return paramSet().offsetClip;
  }

  default String getOffsetClip() {
    return $(offsetClip());
  }

  default boolean getGuards() {
    return (Boolean) plainValue(Setting.GUARDS);
  }

  default double getMinNoisyCount() {
    return (Double) plainValue(Setting.MIN_NOISY_COUNT);
  }

  default Param<String> privacyMode() {
    return paramSet().privacyMode;
  }

  default String getPrivacyMode() {
    return $(privacyMode());
  }

  default DoubleParam clipRadius() {
    return paramSet().clipRadius;
  }

  default IntArrayParam kCandidates() {
    return paramSet().kCandidates;
  }

  default double getBudgetKSelection() {
    return (Double) plainValue(Setting.BUDGET_K_SELECTION);
  }

  default DoubleArrayParam origin() {
    return paramSet().origin;
  }

  default Param<String> bounds() {
    return paramSet().bounds;
  }

  default Param<String> budgetLedger() {
    return paramSet().budgetLedger;
  }

  default BooleanParam allowNonAtomicRename() {
    return paramSet().allowNonAtomicRename;
  }

  default boolean getAllowNonAtomicRename() {
    return (Boolean) $(allowNonAtomicRename());
  }

  default double getNormQuantile() {
    return (Double) plainValue(Setting.NORM_QUANTILE);
  }

  default boolean getTailRadius() {
    return (Boolean) plainValue(Setting.TAIL_RADIUS);
  }

  default Param<String> outliers() {
    return paramSet().outliers;
  }

  default String getOutliers() {
    return $(outliers());
  }

  default double getBudgetCentre() {
    return (Double) plainValue(Setting.BUDGET_CENTRE);
  }

  default double getBudgetHistogram() {
    return (Double) plainValue(Setting.BUDGET_HISTOGRAM);
  }

  default DoubleParam budgetInit() {
    return paramSet().budgetInit;
  }

  /** The share set with {@code setBudgetInit}; unset (auto), there is none (Spark's NoSuchElementException). */
  default double getBudgetInit() {
    return (Double) $(budgetInit());
  }

  default double getBudgetSummary() {
    return (Double) plainValue(Setting.BUDGET_SUMMARY);
  }

  default int getCoresetSampleSize() {
    return (Integer) plainValue(Setting.CORESET_SAMPLE_SIZE);
  }

  default DoubleParam stage1Size() {
    return paramSet().stage1Size;
  }

  default boolean getStage1Cached() {
    return (Boolean) plainValue(Setting.STAGE1_CACHED);
  }

  default Param<String> noise() {
    return paramSet().noise;
  }

  default String getNoise() {
    return $(noise());
  }

  default double getDelta() {
    return (Double) plainValue(Setting.DELTA);
  }
}
