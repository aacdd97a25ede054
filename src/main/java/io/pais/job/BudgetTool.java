package io.pais.job;

import io.pais.io.FailureReport;
import io.pais.budget.BudgetEntry;
import io.pais.budget.BudgetLedger;
import io.pais.budget.BudgetStatus;
import io.pais.budget.BudgetStatusJson;
import io.pais.accounting.Relation;
import io.pais.io.ReleaseWriter;
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
        + "(epsilon, delta) from it first. Releases compose by basic sequential composition under the ledger's "
        + "neighbouring relation.",
    subcommands = {BudgetTool.Create.class, BudgetTool.Show.class, BudgetTool.Return.class, BudgetTool.SetTotal.class})
public final class BudgetTool implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private PrintStream out = System.out;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: create, show, return or "
        + "set-total");
  }

  /** The ledger options every subcommand shares. */
  static final class LedgerPath {
    @Parameters(index = "0", paramLabel = "PATH", description = "the ledger (any Hadoop path)")
    String path;

    @Option(names = ReleaseWriter.NON_ATOMIC_FLAG, description = "accept a ledger on a file system without atomic "
        + "rename (object stores): racing releases could then both claim the last of the budget")
    boolean allowNonAtomicRename;

    BudgetLedger open() {
      return BudgetLedger.open(path, new Configuration(), allowNonAtomicRename);
    }
  }

  @Command(name = "create", mixinStandardHelpOptions = true,
      description = "Makes a ledger at PATH (any Hadoop path where nothing exists yet) with a total budget.")
  static final class Create implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @CommandLine.Mixin
    LedgerPath ledger;

    @Option(names = "--total-epsilon", required = true, description = "the total epsilon all releases may spend")
    double totalEpsilon;

    @Option(names = "--total-delta", defaultValue = "0", description = "the total delta (default: 0, pure DP)")
    double totalDelta;

    @Option(names = "--relation", defaultValue = "add-remove", description = "the neighbouring relation the "
        + "releases compose under: add-remove (default; a release that publishes N, a fixed-size uniform scheme, is "
        + "refused) or substitution (an add/remove release then counts 2 epsilon)")
    String relation;

    @Override
    public Integer call() {
      Relation parsed = BudgetLedger.parseRelation(relation);
      if (parsed == null) {
        throw new IllegalArgumentException("--relation must be add-remove or substitution, got '" + relation + "'");
      }
      BudgetLedger.create(ledger.path, totalEpsilon, totalDelta, parsed, new Configuration(),
          ledger.allowNonAtomicRename);
      tool.out.printf(Locale.ROOT, "pais-budget: ledger %s made: total epsilon = %s, delta = %s, composed under %s%n",
          ledger.path, totalEpsilon, totalDelta, BudgetLedger.relationId(parsed));
      return 0;
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Prints the total, spent and remaining budget and one line per claim: its state (claimed, "
          + "reading, published, failed, returned), time, amount and output.")
  static final class Show implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @CommandLine.Mixin
    LedgerPath ledger;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Override
    public Integer call() {
      BudgetStatus status = ledger.open().read();
      if (json) {
        tool.out.println(BudgetStatusJson.text(ledger.path, status));
      } else {
        print(status);
      }
      return 0;
    }

    private void print(BudgetStatus status) {
      PrintStream o = tool.out;
      o.printf(Locale.ROOT, "ledger     %s (composed under %s)%n", ledger.path,
          BudgetLedger.relationId(status.relation()));
      o.printf(Locale.ROOT, "total      epsilon = %-12s delta = %s%n", status.totalEpsilon(), status.totalDelta());
      o.printf(Locale.ROOT, "spent      epsilon = %-12s delta = %s%n", status.spentEpsilon(), status.spentDelta());
      o.printf(Locale.ROOT, "remaining  epsilon = %-12s delta = %s%n", status.remainingEpsilon(),
          status.remainingDelta());
      for (BudgetEntry e : status.entries()) {
        if (e.kind() == BudgetEntry.Kind.TOTAL) {
          o.printf(Locale.ROOT, "total set  %s  epsilon = %-10s delta = %-8s (%s)%n", e.time(), e.epsilon(),
              e.delta(), e.details().path("reason").asText(""));
        } else if (e.kind() == BudgetEntry.Kind.CLAIM) {
          BudgetStatus.ClaimState state = status.state(e.sequence());
          o.printf(Locale.ROOT, "claim %-4d %s  epsilon = %-10s delta = %-8s %-9s %s  %s%n", e.sequence(), e.time(),
              e.epsilon(), e.delta(), state.id(), BudgetStatusJson.since(status, e.sequence(), state),
              e.details().path("output").asText(e.details().path("release").asText("")));
        }
      }
    }
  }

  @Command(name = "return", mixinStandardHelpOptions = true,
      description = "Gives back a claim whose run never started reading data (state claimed: the run was killed "
          + "or failed before it read). A claim that reached reading is spent for good.")
  static final class Return implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @CommandLine.Mixin
    LedgerPath ledger;

    @Parameters(index = "1", paramLabel = "CLAIM", description = "the claim's number (pais-budget show lists them)")
    long claim;

    @Option(names = "--reason", defaultValue = "returned by its owner: the run never read data",
        description = "why, recorded in the ledger")
    String reason;

    @Override
    public Integer call() {
      BudgetLedger opened = ledger.open();
      opened.giveBack(claim, reason);
      BudgetStatus now = opened.read();
      tool.out.printf(Locale.ROOT, "pais-budget: claim %d returned; remaining epsilon = %s, delta = %s%n", claim,
          now.remainingEpsilon(), now.remainingDelta());
      return 0;
    }
  }

  @Command(name = "set-total", mixinStandardHelpOptions = true,
      description = "Raises or lowers the total budget, recorded in the ledger with the reason (never below what "
          + "is spent). budget.json keeps the total the ledger was made with.")
  static final class SetTotal implements Callable<Integer> {
    @CommandLine.ParentCommand
    BudgetTool tool;

    @CommandLine.Mixin
    LedgerPath ledger;

    @Option(names = "--total-epsilon", required = true, description = "the new total epsilon")
    double totalEpsilon;

    @Option(names = "--total-delta", description = "the new total delta (default: unchanged)")
    Double totalDelta;

    @Option(names = "--reason", required = true, description = "why the total changes, recorded in the ledger")
    String reason;

    @Override
    public Integer call() {
      BudgetLedger opened = ledger.open();
      double delta = totalDelta != null ? totalDelta : opened.read().totalDelta();
      opened.setTotal(totalEpsilon, delta, reason);
      BudgetStatus now = opened.read();
      tool.out.printf(Locale.ROOT, "pais-budget: total set to epsilon = %s, delta = %s; remaining epsilon = %s, "
          + "delta = %s%n", now.totalEpsilon(), now.totalDelta(), now.remainingEpsilon(), now.remainingDelta());
      return 0;
    }
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
