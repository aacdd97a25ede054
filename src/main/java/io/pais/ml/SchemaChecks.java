package io.pais.ml;

import java.util.Arrays;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Schema validation shared by the estimator and the model. */
final class SchemaChecks {
  private SchemaChecks() {}

  /** Checks the features column is a vector and the prediction column is new; returns the output schema. */
  static StructType withPrediction(StructType schema, String featuresCol, String predictionCol) {
    StructField features = Arrays.stream(schema.fields()).filter(f -> f.name().equals(featuresCol)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("featuresCol '" + featuresCol + "' is not in the schema "
            + schema.simpleString()));
    if (!(features.dataType() instanceof VectorUDT)) {
      throw new IllegalArgumentException("featuresCol '" + featuresCol + "' must be a Spark ML vector, got "
          + features.dataType().simpleString());
    }
    if (Arrays.asList(schema.fieldNames()).contains(predictionCol)) {
      throw new IllegalArgumentException("predictionCol '" + predictionCol + "' already exists in the schema");
    }
    return schema.add(predictionCol, DataTypes.IntegerType, false);
  }
}
