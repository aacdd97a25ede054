package io.pais.ml;

import io.pais.accounting.PrivacyReport;
import io.pais.accounting.TrainingSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The fitted private k-means model: the released centres and the privacy report that goes with them.
 * {@code transform} adds the index of the nearest centre (squared Euclidean distance, ties to the lowest index), and
 * {@link #predict} gives it for one vector. Its training summary ({@link #summary()}) holds DP cluster sizes and a DP
 * training cost, never exact ones.
 */
public final class PrivateKMeansModel extends Model<PrivateKMeansModel> implements PrivateKMeansParams, MLWritable {
  /** The params Spark finds through their accessors, and the plain settings' params (made from their Setting). */
  @Override
  public org.apache.spark.ml.param.Param<?>[] params() {
    return paramSet().withPlain(super.params());
  }

  private static final long serialVersionUID = 1L;

  private final String uid;
  private final PrivateKMeansParamSet params;
  private final double[][] centres;
  private final PrivacyReport report;

  /**
   * A model with no centres and no report, for Spark 4's ML registry only: it instantiates every Transformer its
   * service files name (this jar's META-INF/services, which let Spark Connect find the pais stages). Never fitted;
   * transforming with it is refused.
   */
  public PrivateKMeansModel() {
    this(org.apache.spark.ml.util.Identifiable.randomUID("privateKMeansModel"), new double[0][], null);
  }

  PrivateKMeansModel(String uid, double[][] centres, PrivacyReport report) {
    this.uid = uid;
    this.params = new PrivateKMeansParamSet(this);
    params.setDefaults(this);
    this.centres = copy(centres);
    this.report = report;
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public PrivateKMeansParamSet paramSet() {
    return params;
  }

  public PrivateKMeansModel setFeaturesCol(String value) {
    set(featuresCol(), value);
    return this;
  }

  public PrivateKMeansModel setPredictionCol(String value) {
    set(predictionCol(), value);
    return this;
  }

  /** The released centres. */
  public Vector[] clusterCenters() {
    Vector[] out = new Vector[centres.length];
    for (int j = 0; j < centres.length; j++) {
      out[j] = Vectors.dense(centres[j].clone());
    }
    return out;
  }

  /** The privacy report of the release (the same as the job's privacy-report.json). */
  public PrivacyReport privacyReport() {
    return report;
  }

  /** The privacy report as JSON text, the same as the job's privacy-report.json (what the Python API reads). */
  public String privacyReportJson() {
    return io.pais.io.PrivacyReportJson.toText(report);
  }

  /** Whether the release made a private training summary ({@link #summary()}). */
  public boolean hasSummary() {
    return report.trainingSummary() != null;
  }

  /**
   * The release's private training summary: DP cluster sizes and a DP training cost of the released centres, with
   * their noise scales and the ε they cost (paid for in the release's ledger; saved and loaded with the model).
   *
   * @throws IllegalStateException when the release made none (paper mode, or budgetSummary 0)
   */
  public TrainingSummary summary() {
    if (!hasSummary()) {
      throw new IllegalStateException("this model has no private training summary: it was fit " + (report
          .isStrictRelease() ? "with budgetSummary 0; fit with a share of epsilon for it (setBudgetSummary)"
          : "in privacy mode paper, which makes none (exact sizes and costs are not private)"));
    }
    return report.trainingSummary();
  }

  /**
   * The index of the released centre nearest to {@code features} (squared Euclidean distance, ties to the lowest
   * index), as {@code transform} assigns a row and MLlib's {@code KMeansModel.predict} does. Post-processing of the
   * released centres: no further ε.
   */
  public int predict(Vector features) {
    if (centres.length == 0) {
      throw new IllegalStateException("this model was never fitted (an empty model for Spark's ML registry)");
    }
    return nearest(centres, features);
  }

  /** The number of centres. */
  public int numClusters() {
    return centres.length;
  }

  double[][] centres() {
    return copy(centres);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    if (centres.length == 0) {
      throw new IllegalStateException("this model was never fitted (an empty model for Spark's ML registry)");
    }
    transformSchema(dataset.schema(), true);
    int declared = org.apache.spark.ml.attribute.AttributeGroup.fromStructField(
        dataset.schema().apply(getFeaturesCol())).size();
    if (declared > 0 && declared != centres[0].length) {
      throw new IllegalArgumentException("featuresCol '" + getFeaturesCol() + "' holds vectors of size " + declared
          + " (its ML metadata) where the model has dimension " + centres[0].length);
    }
    if (declared <= 0 && !dataset.isStreaming()) {
      requireEveryVectorFits(dataset);
    }
    double[][] c = copy(centres);
    UserDefinedFunction nearest = functions.udf((UDF1<Vector, Integer>) v -> nearest(c, v), DataTypes.IntegerType)
        .asNonNullable();
    return dataset.withColumn(getPredictionCol(), nearest.apply(functions.col(getFeaturesCol())));
  }

  /**
   * A column without size metadata is checked here, at transform, for a null vector or one of another size than the
   * model's: one pass over that column that stops at the first such row, so that the refusal is one line now rather
   * than a failed Spark job at the first action (a streaming frame is not checked: its rows are not there yet).
   * Give the column size metadata (VectorAssembler writes it; VectorSizeHint adds it) to skip the pass.
   */
  private void requireEveryVectorFits(Dataset<?> dataset) {
    int d = centres[0].length;
    UserDefinedFunction problem = functions.udf((UDF1<Vector, Integer>) v -> v == null ? 1 : v.size() != d ? 2 : 0,
        DataTypes.IntegerType).asNonNullable();
    List<Row> found = dataset.select(problem.apply(functions.col(getFeaturesCol())).as("problem"))
        .filter(functions.col("problem").notEqual(0)).limit(1).collectAsList();
    if (!found.isEmpty()) {
      throw new IllegalArgumentException("featuresCol '" + getFeaturesCol() + "' holds " + (found.get(0).getInt(0) == 1
          ? "a null vector: every row needs one to be assigned a centre"
          : "a vector whose size is not the model's dimension " + d) + " (checked at transform since the column has "
          + "no size metadata; VectorSizeHint adds it)");
    }
  }

  static int nearest(double[][] centres, Vector v) {
    if (v == null) { // Spark reports it as the cause of its FAILED_EXECUTE_UDF error
      throw new IllegalArgumentException("a null feature vector: every row needs one to be assigned a centre");
    }
    if (v.size() != centres[0].length) {
      throw new IllegalArgumentException("feature vector of size " + v.size() + " where the model has dimension "
          + centres[0].length);
    }
    int best = 0;
    double bestDistance = Double.POSITIVE_INFINITY;
    for (int j = 0; j < centres.length; j++) {
      double s = 0;
      for (int t = 0; t < centres[j].length; t++) {
        double diff = v.apply(t) - centres[j][t];
        s += diff * diff;
      }
      if (s < bestDistance) {
        bestDistance = s;
        best = j;
      }
    }
    return best;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return SchemaChecks.withPrediction(schema, getFeaturesCol(), getPredictionCol());
  }

  @Override
  public PrivateKMeansModel copy(ParamMap extra) {
    PrivateKMeansModel copied = new PrivateKMeansModel(uid, centres, report);
    return copyValues(copied, extra).setParent(parent());
  }

  /**
   * The centres as a stock Spark MLlib {@link KMeansModel} (same uid, k, featuresCol and predictionCol), for
   * users who need a plain MLlib model downstream. The privacy report does not travel with it.
   */
  public KMeansModel toMLlibModel() {
    org.apache.spark.mllib.linalg.Vector[] vectors = new org.apache.spark.mllib.linalg.Vector[centres.length];
    for (int j = 0; j < centres.length; j++) {
      vectors[j] = org.apache.spark.mllib.linalg.Vectors.dense(centres[j].clone());
    }
    KMeansModel model = new KMeansModel(uid, new org.apache.spark.mllib.clustering.KMeansModel(vectors));
    model.set(model.k(), centres.length);
    model.setFeaturesCol(getFeaturesCol());
    model.setPredictionCol(getPredictionCol());
    return model;
  }

  /** Saves the centres in Spark MLlib's KMeansModel format, readable by {@code KMeansModel.load(path)}. */
  public void exportAsMLlib(String path, boolean overwrite) throws IOException {
    MLWriter writer = toMLlibModel().write();
    (overwrite ? writer.overwrite() : writer).save(path);
  }

  @Override
  public MLWriter write() {
    return new PrivateKMeansModelPersistence.Writer(this);
  }

  /** Found by reflection when a saved PipelineModel holding this stage is loaded. */
  public static MLReader<PrivateKMeansModel> read() {
    return new PrivateKMeansModelPersistence.Reader();
  }

  public static PrivateKMeansModel load(String path) {
    return read().load(path);
  }

  private static double[][] copy(double[][] m) {
    List<double[]> rows = new ArrayList<>();
    for (double[] r : m) {
      rows.add(r.clone());
    }
    return rows.toArray(new double[0][]);
  }
}
