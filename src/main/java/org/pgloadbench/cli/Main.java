package org.pgloadbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.concurrent.Callable;
import org.pgloadbench.dataset.DataFileException;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.server.ServerException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The command line. {@link #run} is the whole program and returns an {@link ExitCode}; only {@link
 * #main} exits. A command is a {@code Callable<Integer>} whose {@code @Command} gives its name and
 * usage and whose {@code call} runs it and returns its exit code; a new command is one such class
 * listed in {@code subcommands}, a new option one annotated field. Every command inherits {@code
 * --help} and {@code --version} ({@link Revision}) from here.
 */
@Command(
    name = "pgloadbench",
    scope = ScopeType.INHERIT,
    mixinStandardHelpOptions = true,
    versionProvider = Revision.class,
    description = "Benchmark harness for PostgreSQL bulk-load strategies.",
    subcommands = {
      BenchCommand.class,
      PlanCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      CommentCommand.class,
      ReproduceCommand.class,
      DumpCommand.class,
      OverheadCommand.class,
      ScalingCommand.class,
      RecommendCommand.class,
      SchemaCommand.class,
      HistoryCommand.class,
      PublishCommand.class,
      GroupReportCommand.class
    })
public final class Main implements Callable<Integer> {
  @Spec CommandSpec spec;

  public static void main(String[] args) {
    Charset charset = Charset.defaultCharset();
    System.exit(
        run(
            new PrintWriter(System.out, true, charset),
            new PrintWriter(System.err, true, charset),
            args));
  }

  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(e -> ExitCode.USAGE);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler(Main::badUsage);
    cli.setExecutionExceptionHandler((e, command, parsed) -> failure(e, err));
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /** No command given. */
  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(),
        "a command is needed: " + String.join(", ", spec.subcommands().keySet()));
  }

  private static int badUsage(ParameterException e, String[] args) {
    String message = e.getMessage().replaceAll("\\s+", " ").strip();
    String command = e.getCommandLine().getCommandSpec().qualifiedName();
    e.getCommandLine().getErr().println("pgloadbench: " + message + "; see " + command + " --help");
    return ExitCode.USAGE;
  }

  private static int failure(Exception e, PrintWriter err) {
    if (e instanceof ScenarioException
        || e instanceof ServerException
        || e instanceof DataFileException) {
      err.println(e.getMessage());
      return ExitCode.USAGE;
    }
    if (e instanceof IOException) {
      err.println("pgloadbench: " + e.getMessage());
      return ExitCode.FAILED;
    }
    err.println(
        "pgloadbench: internal error: " + e + " (set PGLOADBENCH_DEBUG=1 for the stack trace)");
    if (System.getenv("PGLOADBENCH_DEBUG") != null) {
      e.printStackTrace(err);
    }
    return ExitCode.FAILED;
  }
}
