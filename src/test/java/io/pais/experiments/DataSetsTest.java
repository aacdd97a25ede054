package io.pais.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pais.io.Points;
import io.pais.testing.SharedSparkSession;
import io.pais.testing.TestVectors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The loaders: the shared real sets by their MANIFEST counts, and the paper's formats on small made-up files. */
@ExtendWith(SharedSparkSession.class)
class DataSetsTest {

  @Test
  void sharedSetsHaveTheirManifestShapes(SparkSession spark) {
    Path folder = TestVectors.sharedDir().resolve("datasets");
    record Shape(String name, long n, int d) {}
    for (Shape s : List.of(new Shape("magic", 19_020, 10), new Shape("htru2", 17_898, 8),
        new Shape("shuttle", 43_500, 9), new Shape("ijcnn1", 49_990, 22), new Shape("covertype", 92_962, 54))) {
      Points points = DataSets.load(spark, s.name(), folder);
      assertEquals(s.d(), points.dimension(), s.name());
      assertEquals(s.n(), points.rdd().count(), s.name());
    }
  }

  @Test
  void paperFormats(SparkSession spark, @TempDir Path dir) throws IOException {
    // MiniBooNE: a first line with the two class counts, then whitespace-separated rows
    Files.write(dir.resolve("MiniBooNE_PID.txt"), List.of("  2   1", " 1.5  -2.0  3.25", " 4.0 5.0 6.0", "7 8 9"));
    assertRows(DataSets.load(spark, "paper-miniboone", dir), new double[][] {{1.5, -2, 3.25}, {4, 5, 6}, {7, 8, 9}});
    // KDD-Protein bio_train.dat: three id/label columns, then features
    Files.write(dir.resolve("bio_train.dat"), List.of("279\t261532\t0\t52.0\t32.69", "279\t261533\t1\t58.0\t33.33"));
    assertRows(DataSets.load(spark, "paper-kdd-protein", dir), new double[][] {{52, 32.69}, {58, 33.33}});
    // Song: the year first
    Files.write(dir.resolve("YearPredictionMSD.txt"), List.of("2001,49.9,21.4", "1999,48.7,18.4"));
    assertRows(DataSets.load(spark, "paper-song", dir), new double[][] {{48.7, 18.4}, {49.9, 21.4}});
    // FMA features.csv: three header rows and the track id
    Files.createDirectories(dir.resolve("fma_metadata"));
    Files.write(dir.resolve("fma_metadata/features.csv"), List.of("feature,chroma,chroma", "statistics,kurtosis,max",
        "number,01,02", "2,7.18,1.0", "3,0.5,2.25"));
    assertRows(DataSets.load(spark, "paper-fma", dir), new double[][] {{0.5, 2.25}, {7.18, 1.0}});
    // RNA: three LibSVM files stacked
    Files.write(dir.resolve("cod-rna"), List.of("-1 1:1 2:2"));
    Files.write(dir.resolve("cod-rna.t"), List.of("1 2:3"));
    Files.write(dir.resolve("cod-rna.r"), List.of("1 1:4 2:5"));
    assertRows(DataSets.load(spark, "paper-rna", dir), new double[][] {{0, 3}, {1, 2}, {4, 5}});
    // Pose: one CSV per point, rows after the header flattened
    Path pose = Files.createDirectories(dir.resolve("Train/POSE"));
    Files.write(pose.resolve("00001.csv"), List.of("x,y", "1,2", "3,4"));
    Files.write(pose.resolve("00002.csv"), List.of("x,y", "5,6", "7,8"));
    assertRows(DataSets.load(spark, DataSets.POSE, dir), new double[][] {{1, 2, 3, 4}, {5, 6, 7, 8}});
  }

  /** The rows, in the order of their first then second coordinate, equal {@code expected} (given in that order). */
  private static void assertRows(Points points, double[][] expected) {
    List<double[]> rows = points.rdd().collect().stream().map(io.pais.sampling.KeyedPoint::x)
        .sorted(Comparator.comparingDouble((double[] r) -> r[0]).thenComparingDouble(r -> r.length > 1 ? r[1] : 0))
        .toList();
    assertEquals(expected.length, rows.size());
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], rows.get(i), 1e-12);
    }
  }
}
