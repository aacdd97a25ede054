package io.pais.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.budget.BudgetEntry;
import io.pais.budget.BudgetLedger;
import io.pais.budget.BudgetStatus;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pais-budget}: makes a budget ledger with a total (ε, δ) and shows what its releases spent. No Spark: the
 * ledger is files on a Hadoop file system (the Hadoop configuration on the classpath and in HADOOP_CONF_DIR).
 */
@Command(name = "pais-budget", mixinStandardHelpOptions = true,
    description = "A privacy budget that lasts across releases: every release run with --budget-ledger claims its "
        + "(epsilon, delta) from it first. Releases compose by basic sequential composition.",
    subcommands = {BudgetTool.Create.class, BudgetTool.Show.class})
public final class BudgetTool implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private PrintStream out = System.out;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: create or show");
  }

  @Command(name = "create", mixinStandardHelpOptions = true,
      description = "Makes a ledger at PATH (any Hadoop path where nothing exists yet) with a total budget.")
  static final class Create implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @Option(names = "--total-epsilon", required = true, description = "the total epsilon all releases may spend")
    double totalEpsilon;

    @Option(names = "--total-delta", defaultValue = "0", description = "the total delta (default: 0, pure DP)")
    double totalDelta;

    @Parameters(paramLabel = "PATH", description = "where the ledger goes")
    String path;

    @Override
    public Integer call() {
      BudgetLedger.create(path, totalEpsilon, totalDelta, new Configuration());
      tool.out.printf(Locale.ROOT, "pais-budget: ledger %s made: total epsilon = %s, delta = %s%n", path,
          totalEpsilon, totalDelta);
      return 0;
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Prints the total, spent and remaining budget and one line per release.")
  static final class Show implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Parameters(paramLabel = "PATH", description = "the ledger")
    String path;

    @Override
    public Integer call() throws Exception {
      BudgetStatus status = BudgetLedger.open(path, new Configuration()).read();
      if (json) {
        tool.out.println(JSON.writeValueAsString(toJson(path, status)));
      } else {
        print(status);
      }
      return 0;
    }

    private void print(BudgetStatus status) {
      PrintStream o = tool.out;
      o.printf(Locale.ROOT, "ledger     %s%n", path);
      o.printf(Locale.ROOT, "total      epsilon = %-12s delta = %s%n", status.totalEpsilon(), status.totalDelta());
      o.printf(Locale.ROOT, "spent      epsilon = %-12s delta = %s%n", status.spentEpsilon(), status.spentDelta());
      o.printf(Locale.ROOT, "remaining  epsilon = %-12s delta = %s%n", status.remainingEpsilon(),
          status.remainingDelta());
      for (BudgetEntry claim : claims(status)) {
        o.printf(Locale.ROOT, "claim %-4d %s  epsilon = %-10s delta = %-8s %-9s %s%n", claim.sequence(),
            claim.time(), claim.epsilon(), claim.delta(), state(status, claim),
            claim.details().path("output").asText(""));
      }
    }
  }

  private static Iterable<BudgetEntry> claims(BudgetStatus status) {
    return status.entries().stream().filter(e -> e.kind() == BudgetEntry.Kind.CLAIM).toList();
  }

  /** released (published), returned (given back), or spent (read data; running, or failed after reading). */
  private static String state(BudgetStatus status, BudgetEntry claim) {
    return status.returned(claim.sequence()) ? "returned"
        : status.releaseOf(claim.sequence()) != null ? "released" : "spent";
  }

  static ObjectNode toJson(String path, BudgetStatus status) {
    ObjectNode out = JSON.createObjectNode();
    out.put("ledger", path);
    out.putObject("total").put("epsilon", status.totalEpsilon()).put("delta", status.totalDelta());
    out.putObject("spent").put("epsilon", status.spentEpsilon()).put("delta", status.spentDelta());
    out.putObject("remaining").put("epsilon", status.remainingEpsilon()).put("delta", status.remainingDelta());
    out.put("composition", "basic sequential composition of (epsilon, delta)");
    ArrayNode releases = out.putArray("releases");
    for (BudgetEntry claim : claims(status)) {
      ObjectNode r = releases.addObject();
      r.put("claim", claim.sequence());
      r.put("time", claim.time());
      r.put("epsilon", claim.epsilon());
      r.put("delta", claim.delta());
      r.put("state", state(status, claim));
      r.set("details", claim.details());
      BudgetEntry release = status.releaseOf(claim.sequence());
      if (release != null) {
        r.set("release", release.details());
      }
    }
    return out;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the tool; failures are one line on {@code err} with a non-zero code. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    BudgetTool tool = new BudgetTool();
    tool.out = out;
    CommandLine cli = new CommandLine(tool);
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setParameterExceptionHandler((e, arguments) -> {
      err.println("pais-budget: " + e.getMessage() + " (pais-budget --help lists the subcommands)");
      return 2;
    });
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      err.println("pais-budget: " + FailureReport.oneLine(e));
      return FailureReport.exitCode(e);
    });
    return cli.execute(args);
  }
}
