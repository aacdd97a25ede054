package io.pais.experiments;

import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Loaders for the paper's data files in their original formats and for the real sets in
 * {@code ../shared/datasets} (see its MANIFEST.md). Everything goes through the job's own readers.
 */
public final class DataSets {
  private DataSets() {}

  /** The real sets shipped in ../shared/datasets (folder: the datasets directory). */
  public static final Map<String, DataSetSpec> SHARED = new LinkedHashMap<>();
  /** The paper's eight sets in their original formats (folder: where the user keeps them). */
  public static final Map<String, DataSetSpec> PAPER = new LinkedHashMap<>();

  private static void add(Map<String, DataSetSpec> map, DataSetSpec spec) {
    map.put(spec.name(), spec);
  }

  static {
    add(SHARED, new DataSetSpec("ijcnn1", List.of("ijcnn1/ijcnn1.trn.bz2"), InputFormat.LIBSVM, false, 0, " ",
        List.of(), 22, "Ijcnn1 (full, LibSVM)"));
    add(SHARED, new DataSetSpec("cod-rna", List.of("rna/cod-rna.txt.gz", "rna/cod-rna.t.gz"), InputFormat.LIBSVM, false,
        0, " ", List.of(), 8, "cod-rna: cod-rna + cod-rna.t (cod-rna.r missing)"));
    add(SHARED, new DataSetSpec("covertype", List.of("covertype/covtype_subset_ramp_test.csv.gz"), InputFormat.CSV,
        true, 0, ",", List.of("Cover_Type"), 54, "Covertype, 16 % subset, min-max scaled"));
    add(SHARED, new DataSetSpec("kddcup99", List.of("kddcup99/kddcup.data_10_percent.gz"), InputFormat.CSV, false, 0,
        ",", List.of("1", "2", "3", "41"), 38, "KDD Cup 99, 10 % training set, 38 numeric columns"));
    add(SHARED, new DataSetSpec("skin", List.of("skin_segmentation/Skin_NonSkin.txt.gz"), InputFormat.CSV, false, 0,
        "whitespace", List.of("3"), 3, "Skin segmentation (B, G, R)"));
    add(SHARED, new DataSetSpec("magic", List.of("magic_gamma/magic04.data.gz"), InputFormat.CSV, false, 0, ",",
        List.of("10"), 10, "MAGIC gamma telescope"));
    add(SHARED, new DataSetSpec("htru2", List.of("htru2/HTRU_2.csv.gz"), InputFormat.CSV, false, 0, ",",
        List.of("8"), 8, "HTRU2 pulsar candidates"));
    add(SHARED, new DataSetSpec("shuttle", List.of("shuttle/shuttle.trn.gz"), InputFormat.CSV, false, 0, ",",
        List.of("9"), 9, "Statlog shuttle (training part)"));

    add(PAPER, new DataSetSpec("paper-covertype", List.of("covtype.libsvm.binary*"), InputFormat.LIBSVM, false, 0, " ",
        List.of(), 0, "Covertype (LIBSVM covtype.libsvm.binary)"));
    add(PAPER, new DataSetSpec("paper-ijcnn1", List.of("ijcnn1*"), InputFormat.LIBSVM, false, 0, " ", List.of(),
        0, "Ijcnn1 (LIBSVM ijcnn1)"));
    add(PAPER, new DataSetSpec("paper-rna", List.of("cod-rna", "cod-rna.t", "cod-rna.r"), InputFormat.LIBSVM, false, 0,
        " ", List.of(), 0, "RNA: cod-rna, cod-rna.t and cod-rna.r stacked"));
    add(PAPER, new DataSetSpec("paper-kdd-protein", List.of("bio_train.dat"), InputFormat.CSV, false, 0, "whitespace",
        List.of("0", "1", "2"), 0, "KDD-Protein bio_train.dat, columns 3 and up"));
    add(PAPER, new DataSetSpec("paper-miniboone", List.of("MiniBooNE_PID.txt"), InputFormat.CSV, false, 1,
        "whitespace", List.of(), 0, "MiniBooNE (first line: the signal/background counts)"));
    add(PAPER, new DataSetSpec("paper-song", List.of("YearPredictionMSD.txt"), InputFormat.CSV, false, 0, ",",
        List.of("0"), 0, "YearPredictionMSD without the year"));
    add(PAPER, new DataSetSpec("paper-fma", List.of("fma_metadata/features.csv"), InputFormat.CSV, false, 3, ",",
        List.of("0"), 0, "FMA features.csv (three header rows, track id column)"));
  }

  /** The name of the paper's Pose set, read by {@link #pose}: a directory of CSV files, one point per file. */
  public static final String POSE = "paper-pose";

  /** Reads a known set (or Pose) from {@code folder} into driver memory. */
  public static Points load(SparkSession spark, String name, Path folder) {
    if (POSE.equals(name)) {
      return pose(spark, folder.resolve("Train/POSE").toString());
    }
    DataSetSpec spec = SHARED.containsKey(name) ? SHARED.get(name) : PAPER.get(name);
    if (spec == null) {
      throw new IllegalArgumentException("data set must be one of " + String.join(", ", SHARED.keySet()) + ", "
          + String.join(", ", PAPER.keySet()) + ", " + POSE + "; got '" + name + "'");
    }
    InputSpec input = spec.input(folder);
    return PointReader.read(spark, input);
  }

  /**
   * Pose (H3.6M, ECCV 2018 layout): every file {@code NNNNN.csv} in the directory is one point, its rows after the
   * first (a header) flattened in order.
   */
  public static Points pose(SparkSession spark, String directory) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<double[]> points = jsc.wholeTextFiles(directory).map(file -> {
      String[] lines = file._2().split("\\r?\\n|\\r");
      List<Double> values = new ArrayList<>();
      for (int i = 1; i < lines.length; i++) {
        if (lines[i].isBlank()) {
          continue;
        }
        for (String field : lines[i].split(",")) {
          try {
            values.add(Double.parseDouble(field.strip()));
          } catch (NumberFormatException e) {
            throw new io.pais.io.InputException(file._1() + ", line " + (i + 1) + ": non-numeric field");
          }
        }
      }
      return values.stream().mapToDouble(Double::doubleValue).toArray();
    });
    int d = points.first().length;
    return Points.keyedByPartition(points, d, "pose " + directory);
  }
}
