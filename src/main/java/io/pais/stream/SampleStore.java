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
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

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

  /** How many records of each user a micro-batch let into a window. */
  private static final StructType USER_COUNTS = new StructType()
      .add("user", DataTypes.LongType, false)
      .add("count", DataTypes.LongType, false);

  private final FileSystem fs;
  private final Path root;
  /** {@code users/window=START/batch=ID/}: the records per user each micro-batch let into the window. */
  private final Path users;

  SampleStore(StreamLog log) {
    this.fs = log.fileSystem();
    this.root = log.sampleRoot();
    this.users = new Path(root.getParent(), "users");
  }

  /**
   * The records of {@code records} (on time, of micro-batch {@code id}) that a bound of {@code perUser} records of one
   * user in a window lets in: the first to arrive — earlier micro-batches first, then in key order — and the rest
   * dropped; records how many of each user it let in, so the micro-batches after it count them.
   */
  JavaRDD<TimedPoint> bounded(SparkSession spark, long id, JavaRDD<TimedPoint> records, WindowGrid grid,
      int perUser) {
    try {
      for (Path old : batchDirectories(users, id)) {
        fs.delete(old, true);
      }
      JavaPairRDD<Tuple2<Long, Long>, Long> before = JavaPairRDD.fromJavaRDD(JavaSparkContext.fromSparkContext(
          spark.sparkContext()).<Tuple2<Tuple2<Long, Long>, Long>>emptyRDD());
      for (Long window : records.map(p -> grid.startOf(p.eventMillis())).distinct().collect()) {
        List<String> earlier = batchPaths(users, window);
        if (!earlier.isEmpty()) {
          before = before.union(spark.read().schema(USER_COUNTS).parquet(earlier.toArray(String[]::new)).javaRDD()
              .mapToPair(r -> new Tuple2<>(new Tuple2<>(window, r.getLong(0)), r.getLong(1))));
        }
      }
      JavaRDD<TimedPoint> admitted = records.mapToPair(p -> new Tuple2<>(new Tuple2<>(grid.startOf(p.eventMillis()),
          p.user()), p)).cogroup(before).flatMap(group -> {
            long used = 0;
            for (long count : group._2()._2()) {
              used += count;
            }
            List<TimedPoint> mine = new ArrayList<>();
            group._2()._1().forEach(mine::add);
            mine.sort(java.util.Comparator.comparingLong(TimedPoint::key));
            return mine.subList(0, (int) Math.max(0, Math.min(mine.size(), perUser - used))).iterator();
          }).persist(org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK());
      JavaRDD<Row> counts = admitted.mapToPair(p -> new Tuple2<>(new Tuple2<>(grid.startOf(p.eventMillis()),
          p.user()), 1L)).reduceByKey(Long::sum).map(c -> RowFactory.create(c._1()._2(), c._2(), c._1()._1()));
      writeByWindow(spark.createDataFrame(counts, USER_COUNTS.add("window", DataTypes.LongType, false)), users, id);
      return admitted;
    } catch (IOException e) {
      throw new InputException("cannot store the records per user of micro-batch " + id + " in " + users + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * Stores what micro-batch {@code id} kept, window by window; a replay of the micro-batch replaces what an
   * interrupted attempt left.
   */
  void store(SparkSession spark, long id, JavaRDD<TimedPoint> kept, WindowGrid grid) {
    try {
      for (Path old : batchDirectories(root, id)) {
        fs.delete(old, true);
      }
      JavaRDD<Row> rows = kept.map(p -> RowFactory.create(grid.startOf(p.eventMillis()), p.key(), p.x()));
      writeByWindow(spark.createDataFrame(rows, SCHEMA), root, id);
    } catch (IOException e) {
      throw new InputException("cannot store the sample of micro-batch " + id + " in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }

  /** Writes {@code rows} (with a window column) as {@code under/window=START/batch=ID/}, window by window. */
  private void writeByWindow(Dataset<Row> rows, Path under, long id) throws IOException {
    Path tmp = new Path(under, ".batch=" + id + ".tmp");
    fs.delete(tmp, true);
    rows.write().mode(SaveMode.ErrorIfExists).partitionBy("window").parquet(tmp.toString());
    if (fs.exists(tmp)) {
      for (FileStatus window : fs.listStatus(tmp)) {
        String name = window.getPath().getName();
        if (window.isDirectory() && name.startsWith("window=")) {
          Path target = new Path(new Path(under, name), "batch=" + id);
          fs.mkdirs(target.getParent());
          if (!fs.rename(window.getPath(), target)) {
            throw new IOException("rename failed");
          }
        }
      }
      fs.delete(tmp, true);
    }
  }

  /** The directories of micro-batch {@code id} under {@code under}'s windows (a replay replaces them). */
  private List<Path> batchDirectories(Path under, long id) throws IOException {
    List<Path> out = new ArrayList<>();
    if (fs.exists(under)) {
      for (FileStatus window : fs.listStatus(under)) {
        Path batch = new Path(window.getPath(), "batch=" + id);
        if (window.isDirectory() && window.getPath().getName().startsWith("window=") && fs.exists(batch)) {
          out.add(batch);
        }
      }
    }
    return out;
  }

  /** The micro-batches' directories of one window. */
  private List<Path> batches(Path window) throws IOException {
    List<Path> out = new ArrayList<>();
    if (fs.exists(window)) {
      for (FileStatus batch : fs.listStatus(window)) {
        if (batch.isDirectory() && batch.getPath().getName().startsWith("batch=")) {
          out.add(batch.getPath());
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
    List<String> batches = batchPaths(root, start);
    if (batches.isEmpty()) {
      return spark.createDataFrame(List.<Row>of(), STORED).javaRDD().map(SampleStore::point).coalesce(1);
    }
    return spark.read().schema(STORED).parquet(batches.toArray(String[]::new)).javaRDD()
        .map(SampleStore::point).sortBy(KeyedPoint::key, true, 1);
  }

  /** The micro-batches' directories of the window starting at {@code start} under {@code under}. */
  private List<String> batchPaths(Path under, long start) {
    List<String> out = new ArrayList<>();
    try {
      for (Path batch : batches(new Path(under, "window=" + start))) {
        out.add(batch.toString());
      }
    } catch (IOException e) {
      throw new InputException("cannot read a window's directory in " + under + " (" + e.getClass().getSimpleName()
          + ")");
    }
    return out;
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
    List<String> batches = batchPaths(root, start);
    return batches.isEmpty() ? 0 : spark.read().schema(STORED).parquet(batches.toArray(String[]::new)).count();
  }

  /** Drops a finished window's sample and its records per user. */
  void drop(long start) {
    try {
      fs.delete(new Path(root, "window=" + start), true);
      fs.delete(new Path(users, "window=" + start), true);
    } catch (IOException e) {
      throw new InputException("cannot remove a finished window's sample in " + root + " ("
          + e.getClass().getSimpleName() + ")");
    }
  }
}
