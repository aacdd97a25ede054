package io.pais.ml;

import io.pais.io.PrivacyReportJson;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * Saving and loading {@link PrivateKMeansModel}: the standard ML metadata (class, uid, params) that
 * PipelineModel relies on, the centres as Parquet rows (clusterIdx, clusterCenter) like MLlib's own KMeansModel,
 * and the privacy report as JSON text beside them.
 */
final class PrivateKMeansModelPersistence {
  private PrivateKMeansModelPersistence() {}

  private static final StructType CENTRES = new StructType(new StructField[] {
      new StructField("clusterIdx", DataTypes.IntegerType, false, Metadata.empty()),
      new StructField("clusterCenter", new VectorUDT(), false, Metadata.empty())});
  private static final StructType REPORT = new StructType(new StructField[] {
      new StructField("privacyReport", DataTypes.StringType, false, Metadata.empty())});

  static final class Writer extends MLWriter {
    private final PrivateKMeansModel model;

    Writer(PrivateKMeansModel model) {
      this.model = model;
    }

    @Override
    public void saveImpl(String path) {
      DefaultParamsWriter$.MODULE$.saveMetadata(model, path, sparkSession().sparkContext(), Option.empty(),
          Option.empty());
      List<Row> rows = new ArrayList<>();
      double[][] centres = model.centres();
      for (int j = 0; j < centres.length; j++) {
        rows.add(RowFactory.create(j, org.apache.spark.ml.linalg.Vectors.dense(centres[j])));
      }
      SparkSession spark = sparkSession();
      spark.createDataFrame(rows, CENTRES).repartition(1).write().parquet(path + "/data");
      spark.createDataFrame(List.of(RowFactory.create(PrivacyReportJson.toText(model.privacyReport()))), REPORT)
          .repartition(1).write().parquet(path + "/privacyReport");
    }
  }

  static final class Reader extends MLReader<PrivateKMeansModel> {
    @Override
    public PrivateKMeansModel load(String path) {
      SparkSession spark = sparkSession();
      DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, spark.sparkContext(),
          PrivateKMeansModel.class.getName());
      List<Row> rows = spark.read().parquet(path + "/data").orderBy("clusterIdx").collectAsList();
      double[][] centres = new double[rows.size()][];
      for (int j = 0; j < rows.size(); j++) {
        centres[j] = ((Vector) rows.get(j).get(1)).toArray();
      }
      String report = spark.read().parquet(path + "/privacyReport").head().getString(0);
      PrivateKMeansModel model = new PrivateKMeansModel(metadata.uid(), centres, PrivacyReportJson.fromText(report));
      metadata.getAndSetParams(model, Option.empty());
      return model;
    }
  }
}
