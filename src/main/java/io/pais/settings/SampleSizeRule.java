package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.Arrays;

/**
 * {@code --sample-size}: a size the user gives, or {@code auto}. Under auto, opt in a strict release reads every point
 * when n̂ is at most {@link Auto#everyPointLimit()}, and otherwise takes the largest of a few sizes whose DP-Lloyd plan
 * exists at the release's r (the planner decides once n̂ and r are known: public values and DP estimates only, no
 * further ε); every other sampler, and paper mode, takes {@link Auto#BASE}. The utility benchmark
 * (docs/results/history.md, "The opt sample's size" and "Every point up to 524,288 points") found that a larger sample
 * is better or the same wherever opt has a plan, and that every point is better than opt's sample in 28 of 32 cells
 * with the public bounds (the other four within 0.04 %): on sets of this size the sample's sampling error, not the
 * noise, limits the release.
 */
public sealed interface SampleSizeRule extends Serializable {

  /** A size the user gave, for every sampler. */
  record Given(SampleSize size) implements SampleSizeRule {
    public Given {
      Checks.notNull("sample-size", size);
    }

    @Override
    public String describe() {
      return size.describe();
    }

    @Override
    public SampleSize base() {
      return size;
    }

    @Override
    public double[] expectedSizes(long population) {
      return new double[] {size.expected(population)};
    }

    @Override
    public boolean readsEveryPoint(double population) {
      return false;
    }
  }

  /**
   * Every point up to n̂ = {@code everyPointLimit}; above it 20 %, 10 % and {@link #BASE} 5 % of n̂, the growth above
   * 5 % capped at {@link #GROWTH_CAP} records, as each DP-Lloyd pass reads the whole sample (above a million points,
   * n̂ ≥ 10⁶, the sample stays at 5 %).
   *
   * @param everyPointLimit the largest n̂ at which opt reads every point ({@link #EVERY_POINT_LIMIT}; 0: opt always
   *     samples)
   */
  record Auto(long everyPointLimit) implements SampleSizeRule {
    /**
     * opt in a strict release reads every point up to this n̂: where the coreset reads every point too (its own
     * {@link Defaults#CORESET_SAMPLE_SIZE}, equal by choice, not by definition), so that DP-Lloyd's at most seven
     * passes add to the passes a release makes anyway, while above it both read samples and a release keeps its speed
     * at scale (docs/results/history.md, "Every point up to 524,288 points").
     */
    public static final long EVERY_POINT_LIMIT = 1L << 19;
    public static final SampleSize BASE = new SampleSize.Fraction(0.05);
    static final double[] LARGER_FRACTIONS = {0.2, 0.1};

    /** The fractions auto tries, largest first, as percentages: "20%, 10% and 5%". */
    static String sizesText() {
      java.util.List<String> sizes = new java.util.ArrayList<>();
      for (double fraction : LARGER_FRACTIONS) {
        sizes.add(new SampleSize.Fraction(fraction).describe());
      }
      return String.join(", ", sizes) + " and " + BASE.describe();
    }
    public static final double GROWTH_CAP = 50_000;

    public Auto {
      Checks.require(everyPointLimit >= 0, "the every-point limit must be >= 0, got " + everyPointLimit);
    }

    @Override
    public String describe() {
      return "auto";
    }

    @Override
    public boolean readsEveryPoint(double population) {
      return population <= everyPointLimit;
    }

    @Override
    public SampleSize base() {
      return BASE;
    }

    @Override
    public double[] expectedSizes(long population) {
      double base = BASE.expected(population);
      double cap = Math.max(base, GROWTH_CAP);
      double[] sizes = new double[LARGER_FRACTIONS.length + 1];
      int count = 0;
      for (double fraction : LARGER_FRACTIONS) {
        double size = Math.min(fraction * population, cap);
        if (size > base && (count == 0 || size < sizes[count - 1])) {
          sizes[count++] = size;
        }
      }
      sizes[count++] = base;
      return Arrays.copyOf(sizes, count);
    }
  }

  /** The size for every sampler but opt in a strict release; under auto also the smallest one opt tries. */
  SampleSize base();

  /**
   * The expected sizes opt in a strict release tries in a population of n̂, largest first; the last is
   * {@link #base()}'s.
   */
  double[] expectedSizes(long population);

  /** Whether opt in a strict release reads every point of a population of n̂ instead of a sample. */
  boolean readsEveryPoint(double population);

  /** As {@code --sample-size} takes it: the size, or auto. */
  String describe();

  static SampleSizeRule given(SampleSize size) {
    return new Given(size);
  }

  /** auto with opt reading every point up to {@link Auto#EVERY_POINT_LIMIT}. */
  static SampleSizeRule auto() {
    return auto(Auto.EVERY_POINT_LIMIT);
  }

  /** auto with opt reading every point up to n̂ = {@code everyPointLimit} (0: opt always samples). */
  static SampleSizeRule auto(long everyPointLimit) {
    return new Auto(everyPointLimit);
  }

  /** {@code --sample-size}: {@code auto}, a count ("5000") or a percentage ("5%"). */
  static SampleSizeRule parse(String setting, String text) {
    Checks.notNull(setting, text);
    if (text.strip().equals("auto")) {
      return auto();
    }
    try {
      return given(SampleSize.parse(setting, text));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(setting + " must be auto, a whole count >= 1 or a percentage in (0, 100) "
          + "like 5%, got '" + text + "'");
    }
  }
}
