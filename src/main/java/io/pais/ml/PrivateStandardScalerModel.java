package io.pais.ml;

import io.pais.accounting.ScalingReport;
import io.pais.io.InputException;
import io.pais.io.ScalingReportJson;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter$;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * A fitted {@link PrivateStandardScaler}: the DP means and standard deviations and the report of what they cost.
 * {@code transform} computes (x − mean)/std per coordinate as StandardScalerModel does (x − mean only with withMean,
 * 1/std only with withStd, and 0 where the released std is 0). The output column's ML metadata names the same
 * attributes as the input's, so a column assembled from scalar columns keeps a public dimension
 * ({@link io.pais.io.DimensionSource}).
 */
public final class PrivateStandardScalerModel extends Model<PrivateStandardScalerModel>
    implements PrivateStandardScalerParams, MLWritable {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final PrivateStandardScalerParamSet params;
  private final double[] mean;
  private final double[] std;
  private final ScalingReport report;

  /** A model with no moments, for Spark 4's ML registry only (see {@link PrivateKMeansModel}); never fitted. */
  public PrivateStandardScalerModel() {
    this(Identifiable.randomUID("privateStandardScalerModel"), new double[0], new double[0], null);
  }

  PrivateStandardScalerModel(String uid, double[] mean, double[] std, ScalingReport report) {
    this.uid = uid;
    this.params = new PrivateStandardScalerParamSet(this);
    params.setDefaults(this);
    this.mean = mean.clone();
    this.std = std.clone();
    this.report = report;
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public PrivateStandardScalerParamSet paramSet() {
    return params;
  }

  public PrivateStandardScalerModel setInputCol(String value) {
    set(inputCol(), value);
    return this;
  }

  public PrivateStandardScalerModel setOutputCol(String value) {
    set(outputCol(), value);
    return this;
  }

  /** The DP means (DP outputs). */
  public Vector mean() {
    return Vectors.dense(mean.clone());
  }

  /** The DP standard deviations; empty when the scaler was fitted with withStd false (it released none). */
  public Vector std() {
    return Vectors.dense(std.clone());
  }

  /** What the fit spent and how. */
  public ScalingReport privacyReport() {
    return report;
  }

  /** The report as JSON text (what the Python API reads). */
  public String privacyReportJson() {
    return ScalingReportJson.toText(report);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    if (mean.length == 0) {
      throw new IllegalStateException("this model was never fitted (an empty model for Spark's ML registry)");
    }
    StructType schema = transformSchema(dataset.schema(), true);
    int d = mean.length;
    double[] shift = getWithMean() ? mean.clone() : new double[d];
    double[] factor = new double[d];
    for (int j = 0; j < d; j++) {
      factor[j] = !getWithStd() ? 1 : std[j] != 0 ? 1 / std[j] : 0;
    }
    return new CoordinateMap(shift, factor, false, "scaler").apply(dataset, getInputCol(), getOutputCol(),
        schema.apply(getOutputCol()).metadata());
  }

  @Override
  public StructType transformSchema(StructType schema) {
    StructType out = SchemaChecks.withScaled(schema, getInputCol(), getOutputCol());
    int declared = AttributeGroup.fromStructField(schema.apply(getInputCol())).size();
    if (mean.length > 0 && declared > 0 && declared != mean.length) {
      throw new InputException("column '" + getInputCol() + "' has vectors of size " + declared + " (its ML "
          + "metadata) where the scaler has dimension " + mean.length);
    }
    return out;
  }

  @Override
  public PrivateStandardScalerModel copy(ParamMap extra) {
    PrivateStandardScalerModel copied = new PrivateStandardScalerModel(uid, mean, std, report);
    return copyValues(copied, extra).setParent(parent());
  }

  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  public static MLReader<PrivateStandardScalerModel> read() {
    return new Reader();
  }

  public static PrivateStandardScalerModel load(String path) {
    return read().load(path);
  }

  private static final StructType DATA = new StructType(new StructField[] {
      new StructField("mean", new VectorUDT(), false, Metadata.empty()),
      new StructField("std", new VectorUDT(), false, Metadata.empty()),
      new StructField("privacyReport", DataTypes.StringType, false, Metadata.empty())});

  /** The standard ML metadata (class, uid, params), then the moments and the report as one Parquet row. */
  private static final class Writer extends MLWriter {
    private final PrivateStandardScalerModel model;

    Writer(PrivateStandardScalerModel model) {
      this.model = model;
    }

    @Override
    public void saveImpl(String path) {
      DefaultParamsWriter$.MODULE$.saveMetadata(model, path, sparkSession().sparkContext(), Option.empty(),
          Option.empty());
      List<Row> rows = new ArrayList<>();
      rows.add(RowFactory.create(Vectors.dense(model.mean), Vectors.dense(model.std),
          ScalingReportJson.toText(model.report)));
      sparkSession().createDataFrame(rows, DATA).repartition(1).write().parquet(path + "/data");
    }
  }

  private static final class Reader extends MLReader<PrivateStandardScalerModel> {
    @Override
    public PrivateStandardScalerModel load(String path) {
      SparkSession spark = sparkSession();
      DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, spark.sparkContext(),
          PrivateStandardScalerModel.class.getName());
      Row row = spark.read().parquet(path + "/data").head();
      PrivateStandardScalerModel model = new PrivateStandardScalerModel(metadata.uid(),
          ((Vector) row.getAs("mean")).toArray(), ((Vector) row.getAs("std")).toArray(),
          ScalingReportJson.fromText(row.getAs("privacyReport")));
      metadata.getAndSetParams(model, Option.empty());
      return model;
    }
  }
}
