package io.pais.ml;

import io.pais.io.InputException;
import java.io.Serializable;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.Metadata;

/**
 * y_j = (x_j − shift_j)·factor_j per coordinate, clamped into [−1, 1] when {@code clamp}: the transform of the private
 * scaler's model and of the box scaler. One value stands for every coordinate (a box given as one lo:hi); with one
 * per coordinate, a vector of another size is bad input.
 *
 * @param what the stage, for the message on a vector of another size
 */
record CoordinateMap(double[] shift, double[] factor, boolean clamp, String what) implements Serializable {

  /** The frame with {@code outputCol} added: the map of {@code inputCol}, with the output's ML metadata. */
  Dataset<Row> apply(Dataset<?> dataset, String inputCol, String outputCol, Metadata metadata) {
    double[] s = shift.clone();
    double[] f = factor.clone();
    boolean toCube = clamp;
    String stage = what;
    UserDefinedFunction map = functions.udf((UDF1<Vector, Vector>) v -> {
      if (v == null) {
        return null;
      }
      double[] out = v.toArray();
      if (s.length > 1 && s.length != out.length) {
        throw new InputException("column '" + inputCol + "' holds a vector of size " + out.length + " where the "
            + stage + " expects " + s.length);
      }
      for (int j = 0; j < out.length; j++) {
        int at = s.length == 1 ? 0 : j;
        double y = (out[j] - s[at]) * f[at];
        out[j] = toCube ? Math.max(-1, Math.min(1, y)) : y;
      }
      return Vectors.dense(out);
    }, new VectorUDT());
    return dataset.withColumn(outputCol, map.apply(functions.col(inputCol)), metadata);
  }
}
