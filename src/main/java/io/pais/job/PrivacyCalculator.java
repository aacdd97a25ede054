package io.pais.job;

import io.pais.io.FailureReport;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.FourierAccountant;
import io.pais.accounting.GroupProfile;
import io.pais.accounting.MustAmplification;
import io.pais.accounting.PrivacyProfile;
import io.pais.accounting.SchemeAccountant;
import io.pais.math.Checks;
import io.pais.sampling.UniformScheme;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * submit/pais-privacy: what a uniform scheme costs in privacy, before any data is touched (SPEC §14). {@code amplify}
 * gives one application's (ε′, δ′) and η (Theorem 5), {@code compose} T iterations' Fourier bracket beside the
 * basic-composition guarantee. Only public parameters go in, so the output may be shared freely.
 */
@Command(name = "pais-privacy", mixinStandardHelpOptions = true,
    description = "Privacy of uniform sampling schemes (MUST) applied to Laplace or Gaussian noise.",
    subcommands = {PrivacyCalculator.Amplify.class, PrivacyCalculator.Compose.class})
public final class PrivacyCalculator implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Table 3 of the MUST paper: N = 1000, n₁ = 500, m = 400, θ ∈ {0.25, 1}. */
  private static final long[] TABLE3_SIZES = {1000, 500, 400};
  private static final double[] TABLE3_THETAS = {0.25, 1};
  private static final double[] TABLE3_EPSILONS = {0.05, 0.5, 1, 2, 3, 4.5};

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: amplify or compose");
  }

  /** The scheme and the base noise, shared by both subcommands. */
  static final class SchemeOptions {
    @Option(names = "--scheme", description = "poisson-uniform, wor, wr, must-ow, must-wo or must-ww")
    String scheme;

    @Option(names = "--population", description = "N, the number of records (public)")
    long population;

    @Option(names = "--stage1-size", description = "n1, stage I's size (two-stage schemes)")
    long stage1;

    @Option(names = "--sample-size", description = "m, the sample size (poisson-uniform: its expectation)")
    long sampleSize;

    @Option(names = "--noise", defaultValue = "laplace", description = "laplace or gaussian (one-dimensional, as in "
        + "the MUST paper), or pure: any base that is theta-DP for one copy, e.g. DP-Lloyd's Laplace release (default: "
        + "laplace)")
    String noise;

    @Option(names = "--theta", description = "sensitivity / noise scale of the base mechanism")
    double theta = Double.NaN;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    UniformScheme scheme() {
      Checks.require(scheme != null, "--scheme is required");
      UniformScheme s = Checks.oneOf("--scheme", scheme, UniformScheme.values(), UniformScheme::id);
      Checks.positive("--population", population);
      Checks.positive("--sample-size", sampleSize);
      if (s.isTwoStage()) {
        Checks.positive("--stage1-size (required by " + s.id() + ")", stage1);
      }
      return s;
    }

    /** laplace or gaussian (one-dimensional, as in the MUST paper), or pure: any θ-DP base (DP-Lloyd's Laplace). */
    PrivacyProfile noise() {
      return java.util.stream.Stream.of(GroupProfile.LAPLACE, GroupProfile.GAUSSIAN, PrivacyProfile.PURE)
          .filter(p -> noise != null && p.id().equalsIgnoreCase(noise.strip())).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("--noise must be one of laplace, gaussian, pure, got '"
              + noise + "'"));
    }

    double theta() {
      return Checks.positive("--theta", theta);
    }

    SchemeAccountant accountant(int iterations, boolean stage1Cached) {
      return new SchemeAccountant(scheme(), population, stage1, sampleSize, noise(), theta(), iterations,
          stage1Cached);
    }

    ObjectNode describe(UniformScheme s, SchemeAccountant accountant) {
      ObjectNode node = JSON.createObjectNode();
      node.put("scheme", s.id());
      node.put("relation", accountant.relation().description());
      node.put("population", population);
      if (s.isTwoStage()) {
        node.put("stage1Size", stage1);
      }
      node.put("sampleSize", sampleSize);
      node.put("noise", noise().id());
      node.put("theta", theta());
      return node;
    }
  }

  @Command(name = "amplify", mixinStandardHelpOptions = true,
      description = "One application: epsilon' = log(1 + eta(e^eps - 1)), delta' = sum_k W(k) delta_k(eps).")
  static final class Amplify implements Callable<Integer> {
    @Mixin
    SchemeOptions options = new SchemeOptions();

    @Option(names = "--epsilon", description = "the base mechanism's epsilon")
    double epsilon = Double.NaN;

    @Option(names = "--table3", description = "print the MUST paper's Table 3 (with the corrected Gaussian "
        + "theta = 1 MUST.WW row)")
    boolean table3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      if (table3) {
        printTable3(out, options.json);
        out.flush();
        return 0;
      }
      UniformScheme s = options.scheme();
      SchemeAccountant accountant = options.accountant(1, false);
      MustAmplification.Amplified a = accountant.once(Checks.nonNegative("--epsilon", epsilon));
      if (options.json) {
        ObjectNode node = options.describe(s, accountant);
        node.put("baseEpsilon", epsilon);
        put(node, "epsilon", a.epsilon());
        put(node, "delta", a.delta());
        put(node, "eta", a.eta());
        out.println(node);
      } else {
        out.printf(Locale.ROOT, "%s, %s; %s noise, theta = %s, base epsilon = %s%n", sizes(s), accountant.relation().description(),
            options.noise, options.theta(), epsilon);
        out.printf(Locale.ROOT, "eta     %s%nepsilon %s%ndelta   %s%n", a.eta(), a.epsilon(), a.delta());
      }
      return 0;
    }

    private String sizes(UniformScheme s) {
      return String.format(Locale.ROOT, "%s: N = %d%s, m = %d", s.id(), options.population,
          s.isTwoStage() ? ", n1 = " + options.stage1 : "", options.sampleSize);
    }
  }

  @Command(name = "compose", mixinStandardHelpOptions = true,
      description = "T iterations: the Fourier accountant's bracket and the basic-composition guarantee.")
  static final class Compose implements Callable<Integer> {
    @Mixin
    SchemeOptions options = new SchemeOptions();

    @Option(names = "--iterations", description = "T")
    int iterations;

    @Option(names = "--delta", description = "report epsilon at this delta")
    double delta = Double.NaN;

    @Option(names = "--epsilon", description = "report delta at this epsilon")
    double epsilon = Double.NaN;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--stage1-cached", description = "must-ow with stage I drawn once and only stage II redrawn "
        + "(accounted rigorously: T iterations on the n1 records, then amplified by n1/N)")
    boolean stage1Cached;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      UniformScheme s = options.scheme();
      Checks.positive("--iterations", iterations);
      Checks.require(Double.isNaN(delta) != Double.isNaN(epsilon), "give exactly one of --delta and --epsilon");
      SchemeAccountant accountant = options.accountant(iterations, stage1Cached);
      // the pure profile has no noise law to discretise: only the guarantee is printed
      FourierAccountant fa = accountant.hasFourier() ? accountant.fourier() : null;
      FourierAccountant.Bounds bracket = null;
      SchemeAccountant.Guarantee basic;
      if (!Double.isNaN(delta)) {
        Checks.require(delta > 0 && delta < 1, "--delta must be in (0, 1), got " + delta);
        bracket = fa == null ? null : accountant.fourierEpsilon(fa, delta);
        basic = accountant.basicAtDelta(delta);
      } else {
        Checks.positive("--epsilon", epsilon);
        bracket = fa == null ? null : accountant.fourierDelta(fa, epsilon);
        basic = accountant.basicAtEpsilon(epsilon);
      }
      boolean atDelta = !Double.isNaN(delta);
      String model = fa == null ? "" : fa.dominatingPairProven() ? "dominating pair proven"
          : "the paper's model: its symmetric copy mixture is not proven to dominate " + s.id();
      if (options.json) {
        ObjectNode node = options.describe(s, accountant);
        node.put("iterations", iterations);
        node.put("stage1Cached", stage1Cached);
        if (atDelta) {
          node.put("delta", delta);
        } else {
          node.put("epsilon", epsilon);
        }
        if (fa != null) {
          node.put("accountant", "fourier (privacy loss distribution)");
          node.put("dominatingPairProven", fa.dominatingPairProven());
          put(node, atDelta ? "epsilonLower" : "deltaLower", bracket.lower());
          put(node, atDelta ? "epsilonUpper" : "deltaUpper", bracket.upper());
        }
        put(node, "basicEpsilon", basic.epsilon());
        put(node, "basicDelta", basic.delta());
        out.println(node);
      } else {
        out.printf(Locale.ROOT, "%s, T = %d%s, %s; %s noise, theta = %s%n", s.id(), iterations,
            stage1Cached ? " (stage I cached)" : "", accountant.relation().description(), options.noise, options.theta());
        if (fa == null) {
          out.println("Fourier accountant: not available for the pure profile (no noise law to discretise)");
        } else if (atDelta) {
          out.printf(Locale.ROOT, "Fourier accountant (%s): epsilon in [%s, %s] at delta = %s%n", model,
              bracket.lower(), bracket.upper(), delta);
        } else {
          out.printf(Locale.ROOT, "Fourier accountant (%s): delta in [%s, %s] at epsilon = %s%n", model,
              bracket.lower(), bracket.upper(), epsilon);
        }
        out.printf(Locale.ROOT, "basic composition of Theorem 5 (the guarantee): epsilon = %s, delta = %s%n",
            basic.epsilon(), basic.delta());
      }
      out.flush();
      return 0;
    }
  }

  /** Table 3: (ε′, δ′) per noise, θ, scheme and base ε, at N = 1000, n₁ = 500, m = 400. */
  static void printTable3(PrintWriter out, boolean json) {
    ArrayNode rows = JSON.createArrayNode();
    if (!json) {
      out.println("MUST Table 3: epsilon' / delta' at N = 1000, n1 = 500, m = 400 (the paper's Gaussian theta = 1 "
          + "MUST.WW row repeats its Laplace row; the row below is the corrected one)");
    }
    for (GroupProfile noise : GroupProfile.values()) {
      for (double theta : TABLE3_THETAS) {
        if (!json) {
          StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-16s", "scheme"));
          for (double e : TABLE3_EPSILONS) {
            header.append(String.format(Locale.ROOT, " %-22s", "eps = " + e));
          }
          out.printf(Locale.ROOT, "%n%s, theta = %s%n%s%n", noise.name().toLowerCase(Locale.ROOT), theta,
              header.toString().stripTrailing());
        }
        for (UniformScheme s : UniformScheme.values()) {
          SchemeAccountant accountant = new SchemeAccountant(s, TABLE3_SIZES[0], TABLE3_SIZES[1], TABLE3_SIZES[2],
              noise, theta, 1, false);
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s", s.id()));
          for (double e : TABLE3_EPSILONS) {
            MustAmplification.Amplified a = accountant.once(e);
            if (json) {
              ObjectNode row = rows.addObject();
              row.put("noise", noise.name().toLowerCase(Locale.ROOT));
              row.put("theta", theta);
              row.put("scheme", s.id());
              row.put("baseEpsilon", e);
              row.put("epsilon", a.epsilon());
              row.put("delta", a.delta());
              row.put("eta", a.eta());
            } else {
              line.append(String.format(Locale.ROOT, " %-22s", String.format(Locale.ROOT, "%.4f / %.3e", a.epsilon(),
                  a.delta())));
            }
          }
          if (!json) {
            out.println(line.toString().stripTrailing());
          }
        }
      }
    }
    if (json) {
      ObjectNode node = JSON.createObjectNode();
      node.put("population", TABLE3_SIZES[0]);
      node.put("stage1Size", TABLE3_SIZES[1]);
      node.put("sampleSize", TABLE3_SIZES[2]);
      node.set("rows", rows);
      out.println(node);
    }
  }

  /** A number, or null where it is unbounded (JSON has no infinity). */
  private static void put(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, value);
    } else {
      node.putNull(name);
    }
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the calculator; failures are one line on {@code err} with a non-zero code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cli = new CommandLine(new PrivacyCalculator());
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setParameterExceptionHandler((e, arguments) -> {
      err.println("pais-privacy: " + e.getMessage() + " (pais-privacy --help lists the subcommands)");
      return 2;
    });
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      err.println("pais-privacy: " + FailureReport.oneLine(e));
      return FailureReport.exitCode(e);
    });
    return cli.execute(args);
  }
}
