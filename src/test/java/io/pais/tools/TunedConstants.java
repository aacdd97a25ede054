package io.pais.tools;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import io.pais.docs.MarkdownAnchors;
import java.util.Arrays;

/**
 * The register of pais's tuned constants: each with its role and where its value comes from, the value read from
 * the code (never retyped). {@code docs/reference/tuning.md} is made from it ({@link SettingSurfaces} writes it) and
 * {@code TunedConstantsTest} fails when a constant whose javadoc cites a measurement is missing here, when one named
 * here is gone, or when the decision named as its provenance has no record in docs/results/decisions.md.
 */
public enum TunedConstants {
  CENTRE_SHARE("settings.Defaults", "CENTRE_SHARE", Role.EPSILON_SHARE, "the DP centre's share (budget-centre)",
      Decision.SHARES),
  HISTOGRAM_SHARE("settings.Defaults", "HISTOGRAM_SHARE", Role.EPSILON_SHARE, "the DP norm histogram's share "
      + "(budget-histogram)", Decision.SHARES),
  SUMMARY_SHARE("settings.Defaults", "SUMMARY_SHARE", Role.EPSILON_SHARE, "the private training summary's share "
      + "(budget-summary)", Decision.SUMMARY),
  SIZES_SHARE("accounting.BudgetAllocation$SummaryShares", "SIZES_SHARE", Role.EPSILON_SHARE, "the summary's cluster "
      + "sizes' part of its share (the training cost has the rest)", Decision.SUMMARY),
  K_SELECTION_SHARE("settings.Defaults", "K_SELECTION_SHARE", Role.EPSILON_SHARE, "the k candidates' share together "
      + "(budget-k-selection)", Decision.K),
  CANDIDATE_SUMMARY_SHARE("accounting.KSelection", "CANDIDATE_SUMMARY_SHARE", Role.EPSILON_SHARE, "a k candidate's "
      + "share of its own epsilon for the training summary that scores it", Decision.K),
  SPARSE_SHARE("accounting.InitShare$Auto", "SPARSE_SHARE", Role.EPSILON_SHARE, "budget-init auto below "
      + "SPARSE_BELOW points per cell and epsilon", Decision.INIT),
  DENSE_SHARE("accounting.InitShare$Auto", "DENSE_SHARE", Role.EPSILON_SHARE, "budget-init auto from SPARSE_BELOW on",
      Decision.INIT),
  SPARSE_BELOW("accounting.InitShare$Auto", "SPARSE_BELOW", Role.EPSILON_SHARE, "n̂·ε/(k·d) below which the coreset "
      + "takes the larger share", Decision.INIT),
  NO_CORESET_BELOW("accounting.InitShare$Auto", "NO_CORESET_BELOW", Role.EPSILON_SHARE, "n̂·ε/(k·d) below which "
      + "budget-init auto runs no coreset (the start reads no data)", Decision.INIT),
  SPREAD_SHARE("accounting.BudgetAllocation$CoresetShares", "SPREAD_SHARE", Role.EPSILON_SHARE, "the coreset's "
      + "per-coordinate spreads' part of its share", Decision.TREE),
  TREE_SHARE("accounting.BudgetAllocation$CoresetShares", "TREE_SHARE", Role.EPSILON_SHARE, "a full-depth cell tree's "
      + "part of the coreset's share (its region sums have as much)", Decision.TREE),
  TAIL_COUNTS_SHARE("accounting.BudgetAllocation$CoresetShares", "TAIL_COUNTS_SHARE", Role.EPSILON_SHARE, "the tail "
      + "axes' band counts, of the release's epsilon", Decision.TAIL_AXES),
  TAIL_POSITIONS_SHARE("accounting.BudgetAllocation$CoresetShares", "TAIL_POSITIONS_SHARE", Role.EPSILON_SHARE,
      "the heavy bands' positions, of the release's epsilon", Decision.TAIL_AXES),
  LAST_ITERATION_WEIGHT("accounting.IterationShares", "LAST_WEIGHT", Role.EPSILON_SHARE, "a strict release on "
      + "every point: the last DP-Lloyd iteration's weight in DP-Lloyd's share (1 a middle one's, the first's its "
      + "reach to the 2/3)", Decision.ITERATION_SHARES),
  MIN_ITERATIONS("accounting.IterationPolicy", "MIN_ITERATIONS", Role.UTILITY, "the fewest DP-Lloyd iterations "
      + "iterations auto chooses", Decision.ITERATIONS),
  MAX_ITERATIONS("accounting.IterationPolicy", "MAX_ITERATIONS", Role.UTILITY, "the most DP-Lloyd iterations "
      + "iterations auto chooses", Decision.ITERATIONS),
  MAX_RELATIVE_ERROR("accounting.IterationPolicy", "MAX_RELATIVE_ERROR", Role.UTILITY, "iterations auto: the largest "
      + "T whose noise keeps a typical cluster's centre within this share of r", Decision.ITERATIONS),
  MAX_CLUSTER_RELATIVE_ERROR("accounting.IterationPolicy", "MAX_CLUSTER_RELATIVE_ERROR", Role.UTILITY, "iterations "
      + "auto in a strict release: nor beyond this share of a typical cluster's radius, where that is less",
      Decision.ITERATIONS),
  LIGHT_CLUSTER_FLOOR("accounting.IterationPolicy", "LIGHT_CLUSTER_FLOOR", Role.UTILITY, "iterations auto from a "
      + "coreset's start: the least share of the start's mean cluster weight a cluster counts with in the harmonic mean "
      + "T's noise is measured at", Decision.LIGHT_CLUSTERS),
  OFFSET_CLIP_FRACTIONS("settings.OffsetClip$Auto", "FRACTIONS", Role.UTILITY, "offset-clip auto: the fractions of r tried "
      + "for the clipped offsets' bound", Decision.OFFSET_CLIP),
  OFFSET_CLIP_LITTLE_BUDGET("settings.OffsetClip$Auto", "LITTLE_BUDGET_FRACTION", Role.UTILITY, "offset-clip auto in "
      + "l2 where n̂·ε/(k·d) is below NO_CORESET_BELOW: the fraction of r taken instead of the width rule's",
      Decision.OFFSET_CLIP_LITTLE_BUDGET),
  CENTRE_CLIP_HALVINGS("lloyd.CentreClips", "MAX_HALVINGS", Role.UTILITY, "offset-clip auto from a grid's start: "
      + "the most halvings of rho a centre's clip takes from its grid cells' spread", Decision.CENTRE_CLIPS),
  CENTRE_CLIP_MIN_SHARE("lloyd.CentreClips", "MIN_SHARE", Role.UTILITY, "the share of n̂/k a centre's grid cells "
      + "must weigh for their spread to narrow its clip", Decision.CENTRE_CLIPS),
  CENTRE_CLIP_BUDGET("lloyd.CentreClips", "BUDGET_PER_CENTRE_BELOW", Role.UTILITY, "centres' clips are narrowed "
      + "where n̂·ε/(k·d) is below this", Decision.CENTRE_CLIPS),
  BOX_REACH("settings.GeometryChoice", "BOX_REACH", Role.UTILITY, "geometry box (opt-in): the half-diagonal of "
      + "the box DP-Lloyd's offsets are clamped into, in units of rho", Decision.BOX),
  NORM_QUANTILE("settings.Defaults", "NORM_QUANTILE", Role.UTILITY, "the quantile of the DP norm histogram taken as r "
      + "(norm-quantile; the paper's 97.5 %)", Decision.RADIUS),
  TAIL_NOISE_WEIGHT("estimation.PrivateNormHistogram", "TAIL_NOISE_WEIGHT", Role.POST_PROCESSING, "tail-radius: the "
      + "weight of the larger radius's noise against the projection's distortion", Decision.RADIUS),
  RADIUS_FLOOR_DIVISOR("estimation.PrivateNormHistogram", "RADIUS_FLOOR_DIVISOR", Role.POST_PROCESSING, "r-hat is "
      + "at least the histogram's range over this where the noise of its cumulative count cannot place it lower",
      Decision.RADIUS_FLOOR),
  EVERY_POINT_LIMIT("settings.SampleSizeRule$Auto", "EVERY_POINT_LIMIT", Role.UTILITY, "sample-size auto: opt reads "
      + "every point up to this n̂", Decision.SAMPLE_SIZE),
  LARGER_FRACTIONS("settings.SampleSizeRule$Auto", "LARGER_FRACTIONS", Role.UTILITY, "sample-size auto above it: the "
      + "fractions of n̂ tried before the base 5 %", Decision.SAMPLE_SIZE),
  GROWTH_CAP("settings.SampleSizeRule$Auto", "GROWTH_CAP", Role.PERFORMANCE, "sample-size auto: the most points a "
      + "larger fraction adds above 5 % (each DP-Lloyd pass reads the sample)", Decision.SAMPLE_SIZE),
  CORESET_SAMPLE_SIZE("settings.Defaults", "CORESET_SAMPLE_SIZE", Role.PERFORMANCE, "the private coreset's subsample "
      + "on more points (coreset-sample-size)", Decision.CORESET_SUBSAMPLE),
  TREE_SPLITS_PER_COORDINATE("accounting.BudgetAllocation$CoresetShares", "TREE_SPLITS_PER_COORDINATE", Role.UTILITY,
      "the cell tree's splits per coordinate at most", Decision.TREE),
  GRID_MAX_DIMENSION("accounting.BudgetAllocation$CoresetShares", "GRID_MAX_DIMENSION", Role.UTILITY, "the most "
      + "dimensions the coreset counts a grid in instead of the cell tree", Decision.GRID),
  SPARSE_GRID_MAX_DIMENSION("accounting.BudgetAllocation$CoresetShares", "SPARSE_GRID_MAX_DIMENSION", Role.UTILITY,
      "the most dimensions the coreset counts a grid in where n̂·ε/(k·d) is below SPARSE_BELOW", Decision.SPARSE_GRID),
  GRID_DENSITY("estimation.PrivateGrid", "DENSITY", Role.UTILITY, "the grid is the finest whose average cell holds "
      + "this share of the threshold", Decision.GRID),
  FIRST_REACH("clustering.LloydPlanner", "FIRST_REACH", Role.UTILITY, "from a start at the grid's cells with clusters "
      + "wide beside r, how far (in rho) DP-Lloyd's first offsets reach, each summed at 1/FIRST_REACH of its length",
      Decision.FIRST_REACH),
  SUBSPACE_SHARE("accounting.InitShare$Auto", "SUBSPACE_SHARE", Role.EPSILON_SHARE, "where no coreset runs and a "
      + "start in a random subspace does: its share of the release's epsilon", Decision.SUBSPACE),
  SUBSPACE_DIMENSION("accounting.InitShare$Auto", "SUBSPACE_DIMENSION", Role.UTILITY, "m, the dimension of the "
      + "random subspace a start is found in", Decision.SUBSPACE),
  SUBSPACE_MIN_PROJECTED("accounting.InitShare$Auto", "SUBSPACE_MIN_PROJECTED", Role.UTILITY, "n̂·ε/(k·m) from "
      + "which the start in a subspace runs (its steps' budget)", Decision.SUBSPACE),
  SUBSPACE_MIN_BUDGET("accounting.InitShare$Auto", "SUBSPACE_MIN_BUDGET", Role.UTILITY, "n̂·ε/(k·d) from which the "
      + "start in a subspace runs (the full-d steps' budget to use its partition)", Decision.SUBSPACE),
  SUBSPACE_SEEDS_PER_CENTRE("initialisation.SubspaceStart", "SEEDS_PER_CENTRE", Role.UTILITY, "centres per final "
      + "centre that the subspace's DP-Lloyd steps run with before they are merged into k", Decision.SUBSPACE),
  OVERSEEDED_SEEDS_PER_CENTRE("lloyd.OverseededStart", "SEEDS_PER_CENTRE", Role.UTILITY, "from the cell tree's "
      + "start, the seeds per final centre DP-Lloyd's first iteration runs over before they are merged into k",
      Decision.OVERSEEDED),
  OVERSEEDED_MAX_ROWS_PER_CENTRE("lloyd.OverseededStart", "MAX_ROWS_PER_CENTRE", Role.UTILITY, "the most coreset "
      + "rows a centre for which DP-Lloyd's first iteration over-seeds (a coarse coreset)", Decision.OVERSEEDED),
  MEAN_SPREAD_FROM_COORDINATES("math.MeanSpread", "FROM_COORDINATES", Role.POST_PROCESSING, "the effective "
      + "coordinates from which the DP centre's shrink estimates the mean's offset from the domain's middle instead "
      + "of taking the worst case", Decision.DOMAIN_MIDDLE),
  TYPICAL_BOX_SHARE("initialisation.InitialCentres", "TYPICAL_BOX_SHARE", Role.UTILITY, "the box-shaped start's norm "
      + "as a share of the data's typical norm", Decision.NO_CORESET),
  DEAD_CENTRE_DEVIATIONS("lloyd.DeadCentres", "COUNT_DEVIATIONS", Role.POST_PROCESSING, "a centre whose noisy count "
      + "is below this many standard deviations of the count noise is re-seeded", Decision.RESEEDING),
  SPLIT_COUNT_DEVIATIONS("lloyd.DeadCentres", "SPLIT_COUNT_DEVIATIONS", Role.POST_PROCESSING, "without a coreset, a "
      + "dead centre splits the largest cluster above this many standard deviations", Decision.NO_CORESET),
  ELBOW_MIN_GAIN("estimation.ElbowRule", "MIN_GAIN", Role.POST_PROCESSING, "the choice of k: the relative cost "
      + "reduction per added centre below which a larger k is not worth it", Decision.K),
  LITTLE_BUDGET_BELOW("accounting.BudgetPerCentre", "LITTLE_BELOW", Role.REPORT, "n̂·ε/(k·d) below which the console "
      + "and the report say the budget is little for k centres in d dimensions", Decision.LITTLE_BUDGET);

  /** The record of docs/results/decisions.md (its heading) whose measurements chose a constant. */
  public enum Decision {
    SHARES("Shares of the DP centre and the norm histogram"),
    RADIUS("The radius: the 97.5 % quantile, raised for heavy tails"),
    RADIUS_FLOOR("A floor under r̂ where the histogram's noise cannot place it"),
    SUMMARY("The private training summary's share"),
    K("Choosing k: half of ε for the candidates, scored by their summaries"),
    INIT("The coreset's share follows the budget per centre"),
    ITERATIONS("T chosen from the noise"),
    LIGHT_CLUSTERS("T for the lightest clusters"),
    OFFSET_CLIP("Clipped offsets: the width rule"),
    OFFSET_CLIP_LITTLE_BUDGET("Clipped offsets: r/2 in ℓ2 where the budget per centre is little"),
    CENTRE_CLIPS("Clipped offsets: each centre's clip from the grid's cells nearest it"),
    SAMPLE_SIZE("opt's sample: every point up to 2¹⁹, then the largest planned fraction"),
    CORESET_SUBSAMPLE("The coreset's subsample of 2¹⁹ points"),
    RESEEDING("Dead centres re-seeded from the coreset"),
    TAIL_AXES("Tail axes: the far groups as re-seeding points"),
    TREE("The cell tree: six splits a coordinate, shares by sensitivity"),
    GRID("A grid for the coreset in few dimensions"),
    SPARSE_GRID("The grid up to eight dimensions where the budget per centre is little"),
    FIRST_REACH("The first step reaches 2ρ from the grid's cells"),
    ITERATION_SHARES("The last iteration takes the largest share of DP-Lloyd's ε"),
    DOMAIN_MIDDLE("The DP centre drawn to the domain's middle"),
    NO_CORESET("Without a coreset: a box-shaped start, and dead centres that split"),
    SUBSPACE("Without a coreset in many dimensions: a start in a random subspace"),
    OVERSEEDED("From the cell tree's start: an over-seeded first iteration"),
    LITTLE_BUDGET("Saying when the budget per centre is little"),
    BOX("A box-shaped noise for DP-Lloyd: opt-in, not auto's");

    /** The page the records are on. */
    static final String PAGE = "docs/results/decisions.md";
    private final String heading;

    Decision(String heading) {
      this.heading = heading;
    }

    public String heading() {
      return heading;
    }
  }

  /** What a tuned constant does to a release. */
  public enum Role {
    EPSILON_SHARE("Shares of ε", "Each splits the release's ε; the ledger records what every stage spent"),
    UTILITY("Utility rules", "Each shapes a release from public values and DP estimates and spends no ε of its own"),
    POST_PROCESSING("Post-processing", "Each acts on DP outputs only and spends no ε"),
    PERFORMANCE("Performance", "Each bounds time or memory; no guarantee depends on it"),
    REPORT("Reports", "Each decides what the console and the report say and changes no release");

    private final String title;
    private final String meaning;

    Role(String title, String meaning) {
      this.title = title;
      this.meaning = meaning;
    }

    public String title() {
      return title;
    }

    public String meaning() {
      return meaning;
    }
  }

  private final String owner;
  private final String field;
  private final Role role;
  private final String what;
  private final Decision provenance;

  TunedConstants(String owner, String field, Role role, String what, Decision provenance) {
    this.owner = owner;
    this.field = field;
    this.role = role;
    this.what = what;
    this.provenance = provenance;
  }

  /** The class that declares it, as {@code io.pais.} + owner (a nested class after a $). */
  public String owner() {
    return "io.pais." + owner;
  }

  public String field() {
    return field;
  }

  public Role role() {
    return role;
  }

  public String what() {
    return what;
  }

  /** The decision record whose measurements chose it. */
  public Decision provenance() {
    return provenance;
  }

  /** The declared field (static and final, or the register is wrong). */
  public Field declaration() {
    try {
      Field f = Class.forName(owner()).getDeclaredField(field);
      if (!Modifier.isStatic(f.getModifiers()) || !Modifier.isFinal(f.getModifiers())) {
        throw new IllegalStateException(owner() + "." + field + " is not a static final constant");
      }
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the register names " + owner() + "." + field + ", which is not there", e);
    }
  }

  /** Its value as the code holds it. */
  public String value() {
    try {
      Object v = declaration().get(null);
      return v instanceof double[] a ? Arrays.toString(a) : String.valueOf(v);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** docs/reference/tuning.md. */
  static String reference() {
    StringBuilder out = new StringBuilder("# Tuned constants\n\n");
    out.append("Every constant of pais that was chosen by a measurement rather than by the mathematics, by what it does "
        + "to a release, with its value as the code holds it and the [decision record](../results/decisions.md) whose "
        + "measurements chose it. Made from `io.pais.tools.TunedConstants`; do not edit: write it again with `"
        + SettingSurfaces.REGENERATE + "`. The user's settings and their defaults are in [settings.md](settings.md).\n");
    for (Role role : Role.values()) {
      out.append("\n## ").append(role.title()).append("\n\n").append(role.meaning()).append(".\n\n");
      out.append("| constant | value | what it does | chosen in |\n|---|---|---|---|\n");
      for (TunedConstants c : values()) {
        if (c.role == role) {
          out.append("| `").append(c.owner().substring("io.pais.".length()).replace('$', '.')).append('.')
              .append(c.field).append("` | `").append(c.value()).append("` | ").append(c.what).append(" | ")
              .append('[').append(c.provenance.heading()).append("](../results/decisions.md#")
              .append(MarkdownAnchors.of(c.provenance.heading())).append(") |\n");
        }
      }
    }
    return out.toString();
  }
}
