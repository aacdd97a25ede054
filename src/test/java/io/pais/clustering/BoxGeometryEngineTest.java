package io.pais.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.accounting.LedgerEntry;
import io.pais.accounting.LedgerStage;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.KeyedPoint;
import io.pais.sampling.Sampler;
import io.pais.settings.CoordinateBounds;
import io.pais.settings.GeometryChoice;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import io.pais.testing.Fixtures;
import io.pais.testing.SharedSparkSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --geometry box through the engine: DP-Lloyd's ledger entry, the report's noise line and ρ's description name the
 * box; the release spends what the ball's does (a term's gauge is ρ either way), its centres lie in the public box,
 * and on well-separated clusters of unequal scales it finds them as the ball does.
 */
@ExtendWith(SharedSparkSession.class)
class BoxGeometryEngineTest {
  private static final int D = 6;
  private static final int K = 3;
  private static final int N = 9_000;
  private static final double[] SCALE = {40, 20, 10, 4, 2, 1};
  private static final CoordinateBounds BOUNDS = CoordinateBounds.parse("-64:64,-32:32,-16:16,-8:8,-4:4,-2:2");

  /** Three clusters along the diagonal of the box's proportions, spread a tenth of each coordinate's scale. */
  private static List<KeyedPoint> rows() {
    return Fixtures.keyedRows(N, D, 21, (i, t, random) -> SCALE[t] * ((i % K) - 1) * 0.8
        + random.nextGaussian() * SCALE[t] / 10);
  }

  private static ClusteringResult fit(SparkSession spark, GeometryChoice geometry, Sampler sampler) {
    KMeansSettings settings = KMeansSettings.builder().privacy(PrivacyMode.Kind.STRICT).bounds(BOUNDS).k(K)
        .epsilon(2).seed(11L).geometry(geometry).sampler(sampler).build();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<String> log = new ArrayList<>();
    return new PrivateKMeansEngine(settings, log::add).fit(new Points(jsc.parallelize(rows(), 2), D, "test", true),
        false);
  }

  private static LedgerEntry lloydEntry(ClusteringResult result) {
    return result.report().ledger().stream().filter(e -> e.stage() == LedgerStage.DP_LLOYD).findFirst()
        .orElseThrow();
  }

  /** The mean over the points of the squared distance to the nearest centre. */
  private static double cost(double[][] centres) {
    double total = 0;
    for (KeyedPoint p : rows()) {
      double best = Double.POSITIVE_INFINITY;
      for (double[] c : centres) {
        double s = 0;
        for (int t = 0; t < D; t++) {
          double v = p.x()[t] - c[t];
          s += v * v;
        }
        best = Math.min(best, s);
      }
      total += best;
    }
    return total / N;
  }

  @Test
  void theBoxIsNamedSpendsWhatTheBallDoesAndFindsTheClusters(SparkSession spark) {
    for (Sampler sampler : new Sampler[] {Sampler.OPT, Sampler.FULL}) {
      ClusteringResult box = fit(spark, GeometryChoice.BOX, sampler);
      ClusteringResult ball = fit(spark, GeometryChoice.L2, sampler);
      LedgerEntry entry = lloydEntry(box);
      assertTrue(entry.mechanism().contains("box sums"), entry.mechanism());
      assertEquals(lloydEntry(ball).epsilon(), entry.epsilon(), 0, "the same share for DP-Lloyd");
      assertEquals(ball.report().epsilon(), box.report().epsilon(), 0, "the same guarantee");
      assertTrue(box.report().epsilon() <= 2, "within the target: " + box.report().epsilon());
      assertEquals(Geometry.L2, box.report().geometry(), "the points are measured in l2");
      assertTrue(box.report().sumNoiseRadius().contains("K-norm of the box"), box.report().sumNoiseRadius());
      String rho = box.report().statistics().stream().filter(s -> s.name().equals("rho")).findFirst().orElseThrow()
          .description();
      assertTrue(rho.contains("--geometry box"), rho);
      for (double[] c : box.centres()) {
        for (int t = 0; t < D; t++) {
          assertTrue(c[t] >= BOUNDS.lowerIn(D)[t] && c[t] <= BOUNDS.upperIn(D)[t], "centre in the box: " + c[t]);
        }
      }
      // the clusters' own spread is 1/100 of each scale squared: a release that finds them costs about that
      double spread = 0;
      for (double s : SCALE) {
        spread += s * s / 100;
      }
      assertTrue(cost(box.centres()) < 1.5 * spread, sampler + ": box cost " + cost(box.centres()) + " vs spread "
          + spread + " (ball " + cost(ball.centres()) + ")");
    }
  }
}
