package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.SamplerGuarantees.CoreSupremum;
import io.pais.io.KeyedPoint;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.Sampler;
import io.pais.testing.SharedSparkSession;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An engine prepares one run: a second would spend from the first run's ledger, so it is refused (issue 27). */
@ExtendWith(SharedSparkSession.class)
class EngineReuseTest {

  @Test
  void aSecondRunOnOneEngineIsRefused(SparkSession spark) {
    KMeansSettings settings = new KMeansSettings(2, 2, 2, Sampler.FULL, 1, 0.5, Geometry.L2, Preprocessing.PUBLIC, 5,
        new double[2], Initialisation.RANDOM_BALL, 1L, true, 1.0, CoreSupremum.EXACT,
        new StrictRelease(5, null, 0.975, false, 0.05, 0.05, 0.2), SchemeOptions.none());
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<KeyedPoint> rows = List.of(new KeyedPoint(0, new double[] {1, 0}), new KeyedPoint(1, new double[] {0, 1}));
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    engine.prepare(new Points(jsc.parallelize(rows, 1), 2, "test", true)).release();
    IllegalStateException again = assertThrows(IllegalStateException.class,
        () -> engine.prepare(new Points(jsc.parallelize(rows, 1), 2, "test", true)));
    assertTrue(again.getMessage().contains("make a new engine"), again.getMessage());
  }
}
