package io.pais.ml;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.PrivacyLedger;
import io.pais.accounting.Relation;
import io.pais.accounting.ScalingReport;
import io.pais.budget.ReleaseClaim;
import io.pais.estimation.BoxMoments;
import io.pais.estimation.PrivateMoments;
import io.pais.io.FailFast;
import io.pais.io.InputException;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.math.Checks;
import io.pais.noise.NoiseRandomness;
import io.pais.privacy.Seed;
import io.pais.settings.CoordinateBounds;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's StandardScaler with DP statistics: the mean and standard deviation of every coordinate are released by
 * {@link PrivateMoments} from points clamped into a public box ({@code bounds}), at the scaler's own ε (pure ε-DP,
 * add/remove one record), and the model scales as StandardScalerModel does: (x − mean)/std, with withMean and
 * withStd as there. The fitted model holds only DP outputs and its {@link ScalingReport}; with a budget ledger the fit
 * charges its ε there. Its ε adds to that of every other stage fitted on the same data ({@link PrivatePipeline}
 * composes them).
 */
public final class PrivateStandardScaler extends Estimator<PrivateStandardScalerModel>
    implements PrivateStandardScalerParams, DefaultParamsWritable {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final PrivateStandardScalerParamSet params;

  public PrivateStandardScaler() {
    this(Identifiable.randomUID("privateStandardScaler"));
  }

  public PrivateStandardScaler(String uid) {
    this.uid = uid;
    this.params = new PrivateStandardScalerParamSet(this);
    params.setDefaults(this);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public PrivateStandardScalerParamSet paramSet() {
    return params;
  }

  public PrivateStandardScaler setInputCol(String value) {
    set(inputCol(), value);
    return this;
  }

  public PrivateStandardScaler setOutputCol(String value) {
    set(outputCol(), value);
    return this;
  }

  public PrivateStandardScaler setWithMean(boolean value) {
    set(withMean(), value);
    return this;
  }

  public PrivateStandardScaler setWithStd(boolean value) {
    set(withStd(), value);
    return this;
  }

  public PrivateStandardScaler setBounds(String value) {
    set(bounds(), value);
    return this;
  }

  public PrivateStandardScaler setEpsilon(double value) {
    set(epsilon(), value);
    return this;
  }

  public PrivateStandardScaler setDimension(int value) {
    set(dimension(), value);
    return this;
  }

  public PrivateStandardScaler setSeed(long value) {
    set(seed(), value);
    return this;
  }

  public PrivateStandardScaler setBudgetLedger(String value) {
    set(budgetLedger(), value);
    return this;
  }

  public PrivateStandardScaler setAllowNonAtomicRename(boolean value) {
    set(allowNonAtomicRename(), value);
    return this;
  }

  @Override
  public PrivateStandardScalerModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    // every check that depends only on the params and the schema runs before the budget is claimed
    Points points = PointReader.vectors(dataset.toDF(), getInputCol(), getDimension(),
        "column '" + getInputCol() + "'");
    points.dimensionSource().requirePublic();
    int d = points.dimension();
    CoordinateBounds box = CoordinateBounds.parse(getBounds());
    box.requireDimension(d);
    ReleaseClaim claim = claim(dataset);
    PrivateMoments.Estimate estimate;
    ScalingReport report;
    try (FailFast failFast = FailFast.watch(dataset.sparkSession().sparkContext())) {
      BoxMoments moments = points.rdd().treeAggregate(new BoxMoments(box.lowerIn(d), box.upperIn(d)),
          (m, p) -> m.add(p.x()), BoxMoments::merge);
      if (moments.isEmpty()) {
        throw new InputException("no rows in input column '" + getInputCol() + "'");
      }
      PrivacyLedger ledger = PrivacyLedger.pure(getEpsilon());
      Seed seed = isDefined(seed()) ? Seed.of(getSeed()) : null;
      NoiseRandomness randomness = seed == null ? NoiseRandomness.secure() : NoiseRandomness.seeded(seed);
      estimate = PrivateMoments.release(moments, getWithStd(), ledger, randomness.provider());
      report = ScalingReport.of(ledger, d, getBounds(), seed == null ? 0 : seed.bits());
      if (claim != null) {
        report = report.withBudgetClaim(claim.cover(report.epsilon(), report.delta(), report.relation()));
      }
    } catch (Throwable e) { // Spark's SparkException is checked, thrown undeclared
      if (claim == null) {
        throw e;
      }
      throw claim.failed(e);
    }
    if (claim != null) {
      claim.recordRelease("model " + uid, report.epsilon(), report.delta(), report.ledger());
    }
    PrivateStandardScalerModel model = new PrivateStandardScalerModel(uid, estimate.mean(), estimate.deviation(),
        report);
    return copyValues(model, ParamMap.empty()).setParent(this);
  }

  /** The fit's claim on its budget ledger (null without one), marked reading at once: the fit reads its data next. */
  private ReleaseClaim claim(Dataset<?> dataset) {
    if (!isDefined(budgetLedger())) {
      return null;
    }
    ObjectNode details = JsonNodeFactory.instance.objectNode();
    details.put("release", "model " + uid);
    details.put("inputCol", getInputCol());
    details.put("stage", "PrivateStandardScaler");
    details.put("bounds", getBounds());
    ReleaseClaim claim = ReleaseClaim.take(getBudgetLedger(), getEpsilon(), 0, Relation.ADD_REMOVE,
        dataset.sparkSession().sparkContext().hadoopConfiguration(), details, getAllowNonAtomicRename());
    claim.startReading();
    return claim;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    Checks.require(isDefined(inputCol()) && isDefined(outputCol()), "inputCol and outputCol must be set");
    Checks.require(isDefined(epsilon()), "epsilon must be set: the scaler's own epsilon, which adds to the epsilon of "
        + "every other stage fitted on the same data");
    Checks.require(isDefined(bounds()), "bounds must be set: the public per-coordinate box (lo:hi) the points are "
        + "clamped into; it must come from outside the data");
    Checks.require(getWithMean() || getWithStd(), "withMean and withStd are both false: the scaler would change "
        + "nothing");
    return SchemaChecks.withScaled(schema, getInputCol(), getOutputCol());
  }

  @Override
  public PrivateStandardScaler copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  public static MLReader<PrivateStandardScaler> read() {
    return new DefaultParamsReader<>();
  }

  public static PrivateStandardScaler load(String path) {
    return read().load(path);
  }
}
