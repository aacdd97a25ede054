package io.pais.clustering;

import io.pais.settings.Iterations;
import io.pais.settings.Initialisation;
import io.pais.settings.KMeansSettings;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.sampling.KeyedPoint;
import io.pais.io.Points;
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
    KMeansSettings settings = KMeansSettings.builder().strict(5).normBound(5.0).centre(new double[2]).k(2)
        .iterations(Iterations.fixed(2)).epsilon(2).sampler(Sampler.FULL).initialisation(Initialisation.RANDOM_BALL)
        .seed(1L).build();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<KeyedPoint> rows = List.of(new KeyedPoint(0, new double[] {1, 0}), new KeyedPoint(1, new double[] {0, 1}));
    PrivateKMeansEngine engine = new PrivateKMeansEngine(settings, message -> { });
    engine.prepare(new Points(jsc.parallelize(rows, 1), 2, "test", true)).release();
    IllegalStateException again = assertThrows(IllegalStateException.class,
        () -> engine.prepare(new Points(jsc.parallelize(rows, 1), 2, "test", true)));
    assertTrue(again.getMessage().contains("make a new engine"), again.getMessage());
  }
}
