package io.pais.stream;

import io.pais.io.InputException;
import io.pais.io.TimedPoint;
import io.pais.sampling.KeyedPoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The kept records of the open windows, in the checkpoint: {@code sample/window=START/batch=ID/} holds what
 * micro-batch ID kept of that window, as Parquet (doubles exact). A window's directory goes once it is published
 * or abandoned, so the store holds the samples of the open windows only — it grows with the sample, not the stream.
 */
final class SampleStore {
  private static final StructType SCHEMA = new StructType()
      .add("window", DataTypes.LongType, false)
      .add("key", DataTypes.LongType, false)
      .add("x", DataTypes.createArrayType(DataTypes.DoubleType, false), false);
  /** What a window's directory holds (its window is in the directory's name). */
  private static final StructType STORED = new StructType()
      .add("key", DataTypes.LongType, false)
      .add("x", DataTypes.createArrayType(DataTypes.DoubleType, false), false);

  private final FileSystem fs;
  private final Path root;

  SampleStore(StreamLog log) {
    this.fs = log.fileSystem();
    this.root = log.sampleRoot();
  }

  /**
   * Stores what micro-batch {@code id} kept, window by window; a replay of the micro-batch replaces what an
   * interrupted attempt left.
   */
  void store(SparkSession spark, long id, JavaRDD<TimedPoint> kept, WindowGrid grid) {
    Path tmp = new Path(root, ".batch=" + id + ".tmp");
    try {
      fs.delete(tmp, true);
      for (Path old : batchDirectories(id)) {
        fs.delete(old, true);
      }
      JavaRDD<Row> rows = kept.map(p -> RowFactory.create(grid.startOf(p.eventMillis()), p.key(), p.x()));
      spark.createDataFrame(rows, SCHEMA).write().mode(SaveMode.ErrorIfExists).partitionBy("window")
          .parquet(tmp.toString());
      if (fs.exists(tmp)) {
        for (FileStatus window : fs.listStatus(tmp)) {
          String name = window.getPath().getName();
          if (window.isDirectory() && name.startsWith("window=")) {
            Path target = new Path(new Path(root, name), "batch=" + id);
            fs.mkdirs(target.getParent());
            if (!fs.rename(window.getPath(), target)) {
              throw new IOException("rename failed");
            }
          }
        }
        fs.delete(tmp, true);
      }
    } catch (IOException e) {
      throw new InputException("cannot store the sample of micro-batch " + id + " in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  private List<Path> batchDirectories(long id) throws IOException {
    List<Path> out = new ArrayList<>();
    if (fs.exists(root)) {
      for (FileStatus window : fs.listStatus(root)) {
        Path batch = new Path(window.getPath(), "batch=" + id);
        if (window.isDirectory() && window.getPath().getName().startsWith("window=") && fs.exists(batch)) {
          out.add(batch);
        }
      }
    }
    return out;
  }

  /**
   * The kept records of the window starting at {@code start}, in key order, in one partition: the order and split
   * in which the release of all the window's records would read them (see the stream's guide).
   */
  JavaRDD<KeyedPoint> window(SparkSession spark, long start) {
    Path dir = new Path(root, "window=" + start);
    List<String> batches = new ArrayList<>();
    try {
      if (fs.exists(dir)) {
        for (FileStatus batch : fs.listStatus(dir)) {
          if (batch.isDirectory() && batch.getPath().getName().startsWith("batch=")) {
            batches.add(batch.getPath().toString());
          }
        }
      }
    } catch (IOException e) {
      throw new InputException("cannot read the sample of a window in " + root + " (" + e.getClass().getSimpleName()
          + ")");
    }
    if (batches.isEmpty()) {
      return spark.createDataFrame(List.<Row>of(), STORED).javaRDD().map(SampleStore::point).coalesce(1);
    }
    return spark.read().schema(STORED).parquet(batches.toArray(String[]::new)).javaRDD()
        .map(SampleStore::point).sortBy(KeyedPoint::key, true, 1);
  }

  private static KeyedPoint point(Row row) {
    List<Double> values = row.getList(row.fieldIndex("x"));
    double[] x = new double[values.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = values.get(i);
    }
    return new KeyedPoint(row.getLong(row.fieldIndex("key")), x);
  }

  /** The records kept of the window starting at {@code start} so far (for a size class on the console only). */
  long count(SparkSession spark, long start) {
    return window(spark, start).count();
  }

  /** Drops a finished window's sample. */
  void drop(long start) {
    try {
      fs.delete(new Path(root, "window=" + start), true);
    } catch (IOException e) {
      throw new InputException("cannot remove a finished window's sample in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }
}
