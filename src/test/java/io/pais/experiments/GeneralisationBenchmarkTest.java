package io.pais.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.testing.SharedSparkSession;
import io.pais.testing.TestVectors;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The generalisation benchmark (issue 49): the mixtures have the shapes they are named for, the adjusted Rand index
 * agrees with published values, the stored sets read with their labels, and a smoke run writes its tables.
 */
@ExtendWith(SharedSparkSession.class)
class GeneralisationBenchmarkTest {

  @Test
  void aMixtureHasTheSizesScalesAndLabelsItIsNamedFor() {
    Mixture mixture = new Mixture("test", 10_000, 4, 5, 100, 1e4, 2, 7);
    int[] sizes = mixture.sizes();
    assertEquals(10_000, Arrays.stream(sizes).sum());
    assertEquals(100, (double) sizes[0] / sizes[4], 2, "sizes 100:1 from the first cluster to the last");
    double[] scales = mixture.scales();
    assertEquals(1, scales[0]);
    assertEquals(1e4, scales[3], 1e-8);
    LabelledPoints points = mixture.generate();
    assertEquals(10_000, points.points().size());
    assertEquals(5, points.classes());
    int[] counts = new int[5];
    Arrays.stream(points.labels()).forEach(label -> counts[label]++);
    assertArrayEquals(sizes, counts, "each cluster holds its size");
    double[] spread = new double[4];
    for (double[] x : points.points()) {
      for (int t = 0; t < 4; t++) {
        spread[t] = Math.max(spread[t], Math.abs(x[t]));
      }
    }
    assertTrue(spread[3] > 1000 * spread[0], "the last coordinate's scale is 1e4 times the first's");
    assertArrayEquals(points.labels(), mixture.generate().labels(), "a seed gives the same mixture");
    assertTrue(points.labels()[0] != points.labels()[1] || points.labels()[1] != points.labels()[2]
        || points.labels()[2] != points.labels()[3], "the rows are shuffled, not cluster by cluster");
  }

  @Test
  void wellSeparatedClustersAreRecoveredByTheirNearestTrueCentre() {
    LabelledPoints separated = new Mixture("sep", 3_000, 2, 6, 1, 1, 4, 3).generate();
    LabelledPoints overlapping = new Mixture("ovl", 3_000, 2, 6, 1, 1, 0.3, 3).generate();
    assertTrue(meanCentreAri(separated) > 0.95, "separation 4: clusters apart");
    assertTrue(meanCentreAri(overlapping) < 0.6, "separation 0.3: clusters overlap");
  }

  /** The ARI of assigning each point to the nearest of the clusters' means. */
  private static double meanCentreAri(LabelledPoints data) {
    int k = data.classes();
    double[][] means = new double[k][data.dimension()];
    int[] counts = new int[k];
    for (int i = 0; i < data.labels().length; i++) {
      counts[data.labels()[i]]++;
      for (int t = 0; t < data.dimension(); t++) {
        means[data.labels()[i]][t] += data.points().get(i)[t];
      }
    }
    for (int j = 0; j < k; j++) {
      for (int t = 0; t < data.dimension(); t++) {
        means[j][t] /= counts[j];
      }
    }
    return AdjustedRandIndex.of(data.labels(), GeneralisationStudy.nearest(data.points(), means));
  }

  /** Values from scikit-learn's adjusted_rand_score documentation and its tests. */
  @Test
  void theAdjustedRandIndexAgreesWithPublishedValues() {
    assertEquals(1.0, AdjustedRandIndex.of(new int[] {0, 0, 1, 1}, new int[] {1, 1, 0, 0}), 1e-12);
    assertEquals(0.5714285714285714, AdjustedRandIndex.of(new int[] {0, 0, 1, 2}, new int[] {0, 0, 1, 1}), 1e-12);
    assertEquals(0.0, AdjustedRandIndex.of(new int[] {0, 0, 0, 0}, new int[] {0, 1, 2, 3}), 1e-12);
    assertEquals(-0.5, AdjustedRandIndex.of(new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}), 1e-12);
    assertEquals(1.0, AdjustedRandIndex.of(new int[] {3, 3, 3}, new int[] {7, 7, 7}), 1e-12);
  }

  @Test
  void aStoredSetReadsWithItsLabelsAtItsGroundTruthK() throws IOException {
    Path data = TestVectors.sharedDir().resolve("datasets");
    for (String name : List.of("r15", "wine")) {
      GeneralisationSets.Cell cell = GeneralisationSets.CELLS.get(name);
      LabelledPoints points = cell.load(data);
      assertEquals(cell.k(), points.classes(), name);
    }
    assertEquals(600, GeneralisationSets.CELLS.get("r15").load(data).points().size());
    assertEquals(13, GeneralisationSets.CELLS.get("wine").load(data).dimension());
  }

  @Test
  void aGroupOfFurtherMixturesRunsByItsNameAndLeavesTheBenchmarkAlone() throws IOException {
    List<GeneralisationSets.Cell> middle = GeneralisationSets.select(List.of("mid-d"));
    assertEquals(19, middle.size());
    assertTrue(middle.stream().allMatch(c -> c.k() >= 3 && ((GeneralisationSets.Generated) c).mixture().d() >= 3
        && ((GeneralisationSets.Generated) c).mixture().d() <= 12), "k and d of the mid-d group");
    List<GeneralisationSets.Cell> probe = GeneralisationSets.select(List.of("probe", "wine"));
    assertEquals(16 + 12 + 1, probe.size(), "each generated cell drawn again, twelve more shapes, then wine");
    Mixture again = ((GeneralisationSets.Generated) probe.get(0)).mixture();
    assertEquals("re-many-100", again.name());
    assertFalse(Arrays.equals(GeneralisationSets.CELLS.get("many-100").load(null).labels(),
        probe.get(0).load(null).labels()), "drawn from another seed");
    assertEquals(35, GeneralisationSets.select(List.of()).size(), "the benchmark's own cells by default");
    assertTrue(GeneralisationSets.GROUPS.values().stream().flatMap(List::stream)
        .noneMatch(c -> GeneralisationSets.CELLS.containsKey(c.name())), "no group's cell has a benchmark cell's name");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GeneralisationSets.select(List.of("mid")));
    assertTrue(e.getMessage().contains("a group (mid-d, probe) or one of a group's cells")
        && e.getMessage().endsWith("got 'mid'"), e.getMessage());
    assertEquals(List.of(middle.get(9)), GeneralisationSets.select(List.of("m-k6-d5-starved")),
        "one group cell by name");
  }

  @Test
  void aSmokeRunWritesRunsSummaryAndTable(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("generalisation");
    int exit = new CommandLine(new GeneralisationStudy()).execute("--data-dir",
        TestVectors.sharedDir().resolve("datasets").toString(), "--cells", "easy-2,r15", "--repetitions", "2",
        "--floor-starts", "2", "--baselines", "none", "--output", out.toString(), "--keep-session");
    assertEquals(0, exit);
    List<String> runs = Files.readAllLines(out.resolve("generalisation-runs.csv"));
    assertEquals(1 + 2 * (2 + 2), runs.size(), "per cell the floor, the one-centre reference and two seeds");
    List<String> summary = Files.readAllLines(out.resolve("generalisation-summary.csv"));
    assertEquals(3, summary.size());
    double easy = Double.parseDouble(summary.get(1).split(",")[8]);
    assertTrue(easy >= 1 && easy < 1.2, "two clusters at n eps/(k d) = 500 are easy: " + easy);
    double oneCentre = Double.parseDouble(summary.get(1).split(",")[13]);
    assertTrue(oneCentre > 2, "one centre for two separated clusters costs far more than the floor: " + oneCentre);
    List<String> table = Files.readAllLines(out.resolve("generalisation-table.md"));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("| easy-2 | 488 |")), String.join("\n", table));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("pais no worse than the best contender")));
    assertTrue(table.stream().anyMatch(l -> l.startsWith("every method above the one-centre reference in 0 of 2")),
        String.join("\n", table));

    Files.delete(out.resolve("generalisation-table.md"));
    assertEquals(0, new CommandLine(new GeneralisationStudy()).execute("--retable", "--output", out.toString()));
    assertEquals(table, Files.readAllLines(out.resolve("generalisation-table.md")), "the table again from the CSVs");

    CommandLine empty = StudyCommand.of(new GeneralisationStudy());
    StringWriter err = new StringWriter();
    empty.setErr(new PrintWriter(err));
    assertEquals(1, empty.execute("--retable", "--output", tmp.resolve("nothing").toString()));
    assertTrue(err.toString().strip().endsWith("generalisation-runs.csv, which a run of the benchmark writes; there "
        + "is no such file") && err.toString().strip().lines().count() == 1, err.toString());
  }

  @Test
  void aLostCellNamesTheShareOfSeedPairsPaisLoses() {
    assertEquals(0.5, GeneralisationTable.shareAbove(new double[] {1, 2}, new double[] {1, 2}));
    assertEquals(1.0, GeneralisationTable.shareAbove(new double[] {3, 4}, new double[] {1, 2}));
    assertEquals(0.625, GeneralisationTable.shareAbove(new double[] {2, 3}, new double[] {1, 3}), "a tie counts half");
    List<String> summary = List.of("c,pais,1.0,2,100,2,25,3,1.20,1,1,0.5,0.5,3", "c,opendp,1.0,2,100,2,25,3,1.10,1,1,"
        + "0.5,0.5,3", "w,pais,1.0,2,100,2,25,3,1.00,1,1,0.5,0.5,3", "w,opendp,1.0,2,100,2,25,3,1.30,1,1,0.5,0.5,3");
    assertEquals(GeneralisationStudy.SUMMARY_HEADER.split(",").length, summary.get(0).split(",").length,
        "the rows have the study's summary fields");
    List<String> runs = List.of("c,pais,1.0,0,1.0,0.5", "c,pais,1.0,1,1.2,0.5", "c,pais,1.0,2,1.4,0.5",
        "c,opendp,1.0,0,1.1,0.5", "c,opendp,1.0,1,1.1,0.5", "c,opendp,1.0,2,1.3,0.5", "w,pais,1.0,0,1.0,0.5",
        "w,opendp,1.0,0,1.3,0.5");
    List<String> table = GeneralisationTable.of(summary, runs, List.of(1.0), List.of("pais", "opendp"));
    List<String> verdicts = table.stream().filter(l -> l.startsWith("where a contender's median is lower")).toList();
    assertEquals(1, verdicts.size(), String.join("\n", table));
    // pais 1.0, 1.2, 1.4 against 1.1, 1.1, 1.3: above in 0 + 2 + 3 of 9 pairs; w, which pais wins, is not named
    assertTrue(verdicts.get(0).endsWith(": c 0.56 (opendp)"), verdicts.get(0));
  }
}
