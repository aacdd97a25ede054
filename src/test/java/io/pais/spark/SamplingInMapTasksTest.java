package io.pais.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.holdenkarau.spark.testing.JavaRDDComparisons;
import io.pais.accounting.NoiseKnobSolver;
import io.pais.privacy.Geometry;
import io.pais.sampling.PrivacyConstrainedSampling;
import io.pais.sampling.SamplingFunction;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The math core's sampling functions are serializable and give in Spark map tasks exactly what they give on
 * the driver. Compared with spark-testing-base's Java RDD comparison (its JUnit 4 base classes are not used).
 */
@ExtendWith(SharedSparkSession.class)
class SamplingInMapTasksTest {

  @Test
  void optProbabilitiesInMapTasksEqualTheDriversOnes(SparkSession spark) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    SplittableRandom random = new SplittableRandom(3);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      points.add(new double[] {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()});
    }
    double r = points.stream().mapToDouble(Geometry.L2::norm).max().orElseThrow();
    NoiseKnobSolver solver = new NoiseKnobSolver(10, r, 3);
    PrivacyConstrainedSampling opt = solver.optSampler(3.0, 0.5 * solver.optMaximum(3.0));
    Broadcast<SamplingFunction> shared = jsc.broadcast(opt);

    JavaRDD<Double> inTasks = jsc.parallelize(points, 4)
        .map(x -> shared.value().probability(Geometry.L2.norm(x)));
    List<Double> onDriver = new ArrayList<>();
    for (double[] x : points) {
      onDriver.add(opt.probability(Geometry.L2.norm(x)));
    }
    JavaRDD<Double> expected = jsc.parallelize(onDriver, 4);
    assertTrue(JavaRDDComparisons.compareRDDWithOrder(expected, inTasks).isEmpty());
    assertTrue(inTasks.filter(q -> !(q > 0 && q <= 1)).isEmpty());
  }
}
