package io.pais.tools;

import io.pais.accounting.LedgerStage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What each field of {@code privacy-report.json} means (and of a saved model's report, the same JSON), by its path:
 * {@code a.b} for a field of an object, {@code a[]} for the elements of an array, {@code statistics.NAME} for any
 * statistic. {@code docs/reference/report.md} is made from it ({@link SettingSurfaces} writes it), and
 * {@code ReportFieldsTest} fails when the writer ({@code io.pais.io.PrivacyReportJson}) emits a field described here
 * nowhere, when a field described here is never emitted, or when a statistic the reporter names is not listed.
 */
public final class ReportFields {
  private ReportFields() {}

  /** Every field, by path, in the order the report writes them. */
  public static final Map<String, String> FIELDS = fields();

  /** Every statistic a release may report under {@code statistics}, by name. */
  public static final Map<String, String> STATISTICS = statistics();

  private static Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("epsilon", "the release's ε: in a strict release the composition of every ledger entry, an upper bound to "
        + "the last ulp");
    f.put("delta", "the release's δ (0: pure ε-DP; the uniform schemes' target otherwise)");
    f.put("relation", "the neighbouring relation the guarantee is stated under: add or remove one record, or "
        + "substitute one (the fixed-size uniform schemes, which publish N)");
    f.put("privacyMode", "strict (end to end) or paper (the paper's pipeline, a reproduction)");
    f.put("guarantee", "the guarantee in words, and what it is conditioned on in paper mode");
    f.put("domain", "the data sets the guarantee is stated over (bad input stops a run outside it)");
    f.put("accountant", "the uniform schemes: how δ was accounted (present when an accountant ran)");
    f.put("composition", "how the ledger's entries compose into (ε, δ)");
    f.put("budgetLedger", "present when the release claimed its budget from a lasting ledger (--budget-ledger)");
    f.put("budgetLedger.ledger", "where the ledger is");
    f.put("budgetLedger.claim", "the claim's number in the ledger");
    f.put("budgetLedger.epsilon", "the ε the ledger charged, under its relation");
    f.put("budgetLedger.delta", "the δ the ledger charged");
    f.put("budgetLedger.composition", "how the ledger composes its releases");
    f.put("ledger", "every mechanism that read the data, in the order they ran");
    f.put("ledger[].stage", "the stage: " + Arrays.stream(LedgerStage.values()).map(s -> "'" + s.label() + "'")
        .collect(Collectors.joining(", ")));
    f.put("ledger[].mechanism", "the mechanism and its noise");
    f.put("ledger[].epsilon", "the ε it spent (the share the allocation gave it)");
    f.put("ledger[].delta", "the δ it spent");
    f.put("ledger[].sensitivity", "its sensitivity, in words");
    f.put("ledger[].noiseScale", "its noise scale, in words");
    f.put("ledger[].released", "what it released");
    f.put("trainingSummary", "a strict release with a summary share (--budget-summary): DP outputs, never exact ones");
    f.put("trainingSummary.description", "what the summary is, in words");
    f.put("trainingSummary.clusterSizes", "per released centre, the noisy number of training points nearest to it "
        + "(clamped at 0)");
    f.put("trainingSummary.clusterSizes[]", "one noisy size");
    f.put("trainingSummary.trainingCost", "the noisy k-means cost of the training points (each term capped at "
        + "costTermCap; clamped at 0)");
    f.put("trainingSummary.epsilon", "what the two cost together");
    f.put("trainingSummary.sizeNoiseScale", "the sizes' Laplace scale");
    f.put("trainingSummary.sizeStandardDeviation", "the sizes' noise standard deviation, an error bar");
    f.put("trainingSummary.costNoiseScale", "the cost's Laplace scale");
    f.put("trainingSummary.costStandardDeviation", "the cost's noise standard deviation, an error bar");
    f.put("trainingSummary.costTermCap", "the cap on each point's squared distance (public: from r and the centres)");
    f.put("kSelection", "present when k was chosen privately (--k 4,6,8,10)");
    f.put("kSelection.chosen", "the k released");
    f.put("kSelection.rule", "the rule that chose it from the candidates' DP costs");
    f.put("kSelection.candidates", "each candidate release");
    f.put("kSelection.candidates[].k", "its k");
    f.put("kSelection.candidates[].epsilon", "the ε it spent");
    f.put("kSelection.candidates[].trainingCost", "its DP training cost, its score");
    f.put("kSelection.candidates[].costStandardDeviation", "the cost's noise standard deviation");
    f.put("estimatedCentre", "the centre the points were centred at: the DP centre in a strict release (in the "
        + "ledger), absent when a public centre was given");
    f.put("estimatedCentre[]", "one coordinate");
    f.put("guaranteeMethod", "how ε was computed (e.g. the exact supremum of the amplified profile over [0, r])");
    f.put("sampler", "the sampler DP-Lloyd ran with (full when opt read every point)");
    f.put("geometry", "l2 or l1: the norm that bounds a point's privacy cost (l2 under --geometry box, whose box "
        + "shapes DP-Lloyd's sums: the DP-Lloyd ledger entry says 'box sums', noise.sumNoise the K-norm of the box)");
    f.put("k", "the number of centres released");
    f.put("iterations", "T, the DP-Lloyd iterations");
    f.put("dimension", "d, a public input");
    f.put("expectedSampleSize", "the expected sample size m of the plan (or 'NaN' when n was not estimated)");
    f.put("lambda", "core's λ (present for core)");
    f.put("noise", "DP-Lloyd's noise");
    f.put("noise.B", "the noise knob B the plan solved for its ε ('NaN' for Gaussian noise)");
    f.put("noise.betaSum", "the sums' noise scale (every iteration's, or times each iteration's factor in sumNoise)");
    f.put("noise.betaCount", "the counts' noise scale (the same)");
    f.put("noise.sumNoise", "how the sums' noise is drawn and released (the radius law, the lattice); where the last "
        + "iteration releases each count and sum with one K-norm noise (a strict release on every point with l2 "
        + "offsets, in few dimensions), that noise after 'the last iteration:'; and each iteration's factor on both "
        + "scales and share of DP-Lloyd's ε where the iterations share it unequally (a strict release on every point)");
    f.put("noise.countNoise", "how the counts' noise is drawn and released");
    f.put("statistics", "every constant the guarantee uses, by name (see the table below)");
    f.put("statistics.NAME", "one constant");
    f.put("statistics.NAME.value", "its value");
    f.put("statistics.NAME.source", "public, DP estimate (in the ledger), or data-derived (not private: paper mode)");
    f.put("statistics.NAME.description", "what it is, in words");
    f.put("nonPrivateSteps", "the steps that read the data without privacy (none in a strict release)");
    f.put("nonPrivateSteps[]", "one step");
    f.put("strict", "whether the release covers everything it holds (a strict release with no data-derived "
        + "statistic)");
    f.put("seeded", "whether the run was seeded");
    f.put("seedBits", "a seeded run: the seed's length in bits");
    f.put("seededNote", "a seeded run: what its guarantee rests on");
    f.put("samplingKeys", "how the sampling coins were keyed (the records' places in the input, or Spark's "
        + "partitions)");
    return f;
  }

  private static Map<String, String> statistics() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("d", "the dimension, and where it came from");
    s.put("clipRadius", "R0: the radius every raw point was clipped to (or the public box's half-diagonal)");
    s.put("r", "the radius the points were projected onto (strict: a quantile of the DP norm histogram)");
    s.put("n", "the number of points (strict: a DP estimate; paper mode: exact, data-derived)");
    s.put("budgetPerCentre", "n̂·ε/(k·d), and whether the budget is little for k centres in d dimensions");
    s.put("xTilde", "the mean squared ℓ2 (or mean ℓ1) norm, for core and --offset-clip auto");
    s.put("rho", "the bound DP-Lloyd clips each point's offset from its centre to");
    s.put("centerNorm", "the ℓ2 norm of a supplied (or, in paper mode, data-derived) centre");
    s.put("centresInDomain", "every released centre lies in the public box or ball (post-processing)");
    s.put("boxEffectiveDimension", "the public box's effective dimension, which --geometry auto reads");
    s.put("gamma", "poisson-uniform: the Poisson rate of every iteration");
    s.put("N", "a fixed-size uniform scheme: the number of records (public under substitution)");
    s.put("n1", "a two-stage scheme: the stage-I size");
    s.put("percentile97.5", "paper mode: the 97.5th percentile of the centred norms (data-derived)");
    return s;
  }

  /** docs/reference/report.md. */
  static String reference() {
    StringBuilder out = new StringBuilder("# The privacy report\n\n");
    out.append("`privacy-report.json` (beside a release's centres, and inside a saved model) field by field: `a.b` is "
        + "a field of an object, `a[]` the elements of an array. Made from `io.pais.tools.ReportFields`, which a test "
        + "holds to what `io.pais.io.PrivacyReportJson` writes; do not edit: write it again with `"
        + SettingSurfaces.REGENERATE + "`. A strict release's report holds only public inputs and DP outputs.\n\n");
    out.append("| field | what it is |\n|---|---|\n");
    FIELDS.forEach((path, text) -> out.append("| `").append(path).append("` | ").append(text).append(" |\n"));
    out.append("\n## Statistics\n\n| name | what it is |\n|---|---|\n");
    STATISTICS.forEach((name, text) -> out.append("| `").append(name).append("` | ").append(text).append(" |\n"));
    return out.toString();
  }
}
