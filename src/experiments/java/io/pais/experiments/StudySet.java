package io.pais.experiments;

import io.pais.io.DimensionSource;
import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
import io.pais.lloyd.KMeansCost;
import io.pais.lloyd.SampleBlock;
import io.pais.lloyd.WeightedKMeans;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.privacy.Geometry;
import io.pais.sampling.spark.PoissonSampler;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * A shared data set as the strict studies use it (SPEC §9's fixed evaluation setup): loaded, preprocessed as in the
 * paper and cached, the prepared points also as weight-1 blocks in memory for exact costs, and the public clip
 * radius the studies emulate ({@link StrictStudy#clipRadius}).
 */
record StudySet(Points loaded, PreparedData prepared, List<SampleBlock> blocks, double clipRadius) {

  static StudySet load(SparkSession spark, String name, Path dataDir) {
    return of(DataSets.load(spark, name, dataDir));
  }

  /**
   * Labelled points held in driver memory, each keyed by its row index: the key rides through the preprocessing,
   * so a prepared point's label is {@code data.labels()[(int) key]}.
   */
  static StudySet of(SparkSession spark, LabelledPoints data, String source) {
    List<KeyedPoint> keyed = new java.util.ArrayList<>(data.points().size());
    for (int i = 0; i < data.points().size(); i++) {
      keyed.add(new KeyedPoint(i, data.points().get(i)));
    }
    JavaRDD<KeyedPoint> rdd = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(keyed,
        Math.max(2, Math.min(16, keyed.size() / 20_000)));
    return of(new Points(rdd, data.dimension(), DimensionSource.GIVEN, source, true));
  }

  private static StudySet of(Points loaded) {
    PreparedData prepared = Preprocessor.paper(loaded.rdd(), loaded.dimension(), Geometry.L2, loaded.source());
    List<SampleBlock> blocks = PoissonSampler.sampleInMemory(prepared.points().map(KeyedPoint::x).collect(),
        loaded.dimension(), null, Geometry.L2, 0);
    return new StudySet(loaded, prepared, blocks, StrictStudy.clipRadius(prepared.points(), prepared.count()));
  }

  int dimension() {
    return loaded.dimension();
  }

  /** The prepared points as the engine reads them: a fresh map over the cache (the engine persists its own copy). */
  Points points() {
    JavaRDD<KeyedPoint> points = prepared.points();
    return new Points(points.map(p -> p), dimension(), loaded.dimensionSource(), loaded.source(), true);
  }

  /** The non-private floor at k: weighted k-means (k-means++, Lloyd to convergence), the best of {@code starts}. */
  double floor(int k, int starts) {
    return KMeansCost.meanCost(blocks, floorCentres(k, starts), k);
  }

  /** The floor's centres, flattened (centre j at [j·d, (j+1)·d)). */
  double[] floorCentres(int k, int starts) {
    return new WeightedKMeans(k, starts, 300).fit(blocks, dimension(), RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
  }

  /** The mean cost of {@code centres} on the prepared points. */
  double cost(double[][] centres) {
    return KMeansCost.meanCost(blocks, StrictStudy.flatten(centres), centres.length);
  }

  void release() {
    prepared.release();
  }
}
