package io.pais.io;

import static io.pais.io.PointReader.MAX_DIMENSION;

import io.pais.sampling.KeyedPoint;
import io.pais.sampling.SamplingKeys;
import java.io.Serializable;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;

/**
 * Inputs through Spark's data sources and the catalog: the numeric columns or a vector column, each row keyed by its
 * place in the input ({@link PointReader} is the entry point).
 */
final class FramePoints {
  private FramePoints() {}

  /** How a Spark data source or table is opened (Spark throws its checked exceptions undeclared). */
  interface FrameOpener {
    Dataset<Row> open();
  }

  /**
   * A Spark data source or a catalog table, its columns chosen as {@code spec} says (a vector column, or numeric
   * columns by --features/--drop). Rows are keyed by (file, row index) when Spark gives the row index of a file
   * ({@code _metadata.row_index}: Parquet, a table over Parquet files); other sources (json, orc in Spark 3.5,
   * jdbc) have no stable row place, so their keys fall back to (partition, position), as for a DataFrame.
   */
  static Points readFrame(InputSpec spec, String source, FrameOpener opener) {
    Dataset<Row> frame;
    InputFiles files;
    try {
      frame = opener.open();
      files = rowPlaces(frame);
    } catch (InputException e) {
      throw e;
    } catch (Exception e) {
      throw new InputException("cannot read " + source + ": " + ReadFailures.describe(e));
    }
    if (!spec.vectorColumn().isEmpty()) {
      return vectors(frame, spec.vectorColumn(), spec.dimension(), source, files);
    }
    List<String> names = List.of(frame.columns());
    int[] selected = ColumnSelection.select(names, spec.featureColumns(), spec.dropColumns(), source);
    Column[] columns = new Column[selected.length];
    String[] columnNames = new String[selected.length];
    for (int i = 0; i < selected.length; i++) {
      StructField field = frame.schema().fields()[selected[i]];
      if (!(field.dataType() instanceof NumericType)) {
        throw new InputException("column '" + field.name() + "' of " + source + " is not numeric ("
            + field.dataType().simpleString() + "); drop it or choose feature columns");
      }
      columnNames[i] = field.name();
      columns[i] = functions.col(PointReader.quote(field.name()));
    }
    RowReader toPoint = (row, where) -> {
      double[] x = new double[columnNames.length];
      for (int i = 0; i < columnNames.length; i++) {
        if (row.isNullAt(i)) {
          throw new InputException(where + ": null in column '" + columnNames[i] + "'");
        }
        x[i] = ((Number) row.get(i)).doubleValue();
        if (!Double.isFinite(x[i])) {
          throw new InputException(where + ": NaN or infinite value in column '" + columnNames[i] + "'");
        }
      }
      return x;
    };
    DimensionSource found = !spec.featureColumns().isEmpty() ? DimensionSource.GIVEN
        : spec.table() != null ? DimensionSource.schema("the table's schema in the catalog")
        : STORED_SCHEMAS.contains(spec.format().id()) ? DimensionSource.schema("the " + spec.format().id() + " schema")
        : DimensionSource.records("the numeric columns of a schema the " + spec.format().id()
            + " source may infer from its rows");
    return keyed(frame, columns, files, source, toPoint,
        new Dimension(columnNames.length, PointReader.checked(spec.dimension(), columnNames.length, found, source)));
  }

  /** The Spark sources whose files store the schema they were written with (it is not inferred from the rows). */
  private static final Set<String> STORED_SCHEMAS = Set.of("parquet", "orc", "avro");

  /** d and where it came from. */
  private record Dimension(int value, DimensionSource source) {}

  /**
   * The frame's files when Spark gives each row's file and index within it ({@code _metadata.row_index}), else
   * null: its rows then have no stable place.
   */
  private static InputFiles rowPlaces(Dataset<Row> frame) {
    try {
      frame.select(functions.col("_metadata.file_path"), functions.col("_metadata.row_index"));
    } catch (Exception e) { // AnalysisException: the source has no such metadata
      return null;
    }
    String[] files = frame.inputFiles();
    return files.length > 0 ? InputFiles.ofPaths(files) : null;
  }

  /** Rows as points keyed by (file, row index) when {@code files} is known, else by (partition, position). */
  private static Points keyed(Dataset<Row> frame, Column[] columns, InputFiles files, String source,
      RowReader toPoint, Dimension dimension) {
    if (files != null) {
      return new Points(placedRows(frame, columns, files, source, toPoint), dimension.value(), dimension.source(),
          source, true);
    }
    JavaRDD<double[]> rdd = guarded(frame.select(columns).toJavaRDD(), source, row -> toPoint.read(row, source));
    return Points.keyedByPartition(rdd, dimension.value(), dimension.source(), source);
  }


  /** The same; with {@code files} (a source that gives row indices) the keys are (file, row index). */
  static Points vectors(Dataset<Row> frame, String column, int dimension, String source, InputFiles files) {
    StructField field = fieldOrFail(frame, column, source);
    if (!(field.dataType() instanceof VectorUDT)) {
      throw new InputException("column '" + column + "' of " + source + " is not a Spark ML vector");
    }
    AttributeGroup attributes = AttributeGroup.fromStructField(field);
    int declared = attributes.size(); // -1 when the metadata has no size
    Dimension found;
    if (declared > 0) {
      DimensionSource metadata = onePerScalarColumn(attributes, frame)
          ? DimensionSource.schema("the ML metadata of column '" + column + "': one attribute per scalar column")
          : DimensionSource.unverified("the size in the ML metadata of column '" + column + "', which a stage fitted "
              + "on the rows may have set (OneHotEncoder, CountVectorizer, a scaler; only one attribute per scalar "
              + "column, as VectorAssembler writes over scalar columns, shows it is not)");
      found = new Dimension(declared, PointReader.checked(dimension, declared, metadata, source));
    } else if (dimension > 0) {
      found = new Dimension(dimension, DimensionSource.GIVEN);
    } else {
      found = new Dimension(firstVectorSize(frame, column, source),
          DimensionSource.records("the size of the first vector of column '" + column + "'"));
    }
    int d = found.value();
    if (d > MAX_DIMENSION) {
      throw new InputException("column '" + column + "' of " + source + " holds vectors of size " + d + "; pais reads "
          + "at most " + MAX_DIMENSION + " features");
    }
    RowReader toPoint = (row, where) -> {
      if (row.isNullAt(0)) {
        throw new InputException(where + ": null vector in column '" + column + "'");
      }
      Vector v = (Vector) row.get(0);
      if (v.size() != d) {
        throw new InputException(where + ": dimension mismatch: a vector of size " + v.size() + " where the "
            + "dimension is " + d);
      }
      double[] x = v.toArray();
      for (int i = 0; i < x.length; i++) {
        if (!Double.isFinite(x[i])) {
          throw new InputException(where + ": NaN or infinite value at index " + i + " of column '" + column + "'");
        }
      }
      return x;
    };
    return keyed(frame, new Column[] {functions.col(PointReader.quote(column))}, files, source, toPoint, found);
  }

  /**
   * Whether the metadata lists one attribute per vector entry, each named after a scalar column of {@code frame}:
   * what VectorAssembler writes over scalar columns (a scalar column is one entry, whatever the rows hold). Every
   * other size in the metadata may come from the rows: OneHotEncoder's and CountVectorizer's from the categories
   * and words they were fitted on, VectorAssembler's over a vector column from that column's size or first row, a
   * size alone (PCA, scalers, VectorSizeHint) from whatever made the vectors; those need the dimension given.
   */
  private static boolean onePerScalarColumn(AttributeGroup attributes, Dataset<Row> frame) {
    if (attributes.attributes().isEmpty() || attributes.attributes().get().length != attributes.size()) {
      return false;
    }
    Set<String> scalars = new HashSet<>();
    for (StructField f : frame.schema().fields()) {
      if (f.dataType() instanceof NumericType || f.dataType() instanceof BooleanType) {
        scalars.add(f.name());
      }
    }
    for (Attribute a : attributes.attributes().get()) {
      if (a.name().isEmpty() || !scalars.contains(a.name().get())) {
        return false;
      }
    }
    return true;
  }

  private static int firstVectorSize(Dataset<Row> frame, String column, String source) {
    List<Row> first;
    try {
      first = frame.select(column).where(functions.col(column).isNotNull()).limit(1).collectAsList();
    } catch (Exception e) {
      throw failure(e, source);
    }
    if (first.isEmpty()) {
      throw new InputException("no rows in input " + source);
    }
    return ((Vector) first.get(0).get(0)).size();
  }

  /** Turns one row (its first columns selected) into a point; {@code where} names the row's file for errors. */
  private interface RowReader extends Serializable {
    double[] read(Row row, String where);
  }

  /** Rows of a file-based frame keyed by (file ordinal, row index) from Spark's hidden file metadata. */
  private static JavaRDD<KeyedPoint> placedRows(Dataset<Row> frame, Column[] columns, InputFiles files,
      String source, RowReader reader) {
    Column[] withPlace = java.util.Arrays.copyOf(columns, columns.length + 2);
    withPlace[columns.length] = functions.col("_metadata.file_path");
    withPlace[columns.length + 1] = functions.col("_metadata.row_index");
    int at = columns.length;
    return guarded(frame.select(withPlace).toJavaRDD(), source, row -> {
      String file = row.getString(at);
      return new KeyedPoint(SamplingKeys.fileRow(files.entry(file).ordinal(), row.getLong(at + 1)),
          reader.read(row, file));
    });
  }

  /**
   * Maps rows in map tasks so that a failure of the reader upstream (a corrupt file, a schema conflict) surfaces
   * here, inside the task, and becomes an {@link InputException} that names the source and not the data.
   */
  private static <T> JavaRDD<T> guarded(JavaRDD<Row> rows, String source,
      org.apache.spark.api.java.function.Function<Row, T> map) {
    return rows.mapPartitions(iterator -> new Iterator<T>() {
      @Override
      public boolean hasNext() {
        try {
          return iterator.hasNext();
        } catch (Exception e) { // including the SparkException Spark throws undeclared
          throw failure(e, source);
        }
      }

      @Override
      public T next() {
        Row row;
        try {
          row = iterator.next();
        } catch (Exception e) {
          throw failure(e, source);
        }
        try {
          return map.call(row);
        } catch (InputException e) {
          throw e;
        } catch (Exception e) {
          throw failure(e, source);
        }
      }
    }, true);
  }

  private static InputException failure(Exception e, String source) {
    InputException ours = InputException.find(e);
    return ours != null ? ours : new InputException("cannot read " + source + ": " + ReadFailures.describe(e));
  }


  private static StructField fieldOrFail(Dataset<Row> frame, String name, String source) {
    for (StructField f : frame.schema().fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    throw new InputException("no column '" + name + "' in " + source);
  }
}
