package io.pais.experiments;

import io.pais.privacy.Geometry;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How far projecting onto a norm quantile moves each shared set, against its floor (docs/results/utility.md, "Heavy
 * tails"): D(r) = Σ (‖x‖ − r)² over the prepared points beyond r — what projecting them onto the ball of radius r
 * moves them by, squared — divided by the floor's total cost, at the quantiles 0.9 to 0.999 of the exact norms. Not
 * private: it reads the points to explain what the private releases do.
 */
@Command(name = "pais-tail-distortion", mixinStandardHelpOptions = true, sortOptions = false,
    description = "The distortion of projecting onto a norm quantile, in floors (docs/results/utility.md, "
        + "\"Heavy tails\").")
public final class TailDistortion implements Callable<Integer> {
  private static final double[] QUANTILES = {0.9, 0.95, 0.975, 0.99, 0.999};

  @Mixin
  StudyOptions common = new StudyOptions();

  @Option(names = "--dataset", split = ",", description = "data sets (default: all of ../shared/datasets)")
  List<String> dataSets = List.copyOf(DataSets.SHARED.keySet());

  @Option(names = "--k", description = "clusters of the floor (default: ${DEFAULT-VALUE})")
  int k = 10;

  @Option(names = "--floor-starts", description = "k-means++ starts of the floor (default: ${DEFAULT-VALUE})")
  int floorStarts = 10;

  public static void main(String[] args) {
    System.exit(StudyCommand.of(new TailDistortion()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    Files.createDirectories(common.output);
    SparkSession spark = StudySession.open("pais-tail-distortion", 2, common.keepSession);
    StringBuilder header = new StringBuilder("dataset,n,d,clipRadius,maxNorm");
    for (double q : QUANTILES) {
      header.append(String.format(Locale.ROOT, ",r%s,distortion%s", q, q));
    }
    List<String> lines = new ArrayList<>(List.of(header.toString()));
    try {
      for (String name : dataSets) {
        StudySet set = StudySet.load(spark, name, common.dataDir);
        double[] norms = set.prepared().points().map(p -> Geometry.L2.norm(p.x())).collect().stream()
            .mapToDouble(Double::doubleValue).sorted().toArray();
        int n = norms.length;
        double floorCost = set.floor(k, floorStarts) * n;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s,%d,%d,%.6g,%.6g", name, n,
            set.dimension(), set.clipRadius(), norms[n - 1]));
        for (double q : QUANTILES) {
          double r = norms[(int) (q * (n - 1))];
          double moved = 0;
          for (double norm : norms) {
            moved += norm > r ? (norm - r) * (norm - r) : 0;
          }
          line.append(String.format(Locale.ROOT, ",%.6g,%.4f", r, moved / floorCost));
        }
        System.out.println(line);
        lines.add(line.toString());
        set.release();
      }
      Files.write(common.output.resolve("tail-distortion.csv"), lines);
    } finally {
      if (!common.keepSession) {
        spark.stop();
      }
    }
    return 0;
  }
}
