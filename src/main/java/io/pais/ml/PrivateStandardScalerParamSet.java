package io.pais.ml;

import static io.pais.ml.ParamRules.inRange;
import static io.pais.ml.ParamRules.nonEmpty;
import static io.pais.ml.ParamRules.parsesAsBounds;

import io.pais.io.PointReader;
import io.pais.settings.KMeansSettings;
import java.io.Serializable;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * Every param of {@link PrivateStandardScaler} and {@link PrivateStandardScalerModel}, declared once with its
 * validator and default side by side (names as Spark's StandardScaler where the meaning is the same).
 */
public final class PrivateStandardScalerParamSet implements Serializable {
  private static final long serialVersionUID = 1L;

  final Param<String> inputCol;
  final Param<String> outputCol;
  final BooleanParam withMean;
  final BooleanParam withStd;
  final Param<String> bounds;
  final DoubleParam epsilon;
  final IntParam dimension;
  final LongParam seed;
  final Param<String> budgetLedger;
  final BooleanParam allowNonAtomicRename;

  PrivateStandardScalerParamSet(Params parent) {
    inputCol = new Param<>(parent, "inputCol", "input column name (a Spark ML vector)", nonEmpty("inputCol"));
    outputCol = new Param<>(parent, "outputCol", "output column name", nonEmpty("outputCol"));
    withMean = new BooleanParam(parent, "withMean", "whether to centre the data with the DP mean before scaling");
    withStd = new BooleanParam(parent, "withStd", "whether to scale the data to unit DP standard deviation");
    bounds = new Param<>(parent, "bounds", "public per-coordinate bounds, lo:hi for every coordinate or a "
        + "comma-separated lo:hi per coordinate: every point is clamped into the box before its moments are taken "
        + "(required; they must come from outside the data)", parsesAsBounds());
    epsilon = new DoubleParam(parent, "epsilon", "the scaler's own epsilon (pure epsilon-DP, add/remove one record), "
        + "which adds to the epsilon of every other stage fitted on the same data (required)",
        inRange("epsilon", KMeansSettings.MIN_EPSILON, KMeansSettings.MAX_EPSILON));
    dimension = new IntParam(parent, "dimension", "the size of the input vectors, a public input (0: the column's ML "
        + "metadata when it lists one attribute per scalar column)", inRange("dimension", 0, PointReader.MAX_DIMENSION));
    seed = new LongParam(parent, "seed", "seed of a reproducible fit (marked as seeded in its report); leave unset for "
        + "secure randomness");
    budgetLedger = new Param<>(parent, "budgetLedger", "a budget ledger (a directory on any Hadoop file system) that "
        + "the fit charges its epsilon to", nonEmpty("budgetLedger"));
    allowNonAtomicRename = new BooleanParam(parent, "allowNonAtomicRename", "accept a budget ledger on a file "
        + "system without atomic rename");
  }

  void setDefaults(Params owner) {
    owner.setDefault(withMean, false);
    owner.setDefault(withStd, true);
    owner.setDefault(dimension, 0);
    owner.setDefault(allowNonAtomicRename, false);
  }
}
