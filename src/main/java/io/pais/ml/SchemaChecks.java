package io.pais.ml;

import java.util.Arrays;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.attribute.NumericAttribute;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Schema validation and output columns shared by the pais stages. */
final class SchemaChecks {
  private SchemaChecks() {}

  /** Checks the features column is a vector and the prediction column is new; returns the output schema. */
  static StructType withPrediction(StructType schema, String featuresCol, String predictionCol) {
    vectorColumn(schema, "featuresCol", featuresCol);
    requireNew(schema, "predictionCol", predictionCol);
    return schema.add(predictionCol, DataTypes.IntegerType, false);
  }

  /**
   * Checks the input column is a vector and the output column is new; returns the schema with the output column
   * added, a vector column whose ML metadata lists the input's attributes by name as numeric ones (a scaled
   * coordinate is no longer nominal or binary), or the input's size alone.
   */
  static StructType withScaled(StructType schema, String inputCol, String outputCol) {
    AttributeGroup in = AttributeGroup.fromStructField(vectorColumn(schema, "inputCol", inputCol));
    requireNew(schema, "outputCol", outputCol);
    AttributeGroup out;
    if (in.attributes().isDefined()) {
      Attribute[] attributes = in.attributes().get();
      Attribute[] numeric = new Attribute[attributes.length];
      for (int j = 0; j < attributes.length; j++) {
        NumericAttribute a = NumericAttribute.defaultAttr().withIndex(j);
        numeric[j] = attributes[j].name().isDefined() ? a.withName(attributes[j].name().get()) : a;
      }
      out = new AttributeGroup(outputCol, numeric);
    } else {
      out = in.size() > 0 ? new AttributeGroup(outputCol, in.size()) : new AttributeGroup(outputCol);
    }
    return schema.add(out.toStructField());
  }

  /** The field of the column {@code param} names, which must be a Spark ML vector. */
  private static StructField vectorColumn(StructType schema, String param, String column) {
    StructField field = Arrays.stream(schema.fields()).filter(f -> f.name().equals(column)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(param + " '" + column + "' is not in the schema "
            + schema.simpleString()));
    if (!(field.dataType() instanceof VectorUDT)) {
      throw new IllegalArgumentException(param + " '" + column + "' must be a Spark ML vector, got "
          + field.dataType().simpleString());
    }
    return field;
  }

  private static void requireNew(StructType schema, String param, String column) {
    if (Arrays.asList(schema.fieldNames()).contains(column)) {
      throw new IllegalArgumentException(param + " '" + column + "' already exists in the schema");
    }
  }
}
