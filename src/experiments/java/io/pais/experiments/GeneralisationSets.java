package io.pais.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    CELLS.put(name, new Generated(new Mixture(name, n, d, k, sizeRatio, scaleSpan, separation, CELLS.size() + 1L),
        description));
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

  /** The cells named, or all of them. */
  static List<Cell> select(List<String> names) {
    if (names.isEmpty()) {
      return List.copyOf(CELLS.values());
    }
    return names.stream().map(name -> {
      Cell cell = CELLS.get(name);
      if (cell == null) {
        throw new IllegalArgumentException("--cells must name cells of the benchmark (" + String.join(", ",
            CELLS.keySet()) + "), got '" + name + "'");
      }
      return cell;
    }).toList();
  }
}
