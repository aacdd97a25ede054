package io.pais.sampling.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pais.lloyd.LloydSums;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.SampleBlocks;
import io.pais.lloyd.WeightedClusterStats;
import io.pais.math.RandomSubspace;
import io.pais.privacy.Geometry;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Sample blocks seen in a random subspace: every row projected, weights kept, in memory and in Spark alike. */
@ExtendWith(SharedSparkSession.class)
class ProjectedBlocksTest {
  private static final int D = 12;
  private static final int M = 3;

  private static List<SampleBlock> blocks() {
    UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(49);
    List<SampleBlock> blocks = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      int rows = 5 + 7 * b;
      double[] values = new double[rows * D];
      double[] weights = new double[rows];
      for (int i = 0; i < rows; i++) {
        for (int t = 0; t < D; t++) {
          values[i * D + t] = 6 * rng.nextDouble() - 3 + (i % 2 == 0 ? 4 : -4);
        }
        weights[i] = 0.5 + rng.nextDouble();
      }
      blocks.add(SampleBlock.ofRows(values, weights, D));
    }
    return blocks;
  }

  @Test
  void aProjectedBlockHoldsEveryRowsProjectionAndItsWeight() {
    RandomSubspace subspace = RandomSubspace.draw(M, D, RandomSource.SPLIT_MIX_64.create(3));
    for (SampleBlock block : blocks()) {
      SampleBlock projected = block.projectedOnto(subspace);
      assertEquals(block.rows(), projected.rows());
      assertEquals(M, projected.dimension());
      double[] row = new double[D];
      double[] inSubspace = new double[M];
      for (int i = 0; i < block.rows(); i++) {
        block.copyRow(i, row, 0);
        projected.copyRow(i, inSubspace, 0);
        assertArrayEquals(subspace.project(row), inSubspace, 1e-12);
        assertEquals(block.weights()[i], projected.weights()[i]);
      }
    }
    SampleBlock wrong = blocks().get(0);
    assertEquals("the subspace must lie in d = 12, got d = 5", assertThrows(IllegalArgumentException.class,
        () -> wrong.projectedOnto(RandomSubspace.draw(2, 5, RandomSource.SPLIT_MIX_64.create(1)))).getMessage());
  }

  @Test
  void sparkAndMemoryAddUpTheSameProjectedStatisticsAndTheViewLeavesTheCache(SparkSession spark) {
    RandomSubspace subspace = RandomSubspace.draw(M, D, RandomSource.SPLIT_MIX_64.create(5));
    double[] centres = {1, 0, -1, -1, 0.5, 2};
    LloydSums clipped = LloydSums.clippedOffsets(2.5, Geometry.L2);
    WeightedClusterStats inMemory = SampleBlocks.inMemory(blocks()).projectedOnto(subspace)
        .clusterStats(centres, 2, M, clipped);

    JavaRDD<SampleBlock> rdd = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(blocks(), 3)
        .persist(StorageLevel.MEMORY_ONLY());
    SampleBlocks sample = SparkBlocks.of(rdd);
    SampleBlocks projected = sample.projectedOnto(subspace);
    WeightedClusterStats distributed = projected.clusterStats(centres, 2, M, clipped);
    for (int j = 0; j < 2; j++) {
      assertEquals(inMemory.count(j), distributed.count(j), 1e-9);
      assertArrayEquals(inMemory.sum(j), distributed.sum(j), 1e-9);
    }
    assertNotEquals(0, inMemory.count(0));
    assertNotEquals(0, inMemory.count(1));
    projected.release();
    assertEquals(StorageLevel.MEMORY_ONLY(), rdd.getStorageLevel(), "the view must leave the sample's cache");
    sample.release();
    assertEquals(StorageLevel.NONE(), rdd.getStorageLevel());
  }
}
