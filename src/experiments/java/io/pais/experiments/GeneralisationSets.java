package io.pais.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The generalisation benchmark's cells (issue 49): Gaussian mixtures that span the shapes the eight utility sets do
 * not — many clusters, small and unequal clusters, features of unequal scale, overlapping to well separated,
 * n·ε/(k·d) from 5 to 10⁴ at ε = 1 — and the labelled public sets of {@code ../shared/datasets} that no other
 * benchmark uses ({@code sipu}, {@code uci_small}), each at its ground-truth k. Defaults are chosen on the whole
 * of it, never on one cell.
 */
final class GeneralisationSets {
  private GeneralisationSets() {}

  /** One cell: its points with ground-truth labels, and the k it is clustered at. */
  sealed interface Cell permits Generated, Stored {
    String name();

    int k();

    String description();

    LabelledPoints load(Path dataDir) throws IOException;
  }

  /** A generated mixture, clustered at its own k. */
  record Generated(Mixture mixture, String description) implements Cell {
    @Override
    public String name() {
      return mixture.name();
    }

    @Override
    public int k() {
      return mixture.k();
    }

    @Override
    public LabelledPoints load(Path dataDir) {
      return mixture.generate();
    }
  }

  /** A stored set: {@code FOLDER/NAME.data.gz} and {@code FOLDER/NAME.labels0.gz} under the data folder. */
  record Stored(String folder, String name, int k, String description) implements Cell {
    @Override
    public LabelledPoints load(Path dataDir) throws IOException {
      return LabelledPoints.read(dataDir.resolve(folder).resolve(name + ".data.gz"),
          dataDir.resolve(folder).resolve(name + ".labels0.gz"));
    }
  }

  /** Every cell by name, in the order the tables list them. */
  static final Map<String, Cell> CELLS = new LinkedHashMap<>();

  private static void generated(String name, int n, int d, int k, double sizeRatio, double scaleSpan,
      double separation, String description) {
    CELLS.put(name, mixture(name, n, d, k, sizeRatio, scaleSpan, separation, CELLS.size() + 1L, description));
  }

  private static void stored(String folder, String name, int k, String description) {
    CELLS.put(name, new Stored(folder, name, k, description));
  }

  static {
    // the shapes of issue 49's table, generated
    generated("many-100", 100_000, 2, 100, 1, 1, 2, "100 equal clusters in 2-d (n eps/(k d) 500)");
    generated("overlap-15", 5_000, 2, 15, 1, 1, 0.8, "15 overlapping clusters in 2-d (162)");
    generated("separated-15", 5_000, 2, 15, 1, 1, 3, "15 well-separated clusters in 2-d (162)");
    generated("many-50", 7_500, 2, 50, 1, 1, 2, "50 clusters in 2-d (75)");
    generated("many-31", 3_100, 2, 31, 1, 1, 2, "31 clusters in 2-d (50)");
    generated("small-far-8", 6_500, 2, 8, 100, 1, 3, "8 clusters, sizes 100:1, in 2-d (406)");
    generated("scales-6", 6_500, 128, 6, 1, 1e4, 2, "6 clusters in 128-d, coordinate scales spanning 1e4 (8)");
    generated("scales-10", 6_500, 128, 10, 1, 1e4, 2, "10 clusters in 128-d, scales spanning 1e4 (5)");
    // beyond them: k from 2 to 100, d from 2 to 256, sizes to 100:1, scales to 1e4, budget per centre 5 to 1e4
    generated("easy-2", 2_000, 2, 2, 1, 1, 1.5, "2 clusters in 2-d (500)");
    generated("mid-10x16", 20_000, 16, 10, 1, 1, 1.5, "10 clusters in 16-d (125)");
    generated("many-30x64", 30_000, 64, 30, 10, 1, 2, "30 clusters in 64-d, sizes 10:1 (16)");
    generated("wide-5x256", 10_000, 256, 5, 1, 1, 2, "5 clusters in 256-d (8)");
    generated("starved-20x10", 1_000, 10, 20, 1, 1, 2, "20 clusters in 10-d, little budget (5)");
    generated("rich-5x4", 200_000, 4, 5, 1, 1, 1, "5 touching clusters in 4-d, much budget (10,000)");
    generated("scales-8x8", 20_000, 8, 8, 1, 1e4, 2, "8 clusters in 8-d, scales spanning 1e4 (312)");
    generated("unequal-10x10", 50_000, 10, 10, 100, 1, 2, "10 clusters in 10-d, sizes 100:1 (500)");
    // the labelled public sets no benchmark used yet (../shared/datasets/MANIFEST.md)
    stored("sipu", "a1", 20, "SIPU A1: 3,000 x 2");
    stored("sipu", "a2", 35, "SIPU A2: 5,250 x 2");
    stored("sipu", "s2", 15, "SIPU S2: 5,000 x 2");
    stored("sipu", "s4", 15, "SIPU S4: 5,000 x 2, overlapping");
    stored("sipu", "birch2", 100, "SIPU Birch2: 100,000 x 2");
    stored("sipu", "r15", 15, "SIPU R15: 600 x 2");
    stored("sipu", "worms_2", 35, "SIPU worms_2: 105,600 x 2");
    stored("sipu", "aggregation", 7, "SIPU aggregation: 788 x 2 (a shape set)");
    stored("sipu", "compound", 6, "SIPU compound: 399 x 2 (a shape set)");
    stored("sipu", "flame", 2, "SIPU flame: 240 x 2 (a shape set)");
    stored("sipu", "jain", 2, "SIPU jain: 373 x 2 (a shape set)");
    stored("sipu", "pathbased", 3, "SIPU pathbased: 300 x 2 (a shape set)");
    stored("sipu", "spiral", 3, "SIPU spiral: 312 x 2 (a shape set)");
    stored("uci_small", "ecoli", 8, "UCI ecoli: 336 x 7");
    stored("uci_small", "glass", 6, "UCI glass: 214 x 9");
    stored("uci_small", "ionosphere", 2, "UCI ionosphere: 351 x 34");
    stored("uci_small", "sonar", 2, "UCI sonar: 208 x 60");
    stored("uci_small", "wdbc", 2, "UCI wdbc: 569 x 30");
    stored("uci_small", "wine", 3, "UCI wine: 178 x 13");
  }

  /**
   * Groups of further mixtures, outside the benchmark's cells and its goals, run by naming the group (or one of its
   * cells) in {@code --cells}. Their seeds differ from the cells'.
   * <ul>
   *   <li>{@code probe}: a check of the defaults on draws they were not chosen on — each generated cell drawn again
   *       from another seed ({@code re-} and its name) and twelve more shapes ({@code h-}); run once with the
   *       contenders before the grid reached eight dimensions (docs/results/history.md, "The grid up to eight
   *       dimensions where the budget per centre is little").
   *   <li>{@code mid-d}: mixtures in 3 to 12 dimensions, where the benchmark's cells are few (rich-5x4, scales-8x8,
   *       unequal-10x10): the grid's dimensions were chosen on them with the benchmark.
   * </ul>
   */
  static final Map<String, List<Cell>> GROUPS = Map.of("probe", probe(), "mid-d", midDimensions());

  private static List<Cell> probe() {
    List<Cell> cells = new ArrayList<>();
    for (Cell cell : CELLS.values()) {
      if (cell instanceof Generated generated) {
        Mixture m = generated.mixture();
        cells.add(new Generated(new Mixture("re-" + m.name(), m.n(), m.d(), m.k(), m.sizeRatio(), m.scaleSpan(),
            m.separation(), m.seed() + 1000), generated.description() + ", drawn again"));
      }
    }
    long seed = 17;
    cells.add(mixture("h-many-20x3", 4_000, 3, 20, 1, 1, 2, seed++, "20 clusters in 3-d"));
    cells.add(mixture("h-unequal-12x2", 6_000, 2, 12, 30, 1, 2.5, seed++, "12 clusters in 2-d, sizes 30:1"));
    cells.add(mixture("h-scales-4x32", 8_000, 32, 4, 1, 1e3, 2, seed++, "4 clusters in 32-d, scales spanning 1e3"));
    cells.add(mixture("h-overlap-8x8", 10_000, 8, 8, 1, 1, 1, seed++, "8 touching clusters in 8-d"));
    cells.add(mixture("h-many-60x4", 30_000, 4, 60, 1, 1, 2, seed++, "60 clusters in 4-d"));
    cells.add(mixture("h-wide-3x100", 5_000, 100, 3, 1, 1, 2, seed++, "3 clusters in 100-d"));
    cells.add(mixture("h-smallfar-6x5", 8_000, 5, 6, 50, 1, 3, seed++, "6 separated clusters in 5-d, sizes 50:1"));
    cells.add(mixture("h-rich-3x2", 50_000, 2, 3, 1, 1, 1.2, seed++, "3 clusters in 2-d, much budget"));
    cells.add(mixture("h-starved-10x20", 2_000, 20, 10, 1, 1, 2, seed++, "10 clusters in 20-d, little budget"));
    cells.add(mixture("h-scales-12x16", 15_000, 16, 12, 1, 1e2, 2, seed++, "12 clusters in 16-d, scales spanning 1e2"));
    cells.add(mixture("h-sep-25x2", 5_000, 2, 25, 1, 1, 3, seed++, "25 separated clusters in 2-d"));
    cells.add(mixture("h-scales-5x3", 3_000, 3, 5, 3, 1e3, 2, seed, "5 clusters in 3-d, sizes 3:1, scales 1e3"));
    return List.copyOf(cells);
  }

  private static List<Cell> midDimensions() {
    return List.of(
        mixture("m-k8-d4", 8_000, 4, 8, 1, 1, 2, 500, "8 clusters in 4-d"),
        mixture("m-k20-d5", 20_000, 5, 20, 1, 1, 2, 501, "20 clusters in 5-d"),
        mixture("m-k40-d4", 12_000, 4, 40, 1, 1, 2, 502, "40 clusters in 4-d"),
        mixture("m-k10-d6", 6_000, 6, 10, 1, 1, 1.5, 503, "10 touching clusters in 6-d"),
        mixture("m-k30-d6", 50_000, 6, 30, 1, 1, 2, 504, "30 clusters in 6-d"),
        mixture("m-k5-d7", 3_000, 7, 5, 1, 1, 2, 505, "5 clusters in 7-d"),
        mixture("m-k15-d5-unequal", 15_000, 5, 15, 20, 1, 2.5, 506, "15 clusters in 5-d, sizes 20:1"),
        mixture("m-k12-d4-scales", 10_000, 4, 12, 1, 1e2, 2, 507, "12 clusters in 4-d, scales spanning 1e2"),
        mixture("m-k25-d6-overlap", 30_000, 6, 25, 1, 1, 1, 508, "25 overlapping clusters in 6-d"),
        mixture("m-k6-d5-starved", 1_000, 5, 6, 1, 1, 2, 509, "6 clusters in 5-d, little budget"),
        mixture("m-k3-d3", 2_000, 3, 3, 1, 1, 1.5, 510, "3 touching clusters in 3-d"),
        mixture("m-k50-d3", 25_000, 3, 50, 1, 1, 2, 511, "50 clusters in 3-d"),
        mixture("m-k8-d8", 10_000, 8, 8, 1, 1, 2, 500, "8 clusters in 8-d"),
        mixture("m-k20-d8", 30_000, 8, 20, 1, 1, 2, 501, "20 clusters in 8-d"),
        mixture("m-k10-d10", 20_000, 10, 10, 1, 1, 1.5, 502, "10 touching clusters in 10-d"),
        mixture("m-k6-d7", 5_000, 7, 6, 1, 1, 2, 503, "6 clusters in 7-d"),
        mixture("m-k30-d7", 40_000, 7, 30, 1, 1, 2, 504, "30 clusters in 7-d"),
        mixture("m-k12-d9-unequal", 20_000, 9, 12, 20, 1, 2.5, 505, "12 clusters in 9-d, sizes 20:1"),
        mixture("m-k15-d12", 50_000, 12, 15, 1, 1, 2, 506, "15 clusters in 12-d"));
  }

  private static Cell mixture(String name, int n, int d, int k, double sizeRatio, double scaleSpan,
      double separation, long seed, String description) {
    return new Generated(new Mixture(name, n, d, k, sizeRatio, scaleSpan, separation, seed), description);
  }

  /** The cells named (the benchmark's or a group's; a group's name stands for its cells), or the benchmark's. */
  static List<Cell> select(List<String> names) {
    if (names.isEmpty()) {
      return List.copyOf(CELLS.values());
    }
    return names.stream().flatMap(name -> {
      if (GROUPS.containsKey(name)) {
        return GROUPS.get(name).stream();
      }
      Cell cell = CELLS.get(name);
      if (cell != null) {
        return Stream.of(cell);
      }
      return Stream.of(GROUPS.values().stream().flatMap(List::stream).filter(c -> c.name().equals(name)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("--cells must name cells of the benchmark ("
              + String.join(", ", CELLS.keySet()) + "), a group (" + String.join(", ", new TreeSet<>(GROUPS.keySet()))
              + ") or one of a group's cells, got '" + name + "'")));
    }).toList();
  }
}
