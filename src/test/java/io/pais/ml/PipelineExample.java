package io.pais.ml;

import java.io.IOException;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The README's pipeline example, compiled by the build and run by {@code ReadmeExampleTest}. */
final class PipelineExample {
  private PipelineExample() {}

  /** What the example made: the data, its clustering, the fitted stage and the pipeline reloaded from disk. */
  record Outcome(Dataset<Row> data, Dataset<Row> clustered, PrivateKMeansModel model, PipelineModel reloaded) {}

  static Outcome run(SparkSession spark, String csv, String modelDir) throws IOException {
    // README-EXAMPLE-BEGIN
    Dataset<Row> data = spark.read().option("header", "true").option("inferSchema", "true").csv(csv);

    VectorAssembler assembler = new VectorAssembler()
        .setInputCols(new String[] {"x1", "x2", "x3", "x4", "x5"}).setOutputCol("raw");
    PrivateStandardScaler scaler = new PrivateStandardScaler()    // DP means and deviations, never exact ones
        .setInputCol("raw").setOutputCol("features").setWithMean(true)
        .setBounds("-20:20").setEpsilon(0.5);                      // public: every coordinate clamped into it
    PrivateKMeans kmeans = new PrivateKMeans()                     // a strict (end-to-end private) release
        .setK(6).setMaxIter(10)
        .setEpsilon(2.5).setSampler("opt").setSampleSize(0.2)    // expected sample: 20 % of the rows
        .setClipRadius(10.0);                                      // public: every point is clipped to this ball

    PrivatePipeline pipeline = new PrivatePipeline()               // refuses stages fitted without privacy
        .setStages(new PipelineStage[] {assembler, scaler, kmeans});
    PipelineModel fitted = pipeline.fit(data);
    Dataset<Row> clustered = fitted.transform(data);               // adds the "prediction" column

    PrivateKMeansModel model = (PrivateKMeansModel) fitted.stages()[2];
    System.out.println("epsilon = " + PrivatePipeline.privacyReport(fitted).epsilon());  // 0.5 + 2.5

    fitted.write().overwrite().save(modelDir);
    PipelineModel reloaded = PipelineModel.load(modelDir);
    // README-EXAMPLE-END
    return new Outcome(data, clustered, model, reloaded);
  }
}
