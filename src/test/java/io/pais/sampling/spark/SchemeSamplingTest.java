package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.UniformScheme;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Record numbers are the ranks of the sampling keys whatever the partitioning (contiguous splits, or shuffled rows
 * whose key ranges overlap); every iteration of a fixed-size scheme has exactly m draws; a seeded scheme draws the
 * same samples whatever the partitioning and reads the same sample when Spark recomputes it; a cached stage I
 * confines every iteration to n₁ records.
 */
@ExtendWith(SharedSparkSession.class)
class SchemeSamplingTest {
  private static final int N = 3_000;

  /** N points with increasing keys (gaps of random size) and x = (key, rank): the rank is what a number must be. */
  private static List<KeyedPoint> points() {
    Random random = new Random(3);
    List<KeyedPoint> out = new ArrayList<>();
    long key = 0;
    for (int i = 0; i < N; i++) {
      key += 1 + random.nextInt(50);
      out.add(new KeyedPoint(key, new double[] {key, i}));
    }
    return out;
  }

  private static RecordNumbering.Numbered numbered(SparkSession spark, List<KeyedPoint> rows, int partitions) {
    JavaRDD<KeyedPoint> rdd = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(rows, partitions);
    return RecordNumbering.number(rdd, 2);
  }

  @Test
  void recordNumbersAreKeyRanksWhateverThePartitioning(SparkSession spark) {
    List<KeyedPoint> ordered = points();
    List<KeyedPoint> shuffled = new ArrayList<>(ordered);
    Collections.shuffle(shuffled, new Random(8)); // every partition's key range then overlaps the others
    for (List<KeyedPoint> rows : List.of(ordered, shuffled)) {
      for (int partitions : new int[] {1, 4, 7}) {
        RecordNumbering.Numbered numbered = numbered(spark, rows, partitions);
        assertEquals(N, numbered.population());
        int seen = 0;
        for (RecordBlock block : numbered.blocks().collect()) {
          for (int i = 0; i < block.rows().rows(); i++) {
            assertEquals(block.first() + i, block.rows().value(i, 1), 0, "record number = key rank");
            seen++;
          }
        }
        assertEquals(N, seen);
        numbered.blocks().unpersist(false);
      }
    }
  }

  /** Each iteration's sample as sorted "rank x weight" text. */
  private static List<List<String>> samples(SparkSession spark, int partitions, UniformScheme scheme, long stage1,
      int m, boolean cached, long seed) {
    SchemeSampling sampling = new SchemeSampling(scheme, numbered(spark, points(), partitions), stage1, m,
        (double) m / N, cached, RandomSource.XO_RO_SHI_RO_128_PP.create(seed), KeyedCoins.seeded(seed));
    List<List<String>> out = new ArrayList<>();
    for (int t = 1; t <= 4; t++) {
      JavaRDD<SampleBlock> sample = sampling.iteration(t);
      List<String> rows = rows(sample.collect());
      assertEquals(rows, rows(sample.collect()), "a recomputed sample is the same sample");
      out.add(rows);
    }
    sampling.release();
    return out;
  }

  /** A sample as sorted "record number x copies": the record number is the second coordinate of these points. */
  private static List<String> rows(List<SampleBlock> blocks) {
    List<String> out = new ArrayList<>();
    for (SampleBlock b : blocks) {
      for (int i = 0; i < b.rows(); i++) {
        out.add((long) b.value(i, 1) + " x" + (int) b.weights()[i]);
      }
    }
    out.sort(null);
    return out;
  }

  private static double totalWeight(List<String> rows) {
    return rows.stream().mapToInt(r -> Integer.parseInt(r.substring(r.indexOf('x') + 1))).sum();
  }

  @Test
  void fixedSizesAreExactAndSeededSamplesIgnorePartitioning(SparkSession spark) {
    for (UniformScheme scheme : List.of(UniformScheme.WOR, UniformScheme.WR, UniformScheme.MUST_OW,
        UniformScheme.MUST_WO, UniformScheme.MUST_WW)) {
      List<List<String>> one = samples(spark, 1, scheme, 900, 400, false, 21);
      List<List<String>> five = samples(spark, 5, scheme, 900, 400, false, 21);
      assertEquals(one, five, scheme.id() + ": the partitioning changed a seeded sample");
      assertNotEquals(one.get(0), one.get(1), scheme.id() + ": iterations must draw afresh");
      for (List<String> iteration : one) {
        assertEquals(400, totalWeight(iteration), scheme.id() + ": m draws per iteration");
        if (!scheme.isMultiset()) {
          assertEquals(400, iteration.size(), "wor draws distinct records");
        }
      }
    }
  }

  @Test
  void aCachedStageOneConfinesEveryIterationToItsRecords(SparkSession spark) {
    List<List<String>> cached = samples(spark, 3, UniformScheme.MUST_OW, 300, 200, true, 4);
    Set<String> records = new HashSet<>();
    for (List<String> iteration : cached) {
      assertEquals(200, totalWeight(iteration));
      iteration.forEach(r -> records.add(r.substring(0, r.indexOf(' '))));
    }
    // 4 iterations of 200 draws from all 3,000 records would reach about 760 distinct ones
    assertTrue(records.size() <= 300, "records read: " + records.size());
    assertEquals(cached, samples(spark, 6, UniformScheme.MUST_OW, 300, 200, true, 4));
  }

  /**
   * Poisson-uniform: fresh keyed coins per iteration; the sample size is Binomial(N, γ), whose mean over 4
   * iterations is checked to 5 standard deviations (false failure about 6e-7).
   */
  @Test
  void poissonUniformFlipsFreshCoinsPerIteration(SparkSession spark) {
    List<List<String>> one = samples(spark, 2, UniformScheme.POISSON_UNIFORM, 0, 600, false, 13);
    assertEquals(one, samples(spark, 7, UniformScheme.POISSON_UNIFORM, 0, 600, false, 13));
    assertNotEquals(one.get(0), one.get(1));
    double total = one.stream().mapToDouble(SchemeSamplingTest::totalWeight).sum();
    double gamma = 600.0 / N;
    double sd = Math.sqrt(4 * N * gamma * (1 - gamma));
    assertEquals(4 * 600, total, 5 * sd);
  }
}
