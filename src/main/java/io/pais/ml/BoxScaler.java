package io.pais.ml;

import static io.pais.ml.ParamRules.nonEmpty;
import static io.pais.ml.ParamRules.parsesAsBounds;

import io.pais.math.Checks;
import io.pais.settings.CoordinateBounds;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * Maps a public box onto [−1, 1]^d: coordinate j becomes (x_j − m_j)/h_j, m_j the box's midpoint and h_j its
 * half-width (0 on a coordinate of width 0), clamped into [−1, 1] unless {@code clip} is false. A function of public
 * bounds alone: it is not fitted, reads nothing and spends no ε — where MinMaxScaler, MaxAbsScaler and RobustScaler
 * fitted on the private data would publish its exact ranges or quantiles. A {@link PrivateKMeans} after it takes
 * {@code bounds} "-1:1". The output column's ML metadata names the input's attributes as
 * {@link PrivateStandardScalerModel}'s does.
 */
public final class BoxScaler extends Transformer implements DefaultParamsWritable {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final Param<String> inputCol;
  private final Param<String> outputCol;
  private final Param<String> bounds;
  private final BooleanParam clip;

  public BoxScaler() {
    this(Identifiable.randomUID("boxScaler"));
  }

  public BoxScaler(String uid) {
    this.uid = uid;
    inputCol = new Param<>(this, "inputCol", "input column name (a Spark ML vector)", nonEmpty("inputCol"));
    outputCol = new Param<>(this, "outputCol", "output column name", nonEmpty("outputCol"));
    bounds = new Param<>(this, "bounds", "the public box, lo:hi for every coordinate or a comma-separated lo:hi per "
        + "coordinate (required; it must come from outside the data)", parsesAsBounds());
    clip = new BooleanParam(this, "clip", "whether to clamp values outside the box onto its faces (to [-1, 1])");
    setDefault(clip, true);
  }

  @Override
  public String uid() {
    return uid;
  }

  public Param<String> inputCol() {
    return inputCol;
  }

  public Param<String> outputCol() {
    return outputCol;
  }

  public Param<String> bounds() {
    return bounds;
  }

  public BooleanParam clip() {
    return clip;
  }

  public String getInputCol() {
    return $(inputCol);
  }

  public String getOutputCol() {
    return $(outputCol);
  }

  public String getBounds() {
    return $(bounds);
  }

  public boolean getClip() {
    return (Boolean) $(clip);
  }

  public BoxScaler setInputCol(String value) {
    set(inputCol, value);
    return this;
  }

  public BoxScaler setOutputCol(String value) {
    set(outputCol, value);
    return this;
  }

  public BoxScaler setBounds(String value) {
    set(bounds, value);
    return this;
  }

  public BoxScaler setClip(boolean value) {
    set(clip, value);
    return this;
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    StructType schema = transformSchema(dataset.schema(), true);
    CoordinateBounds box = CoordinateBounds.parse(getBounds());
    String column = getInputCol();
    int declared = AttributeGroup.fromStructField(dataset.schema().apply(column)).size();
    if (declared > 0) {
      box.requireDimension(declared);
    }
    double[] lower = box.lower(); // one value for every coordinate, or one per coordinate
    double[] upper = box.upper();
    double[] midpoint = new double[lower.length];
    double[] factor = new double[lower.length];
    for (int j = 0; j < lower.length; j++) {
      double half = (upper[j] - lower[j]) / 2;
      midpoint[j] = lower[j] + half;
      factor[j] = half == 0 ? 0 : 1 / half;
    }
    return new CoordinateMap(midpoint, factor, getClip(), "box scaler").apply(dataset, column, getOutputCol(),
        schema.apply(getOutputCol()).metadata());
  }

  @Override
  public StructType transformSchema(StructType schema) {
    Checks.require(isDefined(inputCol) && isDefined(outputCol), "inputCol and outputCol must be set");
    Checks.require(isDefined(bounds), "bounds must be set: the public box (lo:hi) to map onto [-1, 1]; it must come "
        + "from outside the data");
    return SchemaChecks.withScaled(schema, getInputCol(), getOutputCol());
  }

  @Override
  public BoxScaler copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  public static MLReader<BoxScaler> read() {
    return new DefaultParamsReader<>();
  }

  public static BoxScaler load(String path) {
    return read().load(path);
  }
}
