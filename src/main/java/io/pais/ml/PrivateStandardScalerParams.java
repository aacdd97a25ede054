package io.pais.ml;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/** The params shared by {@link PrivateStandardScaler} and its model, over the param set each owns. */
public interface PrivateStandardScalerParams extends Params {

  PrivateStandardScalerParamSet paramSet();

  default Param<String> inputCol() {
    return paramSet().inputCol;
  }

  default String getInputCol() {
    return $(inputCol());
  }

  default Param<String> outputCol() {
    return paramSet().outputCol;
  }

  default String getOutputCol() {
    return $(outputCol());
  }

  default BooleanParam withMean() {
    return paramSet().withMean;
  }

  default boolean getWithMean() {
    return (Boolean) $(withMean());
  }

  default BooleanParam withStd() {
    return paramSet().withStd;
  }

  default boolean getWithStd() {
    return (Boolean) $(withStd());
  }

  default Param<String> bounds() {
    return paramSet().bounds;
  }

  default String getBounds() {
    return $(bounds());
  }

  default DoubleParam epsilon() {
    return paramSet().epsilon;
  }

  default double getEpsilon() {
    return (Double) $(epsilon());
  }

  default IntParam dimension() {
    return paramSet().dimension;
  }

  default int getDimension() {
    return (Integer) $(dimension());
  }

  default LongParam seed() {
    return paramSet().seed;
  }

  default long getSeed() {
    return (Long) $(seed());
  }

  default Param<String> budgetLedger() {
    return paramSet().budgetLedger;
  }

  default String getBudgetLedger() {
    return $(budgetLedger());
  }

  default BooleanParam allowNonAtomicRename() {
    return paramSet().allowNonAtomicRename;
  }

  default boolean getAllowNonAtomicRename() {
    return (Boolean) $(allowNonAtomicRename());
  }
}
