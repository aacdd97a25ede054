package io.pais.sampling.spark;

import io.pais.testing.Fixtures;
import io.pais.lloyd.SampleBlock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.io.InputFormat;
import io.pais.io.InputSpec;
import io.pais.io.PointReader;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.UniformSampling;
import io.pais.testing.SharedSparkSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Poisson sample itself (which rows, with which weights) is the same whatever the split size, because each
 * record's coin is keyed by its place in the input; keyed by partition (a DataFrame without a stable order) it
 * is not, which the report says.
 */
@ExtendWith(SharedSparkSession.class)
class SampleIndependenceTest {
  private static final String SPLIT_MAX = "mapreduce.input.fileinputformat.split.maxsize";

  /** The sampled rows with their weights, as sorted text. */
  private static List<String> sample(SparkSession spark, Path file, long splitBytes) {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    conf.setLong(SPLIT_MAX, splitBytes);
    try {
      Points points = PointReader.read(spark, new InputSpec(List.of(file.toString()), InputFormat.CSV, false, 0, ",",
          List.of(), List.of(), "", 0));
      assertTrue(points.stableKeys());
      return rows(PoissonSampler.sample(points.rdd(), 2, new UniformSampling(600, 2000), Geometry.L2, KeyedCoins.seeded(99))
          .collect(), points.rdd().getNumPartitions());
    } finally {
      conf.unset(SPLIT_MAX);
    }
  }

  private static List<String> rows(List<SampleBlock> blocks, int partitions) {
    List<String> out = Fixtures.sortedRows(blocks);
    out.add("partitions=" + partitions);
    return out;
  }

  @Test
  void theSampleDoesNotDependOnTheSplitSize(SparkSession spark, @TempDir Path tmp) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      lines.add(i + "," + (i * 7 % 13));
    }
    Path file = Files.write(tmp.resolve("rows.csv"), lines);
    List<String> small = sample(spark, file, 2 * 1024);
    List<String> large = sample(spark, file, 8 * 1024);
    assertNotEquals(small.get(small.size() - 1), large.get(large.size() - 1), "partition counts must differ");
    assertEquals(small.subList(0, small.size() - 1), large.subList(0, large.size() - 1));
    assertTrue(small.size() > 500 && small.size() < 700, "about 600 rows sampled: " + small.size());
  }

  @Test
  void keysByPartitionDependOnThePartitioning(SparkSession spark) {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      rows.add(new double[] {i, i * 7 % 13});
    }
    org.apache.spark.api.java.JavaSparkContext jsc =
        org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<String> two = rows(PoissonSampler.sample(Points.keyedByPartition(jsc.parallelize(rows, 2), 2, "t").rdd(), 2,
        new UniformSampling(600, 2000), Geometry.L2, KeyedCoins.seeded(99)).collect(), 0);
    List<String> five = rows(PoissonSampler.sample(Points.keyedByPartition(jsc.parallelize(rows, 5), 2, "t").rdd(), 2,
        new UniformSampling(600, 2000), Geometry.L2, KeyedCoins.seeded(99)).collect(), 0);
    assertNotEquals(two, five);
  }
}
